from django.urls import path
from django.views.generic import RedirectView

from league.signup import views

urlpatterns = [
    path("accounts/sign-up/", views.sign_up, name="signup"),
    # The address issue #19 names, beside the site's other account pages under /accounts/.
    path("account/sign-up/", RedirectView.as_view(pattern_name="signup", permanent=True)),
    path("accounts/sign-up/sent/", views.sent, name="signup-sent"),
    path("accounts/verify/resend/", views.resend, name="signup-resend"),
    path("accounts/verify/<str:token>/", views.verify, name="signup-verify"),
    path("join/", views.open_leagues, name="signup-open-leagues"),
    path("my/requests/<int:pk>/withdraw/", views.withdraw, name="signup-withdraw"),
    # Before the league's and its seasons' addresses, which would take "join" as a season.
    path("leagues/<slug:slug>/join/", views.join, name="signup-join"),
    path(
        "leagues/<slug:slug>/join/<slug:season>/",
        views.join_season,
        name="signup-join-season",
    ),
]
