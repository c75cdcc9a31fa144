"""Output shapes shared by several views: references to teams, players and results.
Serializers only shape data; every view nests its own Input/OutputSerializer."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import Appearance
from injuries.models import Injury
from league.models import Result, Team
from rosters.models import Player


class TeamRefSerializer(serializers.ModelSerializer[Team]):
    class Meta:
        model = Team
        fields = ["id", "name", "short_name"]
        ref_name = "TeamRef"


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


class ResultSerializer(serializers.ModelSerializer[Result]):
    reported_by = serializers.CharField(
        source="reported_by.username", allow_null=True, read_only=True
    )
    lines = AppearanceSerializer(source="appearances", many=True)
    incapacitated = serializers.SerializerMethodField()

    class Meta:
        model = Result
        fields = [
            "id",
            "fixture",
            "home_score",
            "away_score",
            "overtime",
            "source",
            "reported_by",
            "created_at",
            "updated_at",
            "lines",
            "incapacitated",
        ]
        ref_name = "Result"

    def get_incapacitated(self, result: Result) -> list[int]:
        """The players Incapacitated in the match (their injuries are in ``/injuries/``)."""
        return [injury.player_id for injury in result.fixture.injuries.all()]
