"""The ruleset boundary: what the league core asks of a game, and the registry of games.

The core (leagues, seasons and their lifecycle, rounds, fixtures, scheduling, standings,
playoffs, audit, access, jobs) never asks which game a league plays; it asks the league's
ruleset. Each game is an app that subclasses :class:`Ruleset` and registers one instance from
its ``AppConfig.ready()`` (docs/architecture.md, "How to add a game"). A league's ruleset is
chosen when it is created and fixed once it has a season. ``Ruleset`` is the seam every game
implements; what a game may add beyond it is a capability it opts into (league/capabilities/).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from django.conf import settings

from league.errors import DomainError
from rules.standings import TableSettings

#: One game's counts for a side (("kills", 2),) and the other's, as rules.standings counts them.
Counts = tuple[tuple[str, int], ...]
GameCounts = tuple[Counts, Counts]

if TYPE_CHECKING:
    from league.admin.steps import Step
    from league.models import Fixture, League, Result, Season, Team
    from league.services.results import ResultSeam


class Ruleset:
    """A game the league core serves: the seam every game implements. Subclass it, set the
    class attributes and override the methods the game needs; the defaults are those of a game
    with nothing to do after a result beyond the core's own (standings, rounds, playoffs).
    Everything else a game may add is a capability it opts into (league/capabilities/)."""

    #: Stored in ``League.ruleset``; never changes once a league uses it.
    key: ClassVar[str]

    #: The game's name as people write it.
    label: ClassVar[str]

    #: The rules reference the ruleset implements, relative to the project (docs/…).
    reference: ClassVar[str] = ""

    #: Modules of URL patterns: its web pages (included at the site root) and its API routes
    #: (included under /api/v1/). Named, not imported, so the core imports no game.
    urls: ClassVar[Sequence[str]] = ()

    api_urls: ClassVar[Sequence[str]] = ()

    #: The labels of the Django apps the game installs: their permissions are the
    #: commissioners' (league/roles.py) and no file of the core names them.
    app_labels: ClassVar[tuple[str, ...]] = ()

    #: Dotted paths of the views that show one of its teams and one of its fixtures: the
    #: core's ``team`` and ``fixture`` pages (which every season page links to) hand over
    #: to them, as ``view(request, team)`` (the team found, its league visible to the user)
    #: and ``view(request, fixture_id)``.
    team_view: ClassVar[str] = ""

    fixture_view: ClassVar[str] = ""

    def table_settings(self, *, season: Season) -> TableSettings:
        """The points a result earns and the order of the tie-breakers (the game's
        rules, cited by TableExtras.table_rules)."""
        return TableSettings()

    #: The game's own part of recording, correcting and voiding a result (its report's
    #: checks, its rows, how the audit log shows them), which the core's services take
    #: (league/services/results.py); None: a result that is only its score.
    result_seam: ClassVar[ResultSeam | None] = None

    def result_aftermath(self, *, fixture: Fixture, result: Result | None = None) -> None:
        """The game's own consequences of `fixture`'s result being recorded, corrected or
        voided (careers, injuries), run in the recording transaction before the core's
        table and round (league.services.result_steps.result_aftermath): it may write only rows of
        the fixture's two teams and their players, whose locks the caller holds.
        `result` is a result just recorded, whose consequences may be added to what there
        was; None for a correction or a void, whose consequences are recomputed."""

    def fixture_admin_steps(self) -> Sequence[Step]:
        """The steps on one of its fixtures' page (e.g. simulate, record a result;
        or record, correct and void its report). A step marked ``simulation`` is
        offered only when the game simulates (Simulation.simulates)."""
        return ()


@dataclass(frozen=True)
class CsvColumns:
    """A game's own columns of a CSV table: their heads and each row's values by id."""

    heads: tuple[str, ...] = ()
    values: Mapping[int, tuple[str | int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class CsvTable:
    """A whole CSV table a game writes: its heads and rows."""

    heads: tuple[str, ...]
    rows: Sequence[tuple[str | int, ...]]


@dataclass(frozen=True)
class CareerEnd:
    """One line of a league's graveyard: whose career is over, on which team, why and in
    which game, with his career in a few words and his badges (state, text)."""

    name: str
    url: str
    team: Team
    why: str
    fixture: Fixture | None = None
    record: str = ""
    badges: tuple[tuple[str, str], ...] = ()


_registry: dict[str, Ruleset] = {}


def ruleset_register(ruleset: Ruleset) -> Ruleset:
    """Make `ruleset` available to leagues; called once from its app's ``ready()``."""
    known = _registry.get(ruleset.key)
    if known is not None and type(known) is not type(ruleset):
        raise ValueError(f"Two rulesets claim the key {ruleset.key!r}.")
    _registry[ruleset.key] = ruleset
    return ruleset


def ruleset_unregister(key: str) -> None:
    """Forget a ruleset (tests register a skeleton and take it away again)."""
    _registry.pop(key, None)


def rulesets() -> list[Ruleset]:
    """Every registered ruleset, by label."""
    return sorted(_registry.values(), key=lambda ruleset: ruleset.label)


def rulesets_as_installed() -> list[Ruleset]:
    """Every registered ruleset in the order registered (their apps' order in INSTALLED_APPS),
    for lists whose order is published: the API's union of season rules, a fixture's detail."""
    return list(_registry.values())


def ruleset_get(key: str) -> Ruleset:
    try:
        return _registry[key]
    except KeyError:
        known = ", ".join(sorted(_registry)) or "none"
        raise DomainError(
            f"No game {key!r} is installed (installed: {known}).",
            code="unknown_ruleset",
            field="ruleset",
        ) from None


def ruleset_for(league: League) -> Ruleset:
    """The ruleset `league` plays."""
    return ruleset_get(league.ruleset)


def ruleset_choices() -> list[tuple[str, str]]:
    """``League.ruleset``'s choices: the installed rulesets (a callable, so a ruleset
    registered after the model is defined is a choice too)."""
    return [(ruleset.key, ruleset.label) for ruleset in rulesets()]


def ruleset_default() -> str:
    """A new league's ruleset when none is named: ``settings.DEFAULT_RULESET``."""
    return str(settings.DEFAULT_RULESET)
