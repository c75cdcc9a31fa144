"""Many matches between two team sheets: win, draw, score and injury rates (for a command)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

from .match_result import TeamSheet
from .outcomes import Condition
from .settings import RuleSettings
from .simulator import simulate_match
from .snapshot import Side

__all__ = ["SeriesStats", "run_series"]


@dataclass(frozen=True, slots=True)
class SeriesStats:
    """Totals over ``matches`` simulated matches (home is always the first sheet)."""

    matches: int
    home_wins: int
    away_wins: int
    draws: int
    overtimes: int
    home_goals: int
    away_goals: int
    hurt: int
    incapacitated: int
    first_seed: int

    def _rate(self, count: int) -> float:
        return count / self.matches if self.matches else 0.0

    @property
    def home_win_rate(self) -> float:
        return self._rate(self.home_wins)

    @property
    def away_win_rate(self) -> float:
        return self._rate(self.away_wins)

    @property
    def draw_rate(self) -> float:
        return self._rate(self.draws)

    @property
    def overtime_rate(self) -> float:
        return self._rate(self.overtimes)

    @property
    def mean_goals(self) -> float:
        """Mean points scored per match, both teams together."""
        return self._rate(self.home_goals + self.away_goals)

    @property
    def mean_home_score(self) -> float:
        return self._rate(self.home_goals)

    @property
    def mean_away_score(self) -> float:
        return self._rate(self.away_goals)

    @property
    def mean_hurt(self) -> float:
        return self._rate(self.hurt)

    @property
    def mean_incapacitated(self) -> float:
        return self._rate(self.incapacitated)

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = asdict(self)
        for name in (
            "home_win_rate",
            "away_win_rate",
            "draw_rate",
            "overtime_rate",
            "mean_goals",
            "mean_home_score",
            "mean_away_score",
            "mean_hurt",
            "mean_incapacitated",
        ):
            data[name] = getattr(self, name)
        return data


def run_series(
    *,
    home: TeamSheet,
    away: TeamSheet,
    settings: RuleSettings,
    matches: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> SeriesStats:
    """Simulate ``matches`` matches with seeds ``seed``, ``seed + 1``, …; ``progress`` gets the
    number of matches finished."""
    if matches < 0:
        raise ValueError("matches cannot be negative")
    counts = dict.fromkeys(
        ("home_wins", "away_wins", "draws", "overtimes", "home_goals", "away_goals"), 0
    )
    hurt = incapacitated = 0
    for index in range(matches):
        result = simulate_match(home=home, away=away, settings=settings, seed=seed + index)
        winner = result.winner
        if winner is Side.HOME:
            counts["home_wins"] += 1
        elif winner is Side.AWAY:
            counts["away_wins"] += 1
        else:
            counts["draws"] += 1
        counts["overtimes"] += result.overtime
        counts["home_goals"] += result.home_score
        counts["away_goals"] += result.away_score
        for injury in result.injuries:
            if injury.condition is Condition.INCAPACITATED:
                incapacitated += 1
            else:
                hurt += 1
        if progress is not None:
            progress(index + 1)
    return SeriesStats(
        matches=matches,
        hurt=hurt,
        incapacitated=incapacitated,
        first_seed=seed,
        **counts,
    )
