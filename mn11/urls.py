"""Magic Number Eleven's pages (its ruleset names this module): the draft's, match day's,
the reports' and the season's discipline (the core's ``team`` and ``fixture`` addresses hand
over to views.team_page and views.fixture_page)."""

from django.urls import path

from mn11 import views

urlpatterns = [
    path("mn11/seasons/<int:pk>/draft/", views.draft_page, name="mn11-draft"),
    path("mn11/seasons/<int:pk>/draft/state/", views.draft_state, name="mn11-draft-state"),
    path("mn11/seasons/<int:pk>/draft/pick/", views.draft_pick, name="mn11-draft-pick"),
    path(
        "mn11/fixtures/<int:pk>/match-day/",
        views.fixture_match_day,
        name="mn11-fixture-match-day",
    ),
    path("mn11/fixtures/<int:pk>/away-set/", views.away_set, name="mn11-fixture-away-set"),
    path("mn11/fixtures/<int:pk>/gk/", views.gk_pick, name="mn11-fixture-gk"),
    path("mn11/fixtures/<int:pk>/lineup/", views.lineup, name="mn11-fixture-lineup"),
    path("mn11/fixtures/<int:pk>/report/", views.fixture_report, name="mn11-fixture-report"),
    path("mn11/seasons/<int:pk>/discipline/", views.discipline, name="mn11-season-discipline"),
]
