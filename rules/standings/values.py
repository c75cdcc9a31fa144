"""The standings' settings, inputs and rows (M-L1, M-L2): what a table is computed from and
what it gives, shared with every game's settings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "Breaker",
    "CountBreaker",
    "GamesLoader",
    "TableGame",
    "TableRow",
    "TableSettings",
    "TieBreaker",
]


class TieBreaker(StrEnum):
    """M-L2: the standings tie-breakers, applied in the configured order."""

    POINTS = "points"
    HEAD_TO_HEAD = "head_to_head"
    SCORE_DIFFERENCE = "score_difference"
    SCORE_FOR = "score_for"
    WINS = "wins"
    NAME = "name"

    @property
    def label(self) -> str:
        return _TIE_BREAKER_LABELS[self]


_TIE_BREAKER_LABELS = {
    TieBreaker.POINTS: "Points",
    TieBreaker.HEAD_TO_HEAD: "Head-to-head points",
    TieBreaker.SCORE_DIFFERENCE: "Score difference",
    TieBreaker.SCORE_FOR: "Score for",
    TieBreaker.WINS: "Wins",
    TieBreaker.NAME: "Team name",
}


@dataclass(frozen=True, slots=True)
class CountBreaker:
    """A game's own tie-breaker: a count each team gathers over its games in the table, such
    as Arenaball's kills (A-L1) or Magic Number Eleven's Magic Number goals and red cards
    (E-L1). More is better unless `fewer_is_better`. The games carry the counts
    (`TableGame.home_counts`); a team with none in a game counts 0 for it."""

    key: str
    label: str
    fewer_is_better: bool = False


#: A tie-breaker every game has, or one of a game's own.
Breaker = TieBreaker | CountBreaker


@dataclass(frozen=True, slots=True)
class TableSettings:
    """M-L1 and M-L2 as a season sets them: the points per outcome and the tie-breakers in
    order (a game's own settings validate the values)."""

    points_win: int = 3
    points_overtime_win: int = 2
    points_draw: int = 1
    points_overtime_loss: int = 1
    points_loss: int = 0
    tie_breakers: tuple[Breaker, ...] = tuple(TieBreaker)


@dataclass(frozen=True, slots=True)
class TableGame:
    """A played game: the two teams' keys, the final score, whether it went to overtime, and
    each side's counts for the game's own tie-breakers (``(("kills", 2),)``).

    `level_winner` is the key of the team that won a game level on score after a tie-break
    that is not a score (Magic Number Eleven's shootout, E-L1): it counts as an overtime win
    for that team and an overtime loss for the other."""

    home: str
    away: str
    home_score: int
    away_score: int
    overtime: bool
    home_counts: tuple[tuple[str, int], ...] = ()
    away_counts: tuple[tuple[str, int], ...] = ()
    level_winner: str | None = None


@dataclass(frozen=True, slots=True)
class TableRow:
    """A team's line in the table; `explanation` is "" when the first tie-breaker (points, by
    default) alone sets it apart from both neighbours."""

    team: str
    position: int
    played: int
    won: int
    won_overtime: int
    drawn: int
    lost_overtime: int
    lost: int
    score_for: int
    score_against: int
    points: int
    explanation: str

    @property
    def score_difference(self) -> int:
        return self.score_for - self.score_against

    @property
    def wins(self) -> int:
        """Every win counts for the M-L2 "wins" tie-breaker, in regulation or overtime."""
        return self.won + self.won_overtime


#: The games of a table, asked for only when a tie-breaker needs them (head-to-head, or a
#: game's own count), and then once: called with the teams that may need them (each level
#: with another team on every tie-breaker before the first such one) and whether only the
#: games between two of those teams are needed (head-to-head alone) rather than every game
#: of each (a game's own count). More games than that may come back; every game of the
#: table always does.
GamesLoader = Callable[[frozenset[str], bool], Sequence[TableGame]]
