"""A season's ``rules`` in the API: its own game's settings row, one schema per game, told
apart by ``game`` (the league's ruleset key) as an OpenAPI discriminated union. Never null:
a season whose row is missing (made before its game stored settings) answers the game's
defaults, which are what it plays by (arenaball.season_settings, mn11.season_settings)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from league.models import Season
from league.rulesets import ruleset_get
from mn11.models import SeasonSettings as Mn11Settings
from rosters.models import SeasonRules as MagnoBallRules


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


def _rules_serializer(key: str, model: type[models.Model], name: str) -> type[RulesSerializer]:
    """The API shape (the schema's component `name`) of game `key`'s settings row `model`:
    ``game``, then the row's fields but its season, each read-only (so the schema says each
    is always there)."""
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
    # A game's season settings: one subclass a game, made by _rules_serializer (no
    # docstring here: a subclass's is its description in the schema).

    game = serializers.CharField(read_only=True)


@dataclass(frozen=True)
class GameRules:
    """Where a game keeps a season's settings row, and its shape in the API."""

    related: str  # the row's name on Season (a reverse one-to-one)
    model: type[models.Model]
    serializer: type[RulesSerializer]


def _game_rules(key: str, related: str, model: type[models.Model], name: str) -> GameRules:
    return GameRules(related, model, _rules_serializer(key, model, name))


def _row_model(related: str) -> type[models.Model]:
    """The model of a game's settings row, by its name on Season: the core imports no game."""
    model = Season._meta.get_field(related).related_model
    if not (isinstance(model, type) and issubclass(model, models.Model)):
        raise TypeError(f"Season.{related} is no game's settings row.")
    return model


#: By ruleset key.
GAME_RULES: Mapping[str, GameRules] = {
    "magnoball": _game_rules("magnoball", "rules", MagnoBallRules, "MagnoBallSeasonRules"),
    "arenaball": _game_rules(
        "arenaball", "arenaball_settings", _row_model("arenaball_settings"), "ArenaballSeasonRules"
    ),
    "mn11": _game_rules("mn11", "mn11_settings", Mn11Settings, "Mn11SeasonRules"),
}
#: What a season read joins so that its rules come with it, whatever its game.
RULES_RELATED = tuple(game.related for game in GAME_RULES.values())


@extend_schema_field(
    PolymorphicProxySerializer(
        component_name="SeasonRules",
        serializers={key: game.serializer for key, game in GAME_RULES.items()},
        resource_type_field_name="game",
        many=False,
    )
)
class SeasonRulesField(serializers.Field[Any, Any, dict[str, Any], Season]):
    """A season's rules: its game's settings (the season read with ``RULES_RELATED``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            source="*",
            read_only=True,
            help_text="The season's rules: its own game's settings, `game` saying which "
            "(MagnoBallSeasonRules, ArenaballSeasonRules or Mn11SeasonRules).",
            **kwargs,
        )

    def to_representation(self, value: Season) -> dict[str, Any]:
        key = value.league.ruleset
        game = GAME_RULES.get(key)
        if game is None:  # a game with no settings of its own (none is installed)
            return {"game": key}
        try:
            row = getattr(value, game.related)
        except ObjectDoesNotExist:
            row = game.model(season=value)  # the defaults, which it plays by
        return dict(game.serializer(row).data)
