"""An Arenaball league's parts catalogue (A-T5): the parts its designs name by key."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView
from api.schema import read_errors
from arenaball.api.access import arena_league
from arenaball.api.serializers import PartSerializer
from arenaball.catalogue import league_parts


class LeaguePartListView(ApiView):
    OutputSerializer = PartSerializer

    @extend_schema(
        summary="An Arenaball league's parts catalogue",
        description="Every part a design may fit, by key (the shipped ones and the "
        "commissioner's own), in the catalogue's order (kind, then name). A figure no "
        "published table gives is null until the commissioner enters it.",
        responses={200: PartSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = arena_league(user=request.user, league_id=league_id)
        parts = sorted(league_parts(league=league).values(), key=lambda p: (p.kind, p.name))
        return Response(self.OutputSerializer(parts, many=True).data)
