"""Magic Number Eleven's API routes (its ruleset names this module; mounted at /api/v1/ inside
the "api" namespace)."""

from __future__ import annotations

from django.urls import path

from api.views import mn11_draft

urlpatterns = [
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
