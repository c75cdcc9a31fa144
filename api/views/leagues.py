"""Leagues, seasons, a season's standings and its fixtures."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from api import selectors
from api.access import get_visible
from api.base import ApiListView, ApiRetrieveView, ApiView
from api.filters import WholeNumberFilter
from api.schema import NamedChoiceField, list_errors, read_errors
from api.season_rules import SeasonRulesField
from api.serializers import TeamRefSerializer
from api.views.fixtures import FixtureListView
from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.honours.form import OUTCOME_WORDS, FormResult, season_form
from league.models import Division, Fixture, League, Round, Season, StandingRow
from league.rulesets import ruleset_for
from league.selectors.divisions import division_tables
from league.selectors.standings import StandingsCounts, standings_counts, standings_for_season


class LeagueOutputSerializer(serializers.ModelSerializer[League]):
    class Meta:
        model = League
        fields = ["id", "name", "slug", "ruleset", "description", "is_public", "created_at"]
        ref_name = "League"


@extend_schema(
    summary="The leagues you may read",
    responses={200: LeagueOutputSerializer, **list_errors()},
)
class LeagueListView(ApiListView[League]):
    OutputSerializer = LeagueOutputSerializer
    serializer_class = OutputSerializer
    queryset = League.objects.none()
    filterset_fields = ["ruleset", "is_public"]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self) -> QuerySet[League]:
        return selectors.leagues(user=self.request.user)


@extend_schema(summary="One league", responses={200: LeagueOutputSerializer, **read_errors()})
class LeagueDetailView(ApiRetrieveView[League]):
    OutputSerializer = LeagueOutputSerializer
    serializer_class = OutputSerializer
    queryset = League.objects.none()

    def get_queryset(self) -> QuerySet[League]:
        return selectors.leagues(user=self.request.user)


class DivisionSerializer(serializers.ModelSerializer[Division]):
    teams = serializers.SerializerMethodField(
        help_text="The ids of the division's teams in its table order (its leader first)."
    )

    class Meta:
        model = Division
        fields = ["id", "name", "slug", "order", "teams"]
        ref_name = "Division"
        extra_kwargs = {
            "name": {"help_text": "The division's (or conference's) name, e.g. “North”."},
            "slug": {"help_text": "The name in a URL, unique in the season."},
            "order": {"help_text": "Where its table comes on the standings page (1 first)."},
        }

    def get_teams(self, division: Division) -> list[int]:
        rows = sorted(division.rows.all(), key=lambda row: (row.position or 10_000, row.team_id))
        return [row.team_id for row in rows]


class SeasonOutputSerializer(serializers.ModelSerializer[Season]):
    status = NamedChoiceField(choices=Season.Status.choices, enum_name="SeasonStatus")
    format = NamedChoiceField(
        choices=Season.Format.choices,
        enum_name="SeasonFormat",
        help_text="A tournament's groups and bracket: /api/v1/tournaments/{id}/.",
    )
    rules = SeasonRulesField()
    divisions = DivisionSerializer(
        many=True,
        read_only=True,
        help_text="A league season's divisions (or conferences), each with its own table; "
        "empty when the season plays as one table. Their settings: division_meetings, "
        "cross_division_meetings, wild_cards.",
    )

    class Meta:
        model = Season
        fields = [
            "id",
            "league",
            "name",
            "slug",
            "format",
            "status",
            "starts_on",
            "double_round_robin",
            "days_between_rounds",
            "playoff_teams",
            "division_meetings",
            "cross_division_meetings",
            "wild_cards",
            "divisions",
            "champion",
            "started_at",
            "finished_at",
            "created_at",
            "rules",
        ]
        ref_name = "Season"


class SeasonFilter(django_filters.FilterSet):
    league = WholeNumberFilter(field_name="league_id")

    class Meta:
        model = Season
        fields = ["league", "status"]


@extend_schema(summary="Seasons", responses={200: SeasonOutputSerializer, **list_errors()})
class SeasonListView(ApiListView[Season]):
    OutputSerializer = SeasonOutputSerializer
    serializer_class = OutputSerializer
    queryset = Season.objects.none()
    filterset_class = SeasonFilter
    ordering_fields = ["created_at", "name", "starts_on"]

    def get_queryset(self) -> QuerySet[Season]:
        return selectors.seasons(user=self.request.user)


@extend_schema(
    summary="One season with its rules", responses={200: SeasonOutputSerializer, **read_errors()}
)
class SeasonDetailView(ApiRetrieveView[Season]):
    OutputSerializer = SeasonOutputSerializer
    serializer_class = OutputSerializer
    queryset = Season.objects.none()

    def get_queryset(self) -> QuerySet[Season]:
        return selectors.seasons(user=self.request.user)


class FormResultSerializer(serializers.Serializer[FormResult]):
    outcome = serializers.ChoiceField(
        choices=list(OUTCOME_WORDS.items()),
        help_text="W won, OTW won in overtime (or by the game's tie-break, e.g. a shootout), "
        "D drawn, OTL lost in overtime (or by the tie-break), L lost.",
    )
    fixture = serializers.IntegerField(source="fixture_id", help_text="The fixture's id.")
    round = serializers.IntegerField(source="round_number", help_text="Its round's number.")
    opponent = serializers.IntegerField(source="opponent_id", help_text="The opponent's team id.")
    home = serializers.BooleanField(help_text="Whether the team was at home.")
    score_for = serializers.IntegerField(help_text="The team's score.")
    score_against = serializers.IntegerField(help_text="The opponent's score.")
    title = serializers.CharField(help_text="The result in words, as the standings page says it.")

    class Meta:
        ref_name = "FormResult"


def standings_row_context(*, season: Season) -> dict[str, Any]:
    """What a standings row's serializer reads of its season: the form guide, the game's own
    tie-breaker counts, and whether the game has overtime (its columns are shown only then)."""
    return {
        "form": season_form(season=season),
        "counts": standings_counts(season=season),
        "overtime": capability(ruleset_for(season.league), TableExtras).overtime,
    }


class SeasonStandingsView(ApiView):
    """The table in order (by its game's points), each row with the tie-breakers that placed it, its
    form guide (the last five results, oldest first) and its current streak. In a season in
    divisions each row also names its division and its place in that division's table: group
    the rows by `division` for the divisions' tables."""

    class OutputSerializer(serializers.ModelSerializer[StandingRow]):
        team = TeamRefSerializer()
        score_difference = serializers.IntegerField()
        form = serializers.SerializerMethodField(
            help_text="The team's last five results of the season (regular season and "
            "playoffs), oldest first; empty before its first game."
        )
        streak = serializers.SerializerMethodField(
            help_text="The current run: W3 three wins in a row (W or OTW), L2 two losses (L or "
            "OTL), D1 a draw; empty before the first game."
        )

        @extend_schema_field(FormResultSerializer(many=True))
        def get_form(self, row: StandingRow) -> list[dict[str, object]]:
            form = self.context["form"].get(row.team_id)
            if form is None:
                return []
            # many=True gives a list; the stubs type one instance.
            return FormResultSerializer(form.last, many=True).data  # type: ignore[return-value]

        def get_streak(self, row: StandingRow) -> str:
            form = self.context["form"].get(row.team_id)
            return "" if form is None else str(form.streak)

        division: serializers.PrimaryKeyRelatedField[Division] = serializers.PrimaryKeyRelatedField(
            read_only=True,
            allow_null=True,
            help_text="The id of the team's division (the season's `divisions`); null when "
            "the season has none.",
        )
        division_position = serializers.SerializerMethodField(
            help_text="The team's place in its division's table (the season's table order "
            "among the division's teams); null without divisions."
        )

        def get_division_position(self, row: StandingRow) -> int | None:
            positions: dict[int, int] = self.context.get("division_positions", {})
            return positions.get(row.team_id)

        won_overtime = serializers.IntegerField(
            required=False,
            help_text="Wins in overtime (or by the game's tie-break, e.g. a shootout); only for "
            "a game that has overtime (its `won` counts every win otherwise).",
        )
        lost_overtime = serializers.IntegerField(
            required=False,
            help_text="Losses in overtime (or a shootout); only for a game that has overtime.",
        )
        counts = serializers.SerializerMethodField(
            help_text="The game's own tie-breaker counts over the regular season, by key, as "
            "the table adds them up (e.g. `kills`); empty for a game with none."
        )

        def get_counts(self, row: StandingRow) -> dict[str, int]:
            counts: StandingsCounts = self.context["counts"]
            return counts.of(row.team_id)

        def to_representation(self, instance: StandingRow) -> dict[str, Any]:
            data: dict[str, Any] = super().to_representation(instance)
            if not self.context["overtime"]:  # the game's own columns only
                data.pop("won_overtime")
                data.pop("lost_overtime")
            return data

        class Meta:
            model = StandingRow
            fields = [
                "position",
                "team",
                "played",
                "won",
                "won_overtime",
                "drawn",
                "lost_overtime",
                "lost",
                "score_for",
                "score_against",
                "score_difference",
                "points",
                "counts",
                "explanation",
                "form",
                "streak",
                "division",
                "division_position",
            ]
            ref_name = "StandingRow"

    @extend_schema(
        summary="A season's standings with the tie-breaker explanations",
        responses={200: OutputSerializer(many=True), **read_errors()},
    )
    def get(self, request: Request, season_id: int) -> Response:
        season = get_visible(
            Season.objects.all(), league_path="league", user=request.user, pk=season_id
        )
        rows = list(standings_for_season(season=season))
        positions = {
            row.team_id: number
            for table in division_tables(season=season, rows=rows)
            for number, row in enumerate(table.rows, start=1)
        }
        context = {**standings_row_context(season=season), "division_positions": positions}
        return Response(self.OutputSerializer(rows, many=True, context=context).data)


class SeasonFixtureFilter(django_filters.FilterSet):
    round = WholeNumberFilter(
        field_name="round__number", max_value=32767, help_text="Round number."
    )
    stage = django_filters.ChoiceFilter(field_name="round__stage", choices=Round.Stage.choices)

    class Meta:
        model = Fixture
        fields = ["round", "stage", "status"]


@extend_schema(summary="A season's fixtures (filter by round and status)")
class SeasonFixtureListView(FixtureListView):
    filterset_class = SeasonFixtureFilter

    def get_queryset(self) -> QuerySet[Fixture]:
        queryset = super().get_queryset()
        if getattr(self, "swagger_fake_view", False):
            return queryset
        season = get_visible(
            Season.objects.all(),
            league_path="league",
            user=self.request.user,
            pk=self.kwargs["season_id"],
        )
        return queryset.filter(round__season=season)
