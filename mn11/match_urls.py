"""Magic Number Eleven's match pages: match day, the report form and the season's
discipline (the core's ``team`` and ``fixture`` addresses hand over to views.team_page and
views.fixture_page)."""

from django.urls import path

from mn11 import views

urlpatterns = [
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
