"""Output shapes shared by several views: references to teams, results, and the parts each
game adds to a fixture's detail. Serializers only shape data; every view nests its own
Input/OutputSerializer."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar

from django.db.models import Prefetch
from django.utils.module_loading import import_string
from rest_framework import serializers

from league.capabilities import capability
from league.capabilities.api import ApiParts
from league.models import Fixture, Result, Team
from league.rulesets import rulesets_as_installed


class TeamRefSerializer(serializers.ModelSerializer[Team]):
    class Meta:
        model = Team
        fields = ["id", "name", "short_name"]
        ref_name = "TeamRef"


class ResultSerializer(serializers.ModelSerializer[Result]):
    # A fixture's result as the core keeps it; a game adds its own fields in a subclass
    # (e.g. its stat lines), which its FixtureDetailParts shows. No docstring here
    # nor in the parts: a base's docstring would describe the subclasses in the schema.

    reported_by = serializers.CharField(
        source="reported_by.username", allow_null=True, read_only=True
    )

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
        ]
        ref_name = "Result"


class FixtureDetailParts(serializers.Serializer[Fixture]):
    # What a game adds to a fixture's detail (/api/v1/fixtures/{id}/), named by its
    # ruleset's api_fixture_detail. Its declared fields follow the core's, or replace the
    # core's of the same name (e.g. `result`, with the game's stat lines); `prefetch` is
    # what they read, fetched with the fixtures. Every installed game's parts apply to every
    # fixture: the detail has one shape, and another game's fixture has none of their rows.

    prefetch: ClassVar[Sequence[str | Prefetch[Any]]] = ()


@cache
def fixture_detail_parts() -> tuple[type[FixtureDetailParts], ...]:
    """Each installed game's parts, in the order the games are installed, imported on first
    use (the core imports no game): the rulesets are registered by then."""
    return tuple(
        import_string(capability(ruleset, ApiParts).api_fixture_detail)
        for ruleset in rulesets_as_installed()
        if capability(ruleset, ApiParts).api_fixture_detail
    )
