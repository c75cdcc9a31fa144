"""A game's own parts of the core's REST API (api/): its season rules, its part of a
fixture's detail and its error codes, each named by dotted path so the core imports no game.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, ApiParts)``, which for any other game is these defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    pass


class ApiParts:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: Dotted path of the serializer of its season settings in the API (a season's ``rules``,
    #: made by api.season_rules.rules_serializer), imported when first read; "" for none.
    api_season_rules: ClassVar[str] = ""

    #: Dotted path of what it adds to a fixture's detail in the API (a subclass of
    #: api.serializers.FixtureDetailParts), imported likewise; "" for nothing.
    api_fixture_detail: ClassVar[str] = ""

    #: Dotted path of the error codes only its endpoints answer, each with what it means (a
    #: dict the API's schema adds to the core's), imported likewise; "" for none. A code two
    #: games answer is the core's, with a meaning that names no game.
    api_error_codes: ClassVar[str] = ""
