"""Magic Number Eleven's API routes (its ruleset names this module; mounted at /api/v1/ inside
the "api" namespace)."""

from __future__ import annotations

from django.urls import URLPattern, path

from api.views import mn11_draft, mn11_matches

urlpatterns: list[URLPattern] = []

# --- the Star Player draft (api/views/mn11_draft.py) -----------------------------------------
urlpatterns += [
    path(
        "mn11/seasons/<int:season_id>/draft/",
        mn11_draft.DraftView.as_view(),
        name="mn11-season-draft",
    ),
    path(
        "mn11/seasons/<int:season_id>/draft/picks/",
        mn11_draft.DraftPickView.as_view(),
        name="mn11-season-draft-picks",
    ),
    path(
        "mn11/seasons/<int:season_id>/draft/start/",
        mn11_draft.DraftStartView.as_view(),
        name="mn11-season-draft-start",
    ),
]

# --- match day, results and discipline (api/views/mn11_matches.py) ---------------------------
urlpatterns += [
    path(
        "mn11/fixtures/<int:fixture_id>/",
        mn11_matches.Mn11FixtureView.as_view(),
        name="mn11-fixture",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/away-set/",
        mn11_matches.AwaySetView.as_view(),
        name="mn11-fixture-away-set",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/gk/",
        mn11_matches.GkPickView.as_view(),
        name="mn11-fixture-gk",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/lineup/",
        mn11_matches.LineupView.as_view(),
        name="mn11-fixture-lineup",
    ),
    path(
        "mn11/fixtures/<int:fixture_id>/result/",
        mn11_matches.Mn11ResultView.as_view(),
        name="mn11-fixture-result",
    ),
    path(
        "mn11/seasons/<int:season_id>/discipline/",
        mn11_matches.SeasonDisciplineView.as_view(),
        name="mn11-season-discipline",
    ),
]
