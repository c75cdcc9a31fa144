"""MagnoBall's output shapes shared by several of its views: players, stat lines, injuries,
inspections, and a result with its players' lines, which a fixture's detail shows too
(:class:`FixtureDetailParts`, its ruleset's ``api_fixture_detail``)."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch
from rest_framework import serializers

from api import serializers as core
from games.api.selectors import RESULT_LINES_QUERYSET
from games.models import Appearance, Inspection
from injuries.models import Injury
from league.models import Result
from rosters.models import Player


class PlayerRefSerializer(serializers.ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "name", "shirt_number", "position", "team"]
        ref_name = "PlayerRef"


class StatPairSerializer(serializers.Serializer[dict[str, int]]):
    attempts = serializers.IntegerField()
    successes = serializers.IntegerField()

    class Meta:
        ref_name = "StatPair"


class StatsField(serializers.DictField):
    """``{category: {attempts, successes}}`` from a row's stat lines."""

    child = StatPairSerializer()

    def to_representation(self, value: Any) -> dict[str, dict[str, int]]:
        return {
            line.category: {"attempts": line.attempts, "successes": line.successes}
            for line in value.all()
        }


class AppearanceSerializer(serializers.ModelSerializer[Appearance]):
    stats = StatsField(source="stat_lines")

    class Meta:
        model = Appearance
        fields = ["player", "team", "points", "stats"]
        ref_name = "PlayerLine"


class InjurySerializer(serializers.ModelSerializer[Injury]):
    force_healing = serializers.SerializerMethodField()

    class Meta:
        model = Injury
        fields = [
            "id",
            "player",
            "season",
            "fixture",
            "state",
            "duration_die",
            "duration_roll",
            "games_out",
            "games_missed",
            "permanent_roll",
            "permanent",
            "created_at",
            "resolved_at",
            "force_healing",
        ]
        ref_name = "Injury"

    def get_force_healing(self, injury: Injury) -> str:
        """``none``, ``succeeded`` or ``failed``: the one attempt an injury allows (M-I3)."""
        attempt = getattr(injury, "force_healing", None)
        if attempt is None:
            return "none"
        return "succeeded" if attempt.succeeded else "failed"


class ResultSerializer(core.ResultSerializer):
    lines = AppearanceSerializer(source="appearances", many=True)
    incapacitated = serializers.SerializerMethodField()

    class Meta(core.ResultSerializer.Meta):
        fields = [*core.ResultSerializer.Meta.fields, "lines", "incapacitated"]
        ref_name = "Result"

    def get_incapacitated(self, result: Result) -> list[int]:
        """The players Incapacitated in the match (their injuries are in ``/injuries/``)."""
        return [injury.player_id for injury in result.fixture.injuries.all()]


class InspectionSerializer(serializers.ModelSerializer[Inspection]):
    player = serializers.IntegerField(source="enhancement.player_id")
    team = serializers.IntegerField(source="enhancement.player.team_id")
    kind = serializers.CharField(source="enhancement.kind")

    class Meta:
        model = Inspection
        fields = [
            "id",
            "fixture",
            "player",
            "team",
            "kind",
            "owner_roll",
            "inspector_roll",
            "decision",
            "decided_at",
        ]
        ref_name = "Inspection"


class FixtureDetailParts(core.FixtureDetailParts):
    # A fixture's result with its stat lines, its inspections and injuries (no docstring:
    # the fixture's detail has its own description).

    result = ResultSerializer(allow_null=True)
    inspections = InspectionSerializer(many=True)
    injuries = InjurySerializer(many=True)

    prefetch = (
        Prefetch("result__appearances", queryset=RESULT_LINES_QUERYSET),
        Prefetch("inspections", queryset=Inspection.objects.select_related("enhancement__player")),
        Prefetch("injuries", queryset=Injury.objects.order_by("id")),
    )
