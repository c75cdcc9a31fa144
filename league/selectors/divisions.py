"""Reads of the divisions (or conferences) of a league season, for every game (their writes:
league/services/divisions.py): the commissioner sets them up in the draft (which teams play
in which), the schedule meets within and across them (league/services/round_robin.py
``division_round_robin``), each has its table, and the playoffs seed their winners first,
then the wild cards (docs/seasons.md "Divisions").

A division's table is its teams' rows in the season's own table order: the league's points
and tie-breakers (its ruleset's) rank the whole season once, and a division reads its part of
that order (Decided: docs/rules-decisions.md "Divisions")."""

from __future__ import annotations

import copy
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.db.models import F

from league.models import Division, Season, StandingRow
from league.selectors.standings import standings_for_season
from rules.seeding import playoff_field

T = TypeVar("T", bound=Hashable)


@dataclass(frozen=True)
class DivisionTable:
    """A division's table: its rows in the season's table order (the first is the
    division's leader); `display_rows` number them within the division."""

    division: Division
    rows: list[StandingRow]

    @property
    def display_rows(self) -> list[StandingRow]:
        """The rows to show, each a copy with its position in the division."""
        shown = []
        for number, row in enumerate(self.rows, start=1):
            line = copy.copy(row)
            line.position = number
            shown.append(line)
        return shown


def season_has_divisions(*, season: Season) -> bool:
    return Division.objects.filter(season=season).exists()


def division_tables(
    *, season: Season, rows: Sequence[StandingRow] | None = None
) -> list[DivisionTable]:
    """Each division of `season` with its rows in table order (`rows`: the season's table
    already read, in order; else read here). Empty for a season without divisions: given
    `rows` none of which has a division, without a query."""
    if rows is not None and all(row.division_id is None for row in rows):
        return []
    divisions = list(Division.objects.filter(season=season))
    if not divisions:
        return []
    if rows is None:
        rows = list(standings_for_season(season=season))
    by_division: dict[int, list[StandingRow]] = {division.pk: [] for division in divisions}
    for row in rows:
        if row.division_id in by_division:
            by_division[row.division_id].append(row)
    return [DivisionTable(division, by_division[division.pk]) for division in divisions]


def division_problems(*, season: Season) -> list[str]:
    """What stops `season`'s divisions from scheduling and seeding its playoffs, in plain
    words (empty: nothing, or the season has no divisions)."""
    divisions = list(Division.objects.filter(season=season))
    if not divisions:
        return []
    if season.is_tournament:
        return [
            f"{season} is a tournament: its groups are drawn, it has no divisions. Delete them."
        ]
    problems = []
    if len(divisions) < 2:
        problems.append(
            "A season in divisions needs at least two divisions: add one or delete this one."
        )
    rows = list(StandingRow.objects.filter(season=season).select_related("team"))
    counts = {division.pk: 0 for division in divisions}
    outside = []
    for row in rows:
        if row.division_id is None:
            outside.append(row.team.name)
        else:
            counts[row.division_id] += 1
    if outside:
        problems.append(f"In no division: {', '.join(sorted(outside))}. Put each in one.")
    for division in divisions:
        if counts[division.pk] < 2:
            problems.append(
                f"{division} has {counts[division.pk] or 'no'} team"
                f"{'' if counts[division.pk] == 1 else 's'}: a division needs at least two."
            )
    if season.playoff_teams and len(divisions) + season.wild_cards != season.playoff_teams:
        problems.append(
            f"The playoffs take {season.playoff_teams} teams, but {len(divisions)} division "
            f"winners and {season.wild_cards} wild card{'' if season.wild_cards == 1 else 's'} "
            f"make {len(divisions) + season.wild_cards}: set the wild cards to "
            f"{max(season.playoff_teams - len(divisions), 0)} or change the playoff teams."
        )
    return problems


def division_playoff_seeds(*, season: Season) -> list[tuple[int, bool]]:
    """The playoff field of a season in divisions, in seed order: each division's leader
    (seeded by its place in the season's table), then the wild cards, the best of the rest by
    the table; each as (team id, whether it won its division)."""
    rows = StandingRow.objects.filter(season=season, division__isnull=False).order_by(
        F("position").asc(nulls_last=True), "team__name"
    )
    division_of = dict(rows.values_list("team_id", "division_id"))
    return playoff_field(list(division_of), division_of, wild_cards=season.wild_cards)


def division_seed_notes(*, season: Season) -> dict[int, str]:
    """Team id → how it reached the playoffs of a season in divisions ("North winner",
    "Wild card"), for the bracket page; empty for any other season."""
    if not season_has_divisions(season=season):
        return {}
    names = dict(
        StandingRow.objects.filter(season=season, division__isnull=False).values_list(
            "team_id", "division__name"
        )
    )
    return {
        team: f"{names.get(team, 'Division')} winner" if won else "Wild card"
        for team, won in division_playoff_seeds(season=season)
    }
