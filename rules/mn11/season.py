"""E-D3, E-L1 over a season's reports: discipline, suspensions and the standings' inputs.

A :class:`PlayedMatch` is a report with the teams that played it. The shared table
(rules/standings/) ranks on points, head-to-head, goal difference and goals for; E-L1's
Magic Number goals and fewer red cards are counts each match gives it (:func:`table_game`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.standings import TableGame

from .report import MatchReport, team_cards
from .settings import MAGIC_NUMBER_GOALS, RED_CARDS, Mn11Settings
from .vocabulary import GoalKind, Side

__all__ = [
    "DisciplineLine",
    "PlayedMatch",
    "discipline_table",
    "magic_number_goals",
    "match_points",
    "red_cards",
    "suspended_cards",
    "table_game",
]


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A valid report of a match between `home` and `away` (team keys)."""

    home: str
    away: str
    report: MatchReport
    knockout: bool = False

    def side_of(self, team: str) -> Side:
        if team == self.home:
            return Side.HOME
        if team == self.away:
            return Side.AWAY
        raise ValueError(f"{team!r} did not play this match.")

    def team(self, side: Side) -> str:
        return self.home if side is Side.HOME else self.away


@dataclass(frozen=True, slots=True)
class DisciplineLine:
    """E-D3: a team's season: Warnings, matches it was shown the Yellow Card, red cards
    (each Player Card sent off is one) and the cards sent off, in order (a card may repeat)."""

    team: str
    warnings: int
    yellows: int
    reds: int
    sent_off: tuple[str, ...]

    def sent_off_count(self, card: str) -> int:
        return self.sent_off.count(card)


def discipline_table(
    matches: Iterable[PlayedMatch], *, teams: Iterable[str] = ()
) -> list[DisciplineLine]:
    """E-D3: every team of `teams` and of `matches`, by key, its discipline summed."""
    warnings: dict[str, int] = dict.fromkeys(teams, 0)
    yellows = dict(warnings)
    sent_off: dict[str, list[str]] = {team: [] for team in warnings}
    for match in matches:
        for side in Side:
            team = match.team(side)
            cards = team_cards(match.report, side)
            warnings[team] = warnings.get(team, 0) + cards.warnings
            yellows[team] = yellows.get(team, 0) + int(cards.yellow)
            sent_off.setdefault(team, []).extend(cards.sent_off)
    return [
        DisciplineLine(
            team=team,
            warnings=warnings[team],
            yellows=yellows[team],
            reds=len(sent_off[team]),
            sent_off=tuple(sent_off[team]),
        )
        for team in sorted(warnings)
    ]


def suspended_cards(
    *, team: str, matches: Sequence[PlayedMatch], settings: Mn11Settings
) -> frozenset[str]:
    """E-D3 *(setting)*: the cards `team` may not field in its next match: those sent off in
    its latest match of `matches` (in the order played); none with the setting off."""
    if not settings.sent_off_suspension:
        return frozenset()
    for match in reversed(matches):
        if team in (match.home, match.away):
            return frozenset(team_cards(match.report, match.side_of(team)).sent_off)
    return frozenset()


def magic_number_goals(matches: Iterable[PlayedMatch]) -> dict[str, int]:
    """E-L1 tie-breaker input: each team's Magic Number goals (teams with none absent)."""
    totals: dict[str, int] = {}
    for match in matches:
        for goal in match.report.goals():
            if goal.kind is GoalKind.MAGIC_NUMBER:
                team = match.team(goal.side)
                totals[team] = totals.get(team, 0) + 1
    return totals


def red_cards(matches: Iterable[PlayedMatch]) -> dict[str, int]:
    """E-L1 tie-breaker input (fewer is better): each team's red cards, one per Player Card
    sent off (teams with none absent)."""
    totals: dict[str, int] = {}
    for match in matches:
        for side in Side:
            count = len(team_cards(match.report, side).sent_off)
            if count:
                team = match.team(side)
                totals[team] = totals.get(team, 0) + count
    return totals


def table_game(match: PlayedMatch) -> TableGame:
    """E-L1: the match for the shared table: its goals, a shootout's winner as the table's
    tie-break winner of a level game (the settings' shootout points are the table's overtime
    points), and each side's Magic Number goals and red cards for the tie-breakers."""
    report = match.report

    def counts(side: Side) -> tuple[tuple[str, int], ...]:
        magic = sum(goal.kind is GoalKind.MAGIC_NUMBER for goal in report.goals(side))
        reds = len(team_cards(report, side).sent_off)
        return ((MAGIC_NUMBER_GOALS.key, magic), (RED_CARDS.key, reds))

    return TableGame(
        home=match.home,
        away=match.away,
        home_score=report.home_score,
        away_score=report.away_score,
        overtime=bool(report.shootout),
        home_counts=counts(Side.HOME),
        away_counts=counts(Side.AWAY),
        level_winner=_shootout_winner(match),
    )


def _shootout_winner(match: PlayedMatch) -> str | None:
    winner = match.report.shootout_winner
    if winner is None:
        return None
    return match.home if winner is Side.HOME else match.away


def match_points(match: PlayedMatch, team: str, *, settings: Mn11Settings) -> int:
    """E-L1: the standings points `team` earns from `match`."""
    side = match.side_of(team)
    report = match.report
    if report.home_score != report.away_score:
        won = report.winner is side
        return settings.points_win if won else settings.points_loss
    winner = report.shootout_winner
    if winner is None:
        return settings.points_draw
    return settings.points_shootout_win if winner is side else settings.points_shootout_loss
