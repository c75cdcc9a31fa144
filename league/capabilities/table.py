"""What a game adds to the shared table: its rule ids, overtime, its own tie-breaker counts
and the level games it settled otherwise.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, TableExtras)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from league.models import Season
    from league.rulesets import GameCounts


class TableExtras:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: The rule ids of its table (points and tie-breakers), cited where the pages explain
    #: it, and whether its games can be won in overtime (the table's OTW and OTL columns).
    table_rules: ClassVar[str] = ""

    overtime: ClassVar[bool] = False

    def knockout_level_line(self) -> str:
        """What becomes of a knockout game level at the end, for the pages that explain the
        playoffs: in the game's own words (overtime only where it has one)."""
        if self.overtime:
            return "A knockout game still level after overtime goes to the higher seed."
        return "A knockout game that ends level goes to the higher seed."

    def table_counts(self, *, season: Season) -> Mapping[int, GameCounts]:
        """Each played fixture's counts for the game's own tie-breakers (e.g. kills),
        by fixture id: the home and the away side's ``(("kills", 2),)``. The shared
        table adds them up (rules.standings.CountBreaker); none by default."""
        return {}

    def table_level_winners(self, *, season: Season) -> Mapping[int, int]:
        """Each played fixture level on score that the game settled by a tie-break that is
        not a score (e.g. a shootout): the winning team's id, by fixture
        id. The shared table counts it an overtime win for that team and an overtime loss
        for the other (rules.standings.TableGame.level_winner); none by default."""
        return {}
