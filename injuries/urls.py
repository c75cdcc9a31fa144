from django.urls import path

from injuries import views

urlpatterns = [
    path("players/<int:pk>/injured-list/", views.player_injured_list, name="player-injured-list"),
    path("players/<int:pk>/reactivate/", views.player_reactivate, name="player-reactivate"),
    path("injuries/<int:pk>/heal/", views.injury_heal, name="injury-heal"),
]
