"""A tournament (a season of format "tournament", docs/seasons.md): its shape and field, its
groups with their tables, and its knockout bracket. Reads only: a commissioner runs the
tournament in the admin."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api.access import ApiUser, get_visible
from api.base import ApiView
from api.schema import NamedChoiceField, read_errors
from api.serializers import TeamRefSerializer
from api.views.leagues import SeasonStandingsView, standings_row_context
from league.models import Season, StandingRow
from league.selectors.tournaments import (
    BracketGame,
    BracketRound,
    BracketSlot,
    knockout_bracket,
    tournament_groups,
)


def _tournament(*, user: ApiUser, tournament_id: int) -> Season:
    """A tournament the user may read; a league season's id is not found here."""
    return get_visible(
        Season.objects.filter(format=Season.Format.TOURNAMENT).select_related("league"),
        league_path="league",
        user=user,
        pk=tournament_id,
    )


class EntrySerializer(serializers.ModelSerializer[StandingRow]):
    team = TeamRefSerializer()
    group = serializers.CharField(source="group.name", allow_null=True, default=None)
    guest = serializers.SerializerMethodField(help_text="A guest team created for it.")

    class Meta:
        model = StandingRow
        fields = ["team", "seed", "group", "bracket_seed", "guest"]
        ref_name = "TournamentEntry"

    def get_guest(self, row: StandingRow) -> bool:
        return row.team.guest_of_id == row.season_id


class TournamentDetailView(ApiView):
    """The tournament's shape and state, and its field by seed."""

    class OutputSerializer(serializers.ModelSerializer[Season]):
        status = NamedChoiceField(choices=Season.Status.choices, enum_name="SeasonStatus")
        entries = serializers.SerializerMethodField()

        class Meta:
            model = Season
            fields = [
                "id",
                "league",
                "name",
                "slug",
                "status",
                "starts_on",
                "days_between_rounds",
                "double_round_robin",
                "group_count",
                "group_qualifiers",
                "counts_for_careers",
                "draw_seed",
                "champion",
                "entries",
            ]
            ref_name = "Tournament"

        @extend_schema_field(EntrySerializer(many=True))
        def get_entries(self, season: Season) -> list[dict[str, object]]:
            rows = (
                StandingRow.objects.filter(season=season)
                .select_related("team", "group")
                .order_by("seed", "team__name")
            )
            return list(EntrySerializer(rows, many=True).data)

    @extend_schema(
        summary="A tournament: its groups and knockout format and its field",
        responses={200: OutputSerializer, **read_errors()},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(user=request.user, tournament_id=tournament_id)
        return Response(self.OutputSerializer(tournament).data)


class TournamentGroupsView(ApiView):
    """Each group with its table in order (by its game's points), placed by the league's
    tie-breakers within the group; `qualifies` marks the teams that go through to the knockout."""

    class GroupSerializer(serializers.Serializer[dict[str, Any]]):
        number = serializers.IntegerField()
        name = serializers.CharField()
        qualifiers = serializers.IntegerField(help_text="The top N of the table go through.")
        standings = SeasonStandingsView.OutputSerializer(many=True)

        class Meta:
            ref_name = "TournamentGroup"

    @extend_schema(
        summary="A tournament's groups with their standings",
        responses={200: GroupSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(user=request.user, tournament_id=tournament_id)
        groups = [
            {
                "number": table.group.number,
                "name": table.group.name,
                "qualifiers": table.qualifiers,
                "standings": table.rows,
            }
            for table in tournament_groups(season=tournament)
        ]
        context = standings_row_context(season=tournament)  # form guide, streak, counts
        return Response(self.GroupSerializer(groups, many=True, context=context).data)  # type: ignore[arg-type]  # many=True takes a list; the stubs type one instance


class BracketSideSerializer(serializers.Serializer[BracketSlot]):
    team = TeamRefSerializer(allow_null=True)
    seed = serializers.IntegerField(allow_null=True)
    score = serializers.IntegerField(allow_null=True)
    won = serializers.BooleanField()
    comes_from = serializers.CharField(
        source="source", help_text="Before it is known: the game its team comes from."
    )

    class Meta:
        ref_name = "BracketSide"


class BracketGameSerializer(serializers.Serializer[BracketGame]):
    number = serializers.IntegerField()
    fixture = serializers.IntegerField(source="fixture.pk", allow_null=True, default=None)
    home = BracketSideSerializer()
    away = BracketSideSerializer()
    overtime = serializers.BooleanField()
    by_seed = serializers.BooleanField(
        help_text="Level after overtime: decided for the higher seed."
    )

    class Meta:
        ref_name = "BracketGame"


class TournamentBracketView(ApiView):
    """The knockout by rounds, in bracket order (game j of a round meets the winners of games
    j and n+1-j of the round before); rounds still to come name where their teams come from.
    Empty before the knockout is drawn."""

    class RoundSerializer(serializers.Serializer[BracketRound]):
        name = serializers.CharField()
        round = serializers.IntegerField(source="round.number", allow_null=True, default=None)
        games = BracketGameSerializer(many=True)

        class Meta:
            ref_name = "BracketRound"

    @extend_schema(
        summary="A tournament's knockout bracket",
        responses={200: RoundSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(user=request.user, tournament_id=tournament_id)
        bracket = knockout_bracket(season=tournament)
        return Response(self.RoundSerializer(bracket, many=True).data)  # type: ignore[arg-type]  # many=True takes a list; the stubs type one instance
