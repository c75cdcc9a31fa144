"""The form guide and streaks of a season's table, for every game: each team's last five
results and its current run, from the season's played fixtures (regular season and playoffs,
in round order).

A result is W, D or L by the score; a game won after overtime is OTW (its loser OTL), and a
level game the game settled by a tie-break that is not a score (a shootout,
``TableExtras.table_level_winners``) is an OTW and an OTL too, as the table counts it. A streak
counts wins (W and OTW), losses (L and OTL) or draws in a row, the latest first: "W3",
"L1"; "" before a team's first game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.models import Fixture, Result, Season
from league.rulesets import ruleset_for

#: How many results the guide shows.
LAST = 5

OUTCOME_WORDS = {
    "W": "Won",
    "OTW": "Won in overtime",
    "D": "Drew",
    "OTL": "Lost in overtime",
    "L": "Lost",
}


@dataclass(frozen=True)
class FormResult:
    """One result in a team's form guide, from its side."""

    outcome: str
    fixture_id: int
    round_number: int
    opponent_id: int
    opponent: str
    score_for: int
    score_against: int
    home: bool
    shootout: bool = False

    @property
    def win(self) -> bool:
        return self.outcome in ("W", "OTW")

    @property
    def loss(self) -> bool:
        return self.outcome in ("L", "OTL")

    @property
    def title(self) -> str:
        """The result in words, for the guide's tooltip and screen readers."""
        word = OUTCOME_WORDS[self.outcome]
        if self.shootout:
            word = "Won the shootout" if self.win else "Lost the shootout"
            word += f" after {self.score_for}–{self.score_against}"
        else:
            word = f"{word.split(' in ')[0]} {self.score_for}–{self.score_against}"
            if self.outcome in ("OTW", "OTL"):
                word += " after overtime"
        where = "at home to" if self.home else "away to"
        return f"{word} {where} {self.opponent} (round {self.round_number})"


@dataclass(frozen=True)
class TeamForm:
    """A team's last results, oldest first, and its current streak."""

    last: tuple[FormResult, ...]
    streak: str

    @property
    def streak_words(self) -> str:
        if not self.streak:
            return "No games yet"
        kind, count = self.streak[0], int(self.streak[1:])
        noun = {"W": "win", "L": "loss", "D": "draw"}[kind]
        return f"{count} {noun}{'' if count == 1 else ('es' if noun == 'loss' else 's')} in a row"


def _outcome(mine: int, theirs: int, overtime: bool, level_winner: bool | None) -> str:
    if mine == theirs:
        if level_winner is None:
            return "D"
        return "OTW" if level_winner else "OTL"
    if mine > theirs:
        return "OTW" if overtime else "W"
    return "OTL" if overtime else "L"


def streak_of(results: list[FormResult]) -> str:
    """The run of `results` (oldest first) ending with the latest: "W3", "D1", "" for none."""
    if not results:
        return ""

    def kind(result: FormResult) -> str:
        return "W" if result.win else "L" if result.loss else "D"

    latest = kind(results[-1])
    count = 0
    for result in reversed(results):
        if kind(result) != latest:
            break
        count += 1
    return f"{latest}{count}"


class PlayedResult(NamedTuple):
    """One played result as the form guide and the position chart read it: values, not
    models (a season's 380 results as model instances with their fixtures, rounds and teams
    were half of a cold standings page, issue #49)."""

    fixture_id: int
    round_number: int
    stage: str
    home_id: int
    home_name: str
    away_id: int
    away_name: str
    home_score: int
    away_score: int
    overtime: bool


def played_results(*, season: Season) -> list[PlayedResult]:
    """`season`'s played results in round order: what the form guide reads (and the
    standings page's chart, from the same query). One query."""
    rows = (
        Result.objects.filter(fixture__round__season=season, fixture__status=Fixture.Status.PLAYED)
        .order_by("fixture__round__number", "fixture_id")
        .values_list(
            "fixture_id",
            "fixture__round__number",
            "fixture__round__stage",
            "fixture__home_team_id",
            "fixture__home_team__name",
            "fixture__away_team_id",
            "fixture__away_team__name",
            "home_score",
            "away_score",
            "overtime",
        )
    )
    return [PlayedResult._make(row) for row in rows]


def team_results(
    *,
    season: Season,
    level_winners: Mapping[int, int] | None = None,
    results: Sequence[PlayedResult] | None = None,
) -> dict[int, list[FormResult]]:
    """Every played result of `season` by team id, oldest first (`results`: its
    :func:`played_results`, already read). One query unless given them, and the game's
    level winners' (none for a game without them)."""
    if level_winners is None:
        level_winners = capability(ruleset_for(season.league), TableExtras).table_level_winners(
            season=season
        )
    if results is None:
        results = played_results(season=season)
    by_team: dict[int, list[FormResult]] = {}
    for result in results:
        winner = level_winners.get(result.fixture_id)
        sides = (
            (
                result.home_id,
                result.away_id,
                result.away_name,
                result.home_score,
                result.away_score,
                True,
            ),
            (
                result.away_id,
                result.home_id,
                result.home_name,
                result.away_score,
                result.home_score,
                False,
            ),
        )
        for team_id, opponent_id, opponent, mine, theirs, home in sides:
            won_level = None if winner is None or mine != theirs else winner == team_id
            by_team.setdefault(team_id, []).append(
                FormResult(
                    outcome=_outcome(mine, theirs, result.overtime, won_level),
                    fixture_id=result.fixture_id,
                    round_number=result.round_number,
                    opponent_id=opponent_id,
                    opponent=opponent,
                    score_for=mine,
                    score_against=theirs,
                    home=home,
                    shootout=won_level is not None,
                )
            )
    return by_team


def season_form(
    *, season: Season, results: Sequence[PlayedResult] | None = None
) -> dict[int, TeamForm]:
    """Each team's form guide (its last five results) and streak in `season`, by team id;
    a team that has not played has none. Two queries at most (the results, unless given
    them, and the game's level winners where it has them)."""
    return {
        team_id: TeamForm(last=tuple(played[-LAST:]), streak=streak_of(played))
        for team_id, played in team_results(season=season, results=results).items()
    }
