from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from league import account_views, season_views, story_views, views
from league.odds import views as odds_views
from league.rulesets import rulesets
from league.signup.forms import SignInForm

urlpatterns = [
    path("", views.home, name="home"),
    # Before Django's own: setting a password goes through the audited service.
    path(
        "accounts/reset/<uidb64>/<token>/",
        account_views.PasswordSetView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password_reset/",
        account_views.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password_change/",
        account_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    # Coaches who sign up (league/signup): sign-in refuses an account not verified yet.
    path("accounts/login/", auth_views.LoginView.as_view(form_class=SignInForm), name="login"),
    path("", include("league.signup.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("", include("api.web_urls")),
    path("", include("league.webhooks.urls")),  # a user's webhooks (docs/data.md)
    path("signed-in/", views.signed_in, name="signed-in"),
    path("my/", views.my_teams, name="my-teams"),
    path("leagues/<slug:slug>/", views.league_page, name="league"),
    # A team's and a fixture's page: the core's addresses, shown by the team's game.
    path("teams/<int:pk>/", views.team_page, name="team"),
    path("teams/<int:pk>/history/", story_views.team_history, name="team-history"),
    path("teams/<int:pk>/rating/", odds_views.team_rating, name="team-rating"),
    path("teams/<int:pk>/rating.svg", odds_views.team_rating_chart, name="team-rating-chart"),
    # The league's story, before its seasons' addresses (a season slug may not shadow them).
    path("leagues/<slug:slug>/graveyard/", story_views.graveyard, name="graveyard"),
    path("leagues/<slug:slug>/head-to-head/", story_views.head_to_head, name="head-to-head"),
    # Honours: the hall of fame and a season's MVP vote (league/honours).
    path("", include("league.honours.urls")),
    path("", include("league.arranging.urls")),  # a fixture's kick-off agreed (issue #50)
    path("fixtures/<int:pk>/", views.fixture_page, name="fixture"),
    # A season's pages, the same for every game.
    path("leagues/<slug:league>/<slug:season>/", season_views.season_home, name="season"),
    path(
        "leagues/<slug:league>/<slug:season>/standings/", season_views.standings, name="standings"
    ),
    path("leagues/<slug:league>/<slug:season>/fixtures/", season_views.fixtures, name="fixtures"),
    path("leagues/<slug:league>/<slug:season>/odds/", odds_views.season_odds, name="season-odds"),
    path(
        "leagues/<slug:league>/<slug:season>/groups/",
        season_views.tournament_groups,
        name="tournament-groups",
    ),
    path(
        "leagues/<slug:league>/<slug:season>/bracket/",
        season_views.tournament_bracket,
        name="tournament-bracket",
    ),
    path(
        "leagues/<slug:league>/<slug:season>/fixtures.ics",
        season_views.fixtures_ical,
        name="fixtures-ical",
    ),
    # Each installed game's pages, named by its ruleset (imports point one way: the core
    # includes them by name and never imports a game).
    *(path("", include(module)) for ruleset in rulesets() for module in ruleset.urls),
]

# Outages (the database or Redis away) answer 503 with Retry-After, in JSON under /api/.
handler500 = "league.outage.server_error"
