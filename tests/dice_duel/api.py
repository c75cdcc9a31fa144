"""The dice duel's API route (its ruleset's ``api_urls``, mounted under /api/v1/)."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView
from tests.dice_duel.game import duel_record


@extend_schema(exclude=True)
class DuelResultView(ApiView):
    """A coach of either side (or a commissioner) reports the rolls."""

    def post(self, request: Request, fixture_id: int) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        result = duel_record(fixture_id=fixture_id, report=body, actor=request.user)
        rolls = {"home_roll": result.home_score, "away_roll": result.away_score}
        return Response({"fixture": fixture_id, **rolls}, status=201)


urlpatterns = [
    path("duel/fixtures/<int:fixture_id>/result/", DuelResultView.as_view(), name="duel-result"),
]
