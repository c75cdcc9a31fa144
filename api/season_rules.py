"""A season's ``rules`` in the API: its own game's settings row, one schema per game, told
apart by ``game`` (the league's ruleset key) as an OpenAPI discriminated union. Each game's
ruleset names its serializer (``api_season_rules``, made by :func:`rules_serializer`), so the
core imports no game. Never null: a season whose row is missing (made before its game stored
settings) answers the game's defaults, which are what it plays by."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.utils.module_loading import import_string
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from league.capabilities import capability
from league.capabilities.api import ApiParts
from league.models import Season
from league.rulesets import ruleset_get, rulesets_as_installed


class GameKeyField(serializers.ChoiceField):
    """The game a rules object belongs to (the league's ``ruleset``): the union's
    discriminator, one value per game."""

    def __init__(self, key: str) -> None:
        self.key = key
        label = ruleset_get(key).label
        super().__init__(
            choices=[(key, label)],
            read_only=True,
            source="*",
            help_text=f"`{key}`: the season's league plays {label}.",
        )

    def to_representation(self, value: Any) -> str:
        return self.key


def rules_serializer(key: str, model: type[models.Model], name: str) -> type[RulesSerializer]:
    """The API shape (the schema's component `name`) of game `key`'s settings row `model` (a
    one-to-one to Season): ``game``, then the row's fields but its season, each read-only (so
    the schema says each is always there). A game's ruleset names it by ``api_season_rules``."""
    fields = [field.name for field in model._meta.concrete_fields if field.name != "season"]
    meta = {"model": model, "fields": ["game", *fields], "read_only_fields": fields}
    return type(
        f"{name}Serializer",
        (RulesSerializer,),
        {
            "game": GameKeyField(key),
            "Meta": type("Meta", (), {**meta, "ref_name": name}),
            "__module__": __name__,
            "__doc__": f"A {ruleset_get(key).label} season's rules (its settings).",
        },
    )


class RulesSerializer(serializers.ModelSerializer[Any]):
    # A game's season settings: one subclass a game, made by rules_serializer (no
    # docstring here: a subclass's is its description in the schema).

    game = serializers.CharField(read_only=True)


@dataclass(frozen=True)
class GameRules:
    """Where a game keeps a season's settings row, and its shape in the API."""

    related: str  # the row's name on Season (a reverse one-to-one)
    model: type[models.Model]
    serializer: type[RulesSerializer]
    name: str  # its component in the schema


@cache
def game_rules() -> Mapping[str, GameRules]:
    """Each installed game's rules by ruleset key, in the order the games are installed (the
    union's published order), imported on first use: the rulesets are registered by then."""
    games: dict[str, GameRules] = {}
    for ruleset in rulesets_as_installed():
        if not capability(ruleset, ApiParts).api_season_rules:
            continue
        serializer: type[RulesSerializer] = import_string(
            capability(ruleset, ApiParts).api_season_rules
        )
        model: type[models.Model] = cast("type[models.Model]", serializer.Meta.model)
        related = next(
            r.get_accessor_name() for r in Season._meta.related_objects if r.related_model is model
        )
        name = getattr(serializer.Meta, "ref_name", serializer.__name__)
        games[ruleset.key] = GameRules(str(related), model, serializer, name)
    return games


def rules_related() -> tuple[str, ...]:
    """What a season read joins so that its rules come with it, whatever its game."""
    return tuple(game.related for game in game_rules().values())


def _union() -> dict[str, serializers.Serializer[Any] | type[serializers.Serializer[Any]]]:
    return {key: game.serializer for key, game in game_rules().items()}


def _either(names: list[str]) -> str:
    return " or ".join(filter(None, (", ".join(names[:-1]), *names[-1:])))


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="SeasonRules",
        serializers=_union,
        resource_type_field_name="game",
        many=False,
    )
)
class SeasonRulesField(serializers.Field[Any, Any, dict[str, Any], Season]):
    """A season's rules: its game's settings (the season read with :func:`rules_related`)."""

    def __init__(self, **kwargs: Any) -> None:
        names = [game.name for game in game_rules().values()]
        super().__init__(
            source="*",
            read_only=True,
            help_text="The season's rules: its own game's settings, `game` saying which "
            f"({_either(names)}).",
            **kwargs,
        )

    def to_representation(self, value: Season) -> dict[str, Any]:
        key = value.league.ruleset
        game = game_rules().get(key)
        if game is None:  # a game with no settings of its own
            return {"game": key}
        try:
            row = getattr(value, game.related)
        except ObjectDoesNotExist:
            row = game.model(season=value)  # the defaults, which it plays by
        return dict(game.serializer(row).data)
