"""The power ranking: an Elo-style rating per team, for every game (docs/odds.md).

Pure: two ratings and a final score in, two ratings out. The constants are the published
ones of docs/odds.md, "Ratings"; change them there too.

A game moves the two ratings by the same amount in opposite directions, so the pair's sum
(and the league's) never changes: conservation (tests/rules/test_ratings.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "HOME_ADVANTAGE",
    "INITIAL_RATING",
    "K_FACTOR",
    "OVERTIME_RESULT",
    "RatedGame",
    "expected_home",
    "margin_multiplier",
    "rate_game",
]

#: Every team starts a season here.
INITIAL_RATING = 1500.0
#: The most a game with a one-point margin can move a rating (times the margin multiplier).
K_FACTOR = 24.0
#: Rating points the home side is worth: a home team rated 60 below its visitor is even.
HOME_ADVANTAGE = 60.0
#: What an overtime (or shootout) win counts for instead of a regulation win's 1, and the
#: loser's 1 - this: a game won after being level counts as a smaller margin.
OVERTIME_RESULT = 0.75


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A game's effect on the two ratings."""

    home_before: float
    away_before: float
    home_after: float
    away_after: float

    @property
    def change(self) -> float:
        """The home side's gain (the away side's loss)."""
        return self.home_after - self.home_before


def expected_home(home: float, away: float) -> float:
    """The home side's expected result (1 a win, ½ a draw, 0 a loss): the logistic curve
    of the rating gap plus the home advantage, 400 points to a factor of ten."""
    exponent: float = (away - home - HOME_ADVANTAGE) / 400.0
    return 1.0 / (1.0 + math.pow(10.0, exponent))


def margin_multiplier(margin: int) -> float:
    """A bigger win moves the ratings more, with diminishing returns: 1 + ln(1 + margin)
    (1 for a draw, 1.69 for one point, 2.39 for three)."""
    return 1.0 + math.log1p(abs(margin))


def _result(home_score: int, away_score: int, overtime: bool, level_winner: str | None) -> float:
    """The home side's result: 1, ½ or 0; an overtime win OVERTIME_RESULT; a level game a
    tie-break settled (`level_winner` "home" or "away") an overtime win for its winner."""
    if home_score == away_score:
        if level_winner is None:
            return 0.5
        return OVERTIME_RESULT if level_winner == "home" else 1.0 - OVERTIME_RESULT
    home_won = home_score > away_score
    if overtime:
        return OVERTIME_RESULT if home_won else 1.0 - OVERTIME_RESULT
    return 1.0 if home_won else 0.0


def rate_game(
    *,
    home: float,
    away: float,
    home_score: int,
    away_score: int,
    overtime: bool = False,
    level_winner: str | None = None,
) -> RatedGame:
    """The two ratings after a game: the home side gains K x margin multiplier x (result -
    expected), the away side loses exactly as much. An overtime game's margin counts at
    most one point (it was level at full time)."""
    if level_winner not in (None, "home", "away"):
        raise ValueError("A level game's winner is 'home' or 'away'.")
    margin = abs(home_score - away_score)
    if overtime or level_winner is not None:
        margin = min(margin, 1)
    result = _result(home_score, away_score, overtime, level_winner)
    change = K_FACTOR * margin_multiplier(margin) * (result - expected_home(home, away))
    return RatedGame(home, away, home + change, away - change)
