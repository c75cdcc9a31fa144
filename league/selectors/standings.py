"""Reads of a season's standings: the table, its history round by round, and the played games
it counts with the game's own tie-breaker counts (the stored table's writes:
league/services/standings.py)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.db import connection
from django.db.models import F, QuerySet

from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.models import Fixture, Result, Round, Season, StandingRow
from league.rulesets import GameCounts, ruleset_for
from league.sql.reads import param_list
from rules.standings import (
    CountBreaker,
    TableGame,
    TableSettings,
    compute_table,
)

if TYPE_CHECKING:
    from league.honours.form import PlayedResult


def standings_for_season(*, season: Season) -> QuerySet[StandingRow]:
    """The season's table: its rows with their teams, by position (rows not yet ranked last),
    then team name. One query whatever the number of teams."""
    return (
        StandingRow.objects.filter(season=season)
        .select_related("team")
        .order_by(F("position").asc(nulls_last=True), "team__name")
    )


@lru_cache(maxsize=64)
def _positions_by_round(
    teams: tuple[tuple[str, str], ...],
    results: tuple[tuple[int, int, int, int, int, bool], ...],
    settings: TableSettings,
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    """(the completed round numbers, each team's position after each of them): the shared
    table replayed round by round. A pure function of the stored results, so
    it is kept per process for the last seasons asked about: a new or corrected result is
    a new key, never a stale answer."""
    names = dict(teams)
    numbers = tuple(sorted({r[0] for r in results}))
    series: dict[str, list[int]] = {key: [] for key in names}
    for number in numbers:
        games = [
            TableGame(str(h), str(a), hs, aws, ot)
            for n, h, a, hs, aws, ot in results
            if n <= number
        ]
        for line in compute_table(teams=names, games=games, settings=settings):
            series[line.team].append(line.position)
    return numbers, tuple((key, tuple(v)) for key, v in series.items())


def standings_by_round(
    *,
    season: Season,
    rows: Sequence[StandingRow] | None = None,
    played: Sequence[PlayedResult] | None = None,
) -> dict[str, Any]:
    """Each team's table position after every completed regular-season round,
    worked out by the shared table from the stored results with the points and tie-breakers
    of the league's ruleset. One query when given the season's standing `rows` with their
    teams (as the standings page has them), else two; none more when also given its
    `played` results in round order (league.honours.form.played_results)."""
    if rows is None:
        rows = list(StandingRow.objects.filter(season=season).select_related("team"))
    names = {str(r.team_id): r.team.name for r in rows}
    results = (
        _regular_results(season)
        if played is None
        else tuple(
            (r.round_number, r.home_id, r.away_id, r.home_score, r.away_score, r.overtime)
            for r in played
            if r.stage == Round.Stage.REGULAR
        )
    )
    numbers, positions = _positions_by_round(
        tuple(names.items()), results, ruleset_for(season.league).table_settings(season=season)
    )
    series = dict(positions)
    colours = {str(r.team_id): r.team.colour for r in rows}
    return {
        "rounds": list(numbers),
        "teams": [
            {"name": names[k], "colour": colours[k], "positions": list(series.get(k, ()))}
            for k in names
        ],
        "team_count": len(names),
    }


def _regular_results(season: Season) -> tuple[tuple[int, int, int, int, int, bool], ...]:
    return tuple(
        Result.objects.filter(
            fixture__round__season=season,
            fixture__round__stage=Round.Stage.REGULAR,
            fixture__status=Fixture.Status.PLAYED,
        )
        .order_by("fixture__round__number", "fixture_id")
        .values_list(
            "fixture__round__number",
            "fixture__home_team_id",
            "fixture__away_team_id",
            "home_score",
            "away_score",
            "overtime",
        )
    )


@dataclass(frozen=True)
class StandingsCounts:
    """The game's own tie-breaker counts of a season's table (e.g. kills):
    each count's key and label, and each team's totals over the regular season by team id
    (0 for a team with none)."""

    columns: tuple[CountBreaker, ...]
    totals: Mapping[int, Mapping[str, int]]

    def of(self, team_id: int) -> dict[str, int]:
        totals = self.totals.get(team_id, {})
        return {column.key: totals.get(column.key, 0) for column in self.columns}


def standings_counts(*, season: Season) -> StandingsCounts:
    """The counts the season's tie-breakers add up, as the table counts them (regular-season
    games only), for the pages, the API and the CSV beside the core's columns."""
    ruleset = ruleset_for(season.league)
    columns = tuple(
        breaker
        for breaker in ruleset.table_settings(season=season).tie_breakers
        if isinstance(breaker, CountBreaker)
    )
    totals: dict[int, dict[str, int]] = {}
    if columns:
        games = regular_season_games(
            season, counts=capability(ruleset, TableExtras).table_counts(season=season)
        )
        for game in games:
            for team, counts in ((game.home, game.home_counts), (game.away, game.away_counts)):
                own = totals.setdefault(int(team), {})
                for key, count in counts:
                    own[key] = own.get(key, 0) + count
    return StandingsCounts(columns, totals)


def regular_season_games(
    season: Season,
    *,
    counts: Mapping[int, GameCounts],
    level_winners: Mapping[int, int] | None = None,
    teams: tuple[Collection[str], bool] | None = None,
) -> list[TableGame]:
    """The results of the season's played regular-season fixtures, in one query, with the
    game's own counts for its tie-breakers (e.g. kills) and the winners of level games
    it settled otherwise (e.g. shootouts), by fixture id. Given `teams`
    (keys, and whether only games between two of them), only those games (a tie-breaker's:
    rules.standings.GamesLoader)."""
    level_winners = level_winners or {}
    sql = _GAMES_SQL
    params: list[int | str] = [season.pk, Round.Stage.REGULAR, Fixture.Status.PLAYED]
    if teams is not None:
        ids, among = [int(key) for key in teams[0]], teams[1]
        if not ids:
            return []
        listed = param_list(len(ids))
        joined = "AND" if among else "OR"
        sql += f" AND (f.home_team_id IN ({listed}) {joined} f.away_team_id IN ({listed}))"
        params += [*ids, *ids]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        results = cursor.fetchall()
    games = []
    for fixture_id, home, away, home_score, away_score, overtime in results:
        home_counts, away_counts = counts.get(fixture_id, ((), ()))
        level_winner = level_winners.get(fixture_id) if home_score == away_score else None
        games.append(
            TableGame(
                str(home),
                str(away),
                home_score,
                away_score,
                overtime,
                home_counts=home_counts,
                away_counts=away_counts,
                level_winner=None if level_winner is None else str(level_winner),
            )
        )
    return games


# Written in SQL for the same reason as the table's lock (league/services/standings.py): it is
# read on most results (a tie-breaker of level teams needs the games), and its ORM form was
# mostly compiling.
_GAMES_SQL = (
    "SELECT res.fixture_id, f.home_team_id, f.away_team_id, res.home_score, res.away_score, "
    f"res.overtime FROM {Result._meta.db_table} res "
    f"JOIN {Fixture._meta.db_table} f ON f.id = res.fixture_id "
    f"JOIN {Round._meta.db_table} r ON r.id = f.round_id "
    "WHERE r.season_id = %s AND r.stage = %s AND f.status = %s"
)


def standings_games(*, season: Season) -> list[TableGame]:
    """The season's played regular-season games as the shared table counts them (the
    game's own counts and tie-break winners included): the playoff odds start from them."""
    ruleset = ruleset_for(season.league)
    return regular_season_games(
        season,
        counts=capability(ruleset, TableExtras).table_counts(season=season),
        level_winners=capability(ruleset, TableExtras).table_level_winners(season=season),
    )
