"""Fixtures of any game: the list, and one fixture with its result and what its game adds
(each installed ruleset's ``api_fixture_detail``). A game's own operations on its fixtures
are its API's (in its own ``api/views/``)."""

from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers

from api import selectors
from api.base import ApiListView, ApiRetrieveView
from api.filters import WholeNumberFilter
from api.schema import NamedChoiceField, list_errors, read_errors
from api.serializers import ResultSerializer, TeamRefSerializer, fixture_detail_parts
from league.models import Fixture, Round


class FixtureSerializer(serializers.ModelSerializer[Fixture]):
    season = serializers.IntegerField(source="round.season_id")
    round = serializers.IntegerField(source="round.number")
    round_label = serializers.SerializerMethodField(
        help_text='The round\'s name: "Round 3", or a knockout round\'s ("Semi-finals", "Final").'
    )
    stage = serializers.ChoiceField(source="round.stage", choices=Round.Stage.choices)
    status = NamedChoiceField(choices=Fixture.Status.choices, enum_name="FixtureStatus")
    home_team = TeamRefSerializer()
    away_team = TeamRefSerializer()
    home_score = serializers.SerializerMethodField()
    away_score = serializers.SerializerMethodField()

    class Meta:
        model = Fixture
        fields = [
            "id",
            "season",
            "round",
            "round_label",
            "stage",
            "status",
            "kickoff",
            "home_team",
            "away_team",
            "home_score",
            "away_score",
        ]
        ref_name = "Fixture"

    def get_round_label(self, fixture: Fixture) -> str:
        if (games := getattr(fixture, "round_games", None)) is not None:
            fixture.round.game_count = games
        return fixture.round.label

    def get_home_score(self, fixture: Fixture) -> int | None:
        result = getattr(fixture, "result", None)
        return result.home_score if result else None

    def get_away_score(self, fixture: Fixture) -> int | None:
        result = getattr(fixture, "result", None)
        return result.away_score if result else None


class FixtureFilter(django_filters.FilterSet):
    season = WholeNumberFilter(field_name="round__season")
    round = WholeNumberFilter(
        field_name="round__number", max_value=32767, help_text="Round number."
    )
    stage = django_filters.ChoiceFilter(field_name="round__stage", choices=Round.Stage.choices)
    team = WholeNumberFilter(method="filter_team", help_text="Home or away team id.")

    class Meta:
        model = Fixture
        fields = ["season", "round", "stage", "status", "team"]

    def filter_team(self, queryset: QuerySet[Fixture], name: str, value: int) -> QuerySet[Fixture]:
        return queryset.filter(Q(home_team_id=value) | Q(away_team_id=value))


@extend_schema(summary="Fixtures", responses={200: FixtureSerializer, **list_errors()})
class FixtureListView(ApiListView[Fixture]):
    OutputSerializer = FixtureSerializer
    serializer_class = OutputSerializer
    queryset = Fixture.objects.none()
    filterset_class = FixtureFilter
    ordering_fields = ["id", "round__number", "kickoff", "updated_at"]

    def get_queryset(self) -> QuerySet[Fixture]:
        return selectors.fixtures(user=self.request.user)


class _FixtureDetailSerializer(FixtureSerializer):
    result = ResultSerializer(allow_null=True)

    class Meta(FixtureSerializer.Meta):
        fields = [*FixtureSerializer.Meta.fields, "result"]
        ref_name = "FixtureDetail"


def fixture_detail_serializer() -> type[FixtureSerializer]:
    """A fixture with its result and every installed game's parts: their fields after the
    core's, a part's field replacing the core's of its name. Built when the API's routes are
    loaded, the rulesets registered."""
    parts = fixture_detail_parts()
    names = [name for part in parts for name in part._declared_fields]
    fields = list(dict.fromkeys([*_FixtureDetailSerializer.Meta.fields, *names]))
    meta = type("Meta", (_FixtureDetailSerializer.Meta,), {"fields": fields})
    return type(
        "FixtureDetailOutputSerializer",
        (*parts, _FixtureDetailSerializer),
        {"Meta": meta, "__module__": __name__},
    )


FixtureDetailOutputSerializer = fixture_detail_serializer()


@extend_schema(
    summary="A fixture with its result, stat lines, inspections and injuries",
    responses={200: FixtureDetailOutputSerializer, **read_errors()},
)
class FixtureDetailView(ApiRetrieveView[Fixture]):
    OutputSerializer = FixtureDetailOutputSerializer
    serializer_class = OutputSerializer
    queryset = Fixture.objects.none()

    def get_queryset(self) -> QuerySet[Fixture]:
        return selectors.fixtures(user=self.request.user, detail=True)
