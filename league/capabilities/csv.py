"""A game's own columns and files in the CSV export and import (league/exchange/,
docs/data.md "CSV"). The core writes and reads the columns every game has.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, Csv)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from league.rulesets import CsvColumns

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from league.access import Actor
    from league.models import Fixture, Result, Season, Team
    from league.rulesets import CsvColumns, CsvTable


class Csv:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    def csv_standings_columns(self, *, season: Season) -> CsvColumns:
        """Columns the standings CSV adds after the core's, with each team's values by team id
        (e.g. kills); none by default."""
        return CsvColumns()

    def csv_fixture_columns(self, *, season: Season) -> CsvColumns:
        """Columns the fixtures CSV adds after the core's, by fixture id; none by default."""
        return CsvColumns()

    def csv_players(self, *, season: Season) -> CsvTable | None:
        """The players CSV: one row per player of the season's teams with his season totals;
        None (the default) for a game without players."""
        return None

    def csv_team_create(
        self,
        *,
        season: Season,
        name: str,
        short_name: str,
        coach: User | None,
        colour: str,
        players: Sequence[tuple[str, str]],
        actor: Actor,
    ) -> Team | None:
        """Create an imported team in `season` by the game's own creation rules, its roster
        from `players` ((name, position) in file order) where the game names its players.
        None (the default) lets the core create it (league.services.teams.team_create), refusing
        player rows: the game makes its rosters itself."""
        return None

    #: The game's own columns of the results file, read by :meth:`csv_result_record`
    #: (e.g. each side's points by player, which must add up to its score).
    csv_result_columns: ClassVar[tuple[str, ...]] = ()

    def csv_result_record(
        self,
        *,
        fixture: Fixture,
        home_score: int,
        away_score: int,
        overtime: bool,
        cells: Mapping[str, str],
        actor: Actor,
    ) -> Result | None:
        """Record an imported past result through the game's own result service, so the
        standings, stats and injuries follow; `cells` is the row by column (the game's own
        columns among them). None (the default) lets the core record the score
        (league.services.results.result_store)."""
        return None
