from django.urls import path

from league.honours import views

urlpatterns = [
    path("leagues/<slug:slug>/hall-of-fame/", views.hall_of_fame, name="hall-of-fame"),
    path("leagues/<slug:league>/<slug:season>/mvp/", views.mvp_vote, name="mvp-vote"),
]
