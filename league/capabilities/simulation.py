"""A game whose fixtures a worker can play (a match simulator), and the playoff and title
odds it simulates (league/odds, docs/odds.md).

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, Simulation)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from league.models import Fixture, Season
    from league.odds.model import MatchOutcomeModel
    from rules.odds import Outcome


class Simulation:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: The game's name (its ruleset's ``label``), which the defaults' refusals name.
    label: ClassVar[str]

    #: Whether a worker can play its fixtures (a match simulator); otherwise results are
    #: reported from the table only and no page offers simulation.
    simulates: ClassVar[bool] = False

    def match_outcome_model(
        self, *, season: Season, fixtures: Sequence[Fixture]
    ) -> MatchOutcomeModel | None:
        """Each of `fixtures`' (the season's unplayed regular-season fixtures) outcome odds,
        and any knockout pairing's, for the Monte Carlo of the odds run. None (the default)
        is the core's rating model: the Elo ratings, the season's draw rate and its scores
        (league.odds.model.rating_outcome_model)."""
        return None

    def odds_pairings(
        self, *, season: Season, fixtures: Sequence[Fixture]
    ) -> Mapping[tuple[int, int], str]:
        """The (home team id, away team id) pairings the model needs simulated first, each
        with the version of what decides it (the rosters, injuries, settings): the workers
        simulate those not cached yet by :meth:`odds_pairing_simulate`. None by default."""
        return {}

    def odds_pairing_simulate(
        self, *, season: Season, home: int, away: int, matches: int, seed: int
    ) -> tuple[str, Sequence[Outcome]]:
        """Simulate `matches` matches of `home` against `away` from `seed`: the pairing's
        version now and the outcomes. Only a game whose :meth:`odds_pairings` names
        pairings is asked: a game that names some must say how they are played."""
        raise ImproperlyConfigured(
            f"{self.label} names playoff-odds pairings but does not simulate them: its "
            "ruleset must define odds_pairing_simulate beside odds_pairings."
        )
