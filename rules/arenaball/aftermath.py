"""A-P1 to A-P3: what a validated game leaves behind: Driver, Gunner and Prestige points,
kills credited, skill levels, the dead leaving and the injured missing games."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from .report import MatchReport, took_part_seats
from .settings import ArenaballSettings
from .teams import MatchLineup
from .vocabulary import CrewState, Seat

__all__ = [
    "Career",
    "CarryOver",
    "PointsAward",
    "career_after",
    "carry_over",
    "game_points",
    "misses_after",
    "skill_level",
]


@dataclass(frozen=True, slots=True)
class PointsAward:
    """A-P1: what one character earned in one game (never negative)."""

    character: str
    team: str
    driver: int = 0
    gunner: int = 0
    prestige: int = 0
    kills: int = 0
    goals: int = 0


@dataclass(frozen=True, slots=True)
class Career:
    """A-P2: a character's card: points in each skill, Prestige, kills, goals, games."""

    driver: int = 0
    gunner: int = 0
    prestige: int = 0
    kills: int = 0
    goals: int = 0
    games: int = 0

    def driver_level(self, settings: ArenaballSettings | None = None) -> int:
        return skill_level(self.driver, settings)

    def gunner_level(self, settings: ArenaballSettings | None = None) -> int:
        return skill_level(self.gunner, settings)


@dataclass(frozen=True, slots=True)
class CarryOver:
    """A-P3: who leaves the roster for good (dead) and how many of the team's next games
    each injured character misses."""

    dead: frozenset[str]
    misses: dict[str, int]


def skill_level(points: int, settings: ArenaballSettings | None = None) -> int:
    """A-P2 (decided, Car Wars' autodueling skills): one level per 30 points (setting)."""
    per_level = (settings or ArenaballSettings()).points_per_level
    return max(points, 0) // per_level


def game_points(
    report: MatchReport,
    *,
    home: MatchLineup,
    away: MatchLineup,
    settings: ArenaballSettings | None = None,
) -> dict[str, PointsAward]:
    """A-P1: each character's points from a valid report, by character key; everyone who
    took part appears, with zeros if he earned nothing.

    - every goal gives its scorer one Driver point;
    - every character of the winning team who took part gains one Driver point (drivers) or
      Gunner point (gunners) and one Prestige point;
    - a kill gives its character ``points_per_kill`` in the skill used (ram → Driver, weapon
      → Gunner) and as many Prestige points. **Decided**: only kills of the other team's
      cars earn points.
    """
    settings = settings or ArenaballSettings()
    awards = {**_crew_awards(report, home), **_crew_awards(report, away)}
    for goal in report.goals:
        if goal.scorer in awards:
            award = _add_skill(awards[goal.scorer], Seat.DRIVER, 1)
            awards[goal.scorer] = replace(award, goals=award.goals + 1)
    for kill in report.kills:
        if kill.killer is None or kill.how is None or kill.killer not in awards:
            continue
        if kill.killer_team == kill.victim_team:
            continue
        award = _add_skill(awards[kill.killer], kill.how.skill, settings.points_per_kill)
        awards[kill.killer] = replace(
            award, prestige=award.prestige + settings.points_per_kill, kills=award.kills + 1
        )
    return awards


def _crew_awards(report: MatchReport, lineup: MatchLineup) -> dict[str, PointsAward]:
    """A-P1: everyone of `lineup` who took part; the winners' skill and Prestige points."""
    won = report.winner == lineup.team
    awards = {}
    for seat, who in took_part_seats(lineup, report.substitutions):
        award = PointsAward(who, lineup.team)
        if won:
            award = replace(_add_skill(award, seat, 1), prestige=1)
        awards[who] = award
    return awards


def _add_skill(award: PointsAward, seat: Seat, points: int) -> PointsAward:
    """A driver's points are Driver points; a gunner's and (decided) a ped's, whose hand
    weapons are his gunnery, Gunner points."""
    if seat is Seat.DRIVER:
        return replace(award, driver=award.driver + points)
    return replace(award, gunner=award.gunner + points)


def career_after(career: Career, award: PointsAward) -> Career:
    """A-P2: a character's card after one game's award."""
    return Career(
        driver=career.driver + award.driver,
        gunner=career.gunner + award.gunner,
        prestige=career.prestige + award.prestige,
        kills=career.kills + award.kills,
        goals=career.goals + award.goals,
        games=career.games + 1,
    )


def carry_over(report: MatchReport, settings: ArenaballSettings | None = None) -> CarryOver:
    """A-P3: the dead leave for the graveyard; the injured miss ``injury_games_missed`` of
    the team's next games (decided); stunned and unconscious carry nothing over."""
    settings = settings or ArenaballSettings()
    dead = frozenset(c.character for c in report.casualties if c.state is CrewState.DEAD)
    misses = {
        c.character: settings.injury_games_missed
        for c in report.casualties
        if c.state is CrewState.INJURED and settings.injury_games_missed > 0
    }
    return CarryOver(dead, misses)


def misses_after(before: Mapping[str, int], game: CarryOver) -> dict[str, int]:
    """A-P3: the team's characters still to miss games after it played one: those who sat
    this one out have one game fewer to miss, and this game's injured are added."""
    after = {who: left - 1 for who, left in before.items() if left > 1}
    for who, games in game.misses.items():
        after[who] = max(after.get(who, 0), games)
    for who in game.dead:
        after.pop(who, None)
    return after
