from django.urls import path

from rosters import views

urlpatterns = [
    path("players/<int:pk>/rename/", views.player_rename, name="player-rename"),
    path("players/<int:pk>/swap/", views.player_swap, name="player-swap"),
    path("players/<int:pk>/picks/", views.player_picks, name="player-picks"),
    path("players/<int:pk>/enhancements/", views.player_fit, name="player-fit"),
    path("players/<int:pk>/release/", views.player_release, name="player-release"),
    path("teams/<int:pk>/call-up/", views.team_call_up, name="team-call-up"),
    path("enhancements/<int:pk>/remove/", views.enhancement_remove, name="enhancement-remove"),
]
