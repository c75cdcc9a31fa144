"""Teams of any game (a game's own parts of a team, e.g. its players, are its API's)."""

from __future__ import annotations

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api import access, selectors
from api.base import ApiListView, ApiView
from api.filters import WholeNumberFilter
from api.schema import list_errors, read_errors
from league.models import Team


class TeamSerializer(serializers.ModelSerializer[Team]):
    coach = serializers.CharField(source="coach.username", allow_null=True, read_only=True)

    class Meta:
        model = Team
        fields = ["id", "league", "name", "short_name", "slug", "colour", "coach", "created_at"]
        ref_name = "Team"


class TeamFilter(django_filters.FilterSet):
    league = WholeNumberFilter(field_name="league_id")
    season = WholeNumberFilter(field_name="standings__season", distinct=True)

    class Meta:
        model = Team
        fields = ["league", "season"]


@extend_schema(summary="Teams", responses={200: TeamSerializer, **list_errors()})
class TeamListView(ApiListView[Team]):
    OutputSerializer = TeamSerializer
    serializer_class = OutputSerializer
    queryset = Team.objects.none()
    filterset_class = TeamFilter
    ordering_fields = ["name", "created_at"]

    def get_queryset(self) -> QuerySet[Team]:
        return selectors.teams(user=self.request.user)


class TeamDetailView(ApiView):
    OutputSerializer = TeamSerializer

    @extend_schema(summary="One team", responses={200: TeamSerializer, **read_errors()})
    def get(self, request: Request, team_id: int) -> Response:
        team = access.get_visible(
            selectors.teams(user=request.user), league_path="league", user=request.user, pk=team_id
        )
        return Response(self.OutputSerializer(team).data)
