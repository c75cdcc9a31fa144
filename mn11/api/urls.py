"""Magic Number Eleven's API routes (its ruleset names this module; mounted at /api/v1/ inside
the "api" namespace)."""

from __future__ import annotations

from django.urls import URLPattern, path

from mn11.api.views import draft, matches

urlpatterns: list[URLPattern] = []

# --- the Star Player draft (mn11/api/views/draft.py) -----------------------------------------
urlpatterns += [
    path(
        "mn11/seasons/<int:season_id>/draft/",
        draft.DraftView.as_view(),
        name="mn11-season-draft",
    ),
    path(
        "mn11/seasons/<int:season_id>/draft/picks/",
        draft.DraftPickView.as_view(),
        name="mn11-season-draft-picks",
    ),
    path(
        "mn11/seasons/<int:season_id>/draft/start/",
        draft.DraftStartView.as_view(),
        name="mn11-season-draft-start",
    ),
]

# --- match day, results and discipline (mn11/api/views/matches.py) ---------------------------
urlpatterns += [
    path(
        "mn11/fixtures/<int:fixture_id>/",
        matches.Mn11FixtureView.as_view(),
        name="mn11-fixture",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/away-set/",
        matches.AwaySetView.as_view(),
        name="mn11-fixture-away-set",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/gk/",
        matches.GkPickView.as_view(),
        name="mn11-fixture-gk",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/lineup/",
        matches.LineupView.as_view(),
        name="mn11-fixture-lineup",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/result/",
        matches.Mn11ResultView.as_view(),
        name="mn11-fixture-result",
    ),
    path(
        "mn11/seasons/<int:season_id>/discipline/",
        matches.SeasonDisciplineView.as_view(),
        name="mn11-season-discipline",
    ),
]
