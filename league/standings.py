"""The stored standings table, by the shared table (rules/standings/) with the
points and tie-breakers the league's ruleset sets: a new result is added to it
(`standings_add_result`), a correction or a void recomputes it from the season's results
(`standings_recompute`). Both give the same table (tests/league/test_standings_incremental.py).

The season's rows are the table's lock: each writer locks them all, in id order, for the
rest of its transaction, so two results of one season at once are added one after the other
and neither is lost or counted twice, while the rest of their recording runs side by side."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone

from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.models import Fixture, Result, Round, Season, StandingRow, Team
from league.rulesets import GameCounts, ruleset_for
from league.sql.reads import param_list
from league.sql.writes import rows_update
from rules.standings import (
    CountBreaker,
    TableGame,
    TableRow,
    compute_table,
    table_after_game,
)

_TABLE_FIELDS = (
    "position",
    "played",
    "won",
    "won_overtime",
    "drawn",
    "lost_overtime",
    "lost",
    "score_for",
    "score_against",
    "points",
    "explanation",
)
_EXPLANATION_LENGTH = StandingRow._meta.get_field("explanation").max_length or 300


def standings_lock(*, season: Season) -> list[StandingRow]:
    """Every standings row of `season`, each with its team (its name loaded), locked
    until the caller's transaction ends (the caller holds it). Taken in id order, so two
    writers cannot deadlock. Written in SQL: on a result's hot path the ORM's compiling of
    the lock and building each row's team cost more than the database did."""
    with connection.cursor() as cursor:
        cursor.execute(_LOCK_SQL, [season.pk])
        fetched = cursor.fetchall()
    rows = []
    for values in fetched:
        row = StandingRow.from_db(connection.alias, _ROW_NAMES, values[:-1])
        # As .only("id", "name") would load it: the table needs the team's name alone.
        row.team = Team.from_db(connection.alias, ["id", "name"], (row.team_id, values[-1]))
        rows.append(row)
    return rows


# Every column but the time of the last write, which the table does not need (and which a
# raw read on SQLite would give without its time zone): left deferred, as .defer() would.
_ROW_FIELDS = [f for f in StandingRow._meta.concrete_fields if f.attname != "updated_at"]
_ROW_NAMES = [field.attname for field in _ROW_FIELDS]
_LOCK_SQL = (
    "SELECT "
    + ", ".join(f"r.{connection.ops.quote_name(field.column)}" for field in _ROW_FIELDS)
    + f", t.name FROM {StandingRow._meta.db_table} r "
    f"JOIN {Team._meta.db_table} t ON t.id = r.team_id WHERE r.season_id = %s ORDER BY r.id"
    + (" FOR UPDATE OF r" if connection.features.has_select_for_update_of else "")
)


def standings_recompute(*, season: Season) -> list[StandingRow]:
    """Rewrite every standings row of `season` from its played regular-season results (a
    tournament: its group stage), by the points and tie-breakers of the league's ruleset.

    Computed from scratch, so a corrected or voided result can only ever leave the table
    right. Playoff results do not count. The same few queries whatever the season's size (the
    rows locked, the ruleset's table settings, the results, one update). Returns the rows in
    table order.
    """
    with transaction.atomic(savepoint=False):
        rows = standings_lock(season=season)
        # Read afresh: the caller's copy may predate a change of the season's settings.
        season = Season.objects.select_related("league").get(pk=season.pk)
        ruleset = ruleset_for(season.league)
        games = _regular_season_games(
            season,
            counts=capability(ruleset, TableExtras).table_counts(season=season),
            level_winners=capability(ruleset, TableExtras).table_level_winners(season=season),
        )
        settings = ruleset.table_settings(season=season)
        changed = []
        # A tournament's groups each have their own table, by the same rules and
        # tie-breakers: a group's games are exactly those among its teams. A season
        # (or a field not drawn yet) is one table.
        for table_rows in _tables(rows):
            keys = {str(row.team_id) for row in table_rows}
            table = compute_table(
                teams={str(row.team_id): row.team.name for row in table_rows},
                games=[game for game in games if game.home in keys and game.away in keys],
                settings=settings,
            )
            changed += _apply(table_rows, table)
        rows_update(StandingRow, changed, [*_TABLE_FIELDS, "updated_at"])
    return _in_order(rows)


def standings_add_result(
    *, fixture: Fixture, result: Result, locked: list[StandingRow] | None = None
) -> list[StandingRow]:
    """Add `fixture`'s new `result` to its season's table: the result's points, wins and
    scores added to its two teams' rows and the table put in order again,
    reading the season's results only if a tie-breaker needs them (head-to-head, a game's own
    counts) for teams level before it. Only the rows that changed are written, in one
    statement. A playoff result, or a game between two groups, changes no table. The caller
    holds the transaction and has stored the result with the fixture played, and may have
    taken the table's lock already (`locked`: what standings_lock returned); returns the
    rows in table order."""
    season = fixture.round.season
    with transaction.atomic(savepoint=False):
        rows = standings_lock(season=season) if locked is None else locked
        by_team = {row.team_id: row for row in rows}
        home, away = by_team.get(fixture.home_team_id), by_team.get(fixture.away_team_id)
        if (
            fixture.round.stage != Round.Stage.REGULAR
            or home is None
            or away is None
            or home.group_id != away.group_id
        ):
            return _in_order(rows)
        ruleset = ruleset_for(season.league)
        table_rows = [row for row in rows if row.group_id == home.group_id]
        keys = {str(row.team_id) for row in table_rows}
        level_winner = None
        if result.home_score == result.away_score:
            level_winner = (
                capability(ruleset, TableExtras).table_level_winners(season=season).get(fixture.pk)
            )

        def table_games(teams: frozenset[str], among: bool) -> list[TableGame]:
            games = _regular_season_games(
                season,
                counts=capability(ruleset, TableExtras).table_counts(season=season),
                level_winners=capability(ruleset, TableExtras).table_level_winners(season=season),
                teams=(teams & keys, among),
            )
            return [game for game in games if game.home in keys and game.away in keys]

        table = table_after_game(
            teams={str(row.team_id): row.team.name for row in table_rows},
            rows=[_line(row) for row in table_rows],
            game=TableGame(
                str(fixture.home_team_id),
                str(fixture.away_team_id),
                result.home_score,
                result.away_score,
                result.overtime,
                level_winner=None if level_winner is None else str(level_winner),
            ),
            games=table_games,
            settings=ruleset.table_settings(season=season),
        )
        rows_update(StandingRow, _apply(table_rows, table), [*_TABLE_FIELDS, "updated_at"])
    return _in_order(rows)


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
        games = _regular_season_games(
            season, counts=capability(ruleset, TableExtras).table_counts(season=season)
        )
        for game in games:
            for team, counts in ((game.home, game.home_counts), (game.away, game.away_counts)):
                own = totals.setdefault(int(team), {})
                for key, count in counts:
                    own[key] = own.get(key, 0) + count
    return StandingsCounts(columns, totals)


def _in_order(rows: list[StandingRow]) -> list[StandingRow]:
    return sorted(rows, key=lambda row: (row.group_id or 0, row.position or 0))


def _line(row: StandingRow) -> TableRow:
    """A stored row as the shared table's line, to add a game to."""
    return TableRow(
        team=str(row.team_id),
        position=row.position or 0,
        played=row.played,
        won=row.won,
        won_overtime=row.won_overtime,
        drawn=row.drawn,
        lost_overtime=row.lost_overtime,
        lost=row.lost,
        score_for=row.score_for,
        score_against=row.score_against,
        points=row.points,
        explanation=row.explanation,
    )


def _tables(rows: list[StandingRow]) -> list[list[StandingRow]]:
    """The rows of each table: one per group, or all rows when there are no groups."""
    by_group: dict[int | None, list[StandingRow]] = {}
    for row in rows:
        by_group.setdefault(row.group_id, []).append(row)
    return list(by_group.values())


def _regular_season_games(
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


# Written in SQL for the same reason as the lock: it is read on most results (a tie-breaker
# of level teams needs the games), and its ORM form was mostly compiling.
_GAMES_SQL = (
    "SELECT res.fixture_id, f.home_team_id, f.away_team_id, res.home_score, res.away_score, "
    f"res.overtime FROM {Result._meta.db_table} res "
    f"JOIN {Fixture._meta.db_table} f ON f.id = res.fixture_id "
    f"JOIN {Round._meta.db_table} r ON r.id = f.round_id "
    "WHERE r.season_id = %s AND r.stage = %s AND f.status = %s"
)


def _apply(rows: list[StandingRow], table: list[TableRow]) -> list[StandingRow]:
    """Write the table into the rows; returns the rows that changed (only those are saved)."""
    lines = {line.team: line for line in table}
    now = timezone.now()
    changed = []
    for row in rows:
        line = lines[str(row.team_id)]
        values = {name: getattr(line, name) for name in _TABLE_FIELDS}
        values["explanation"] = _fit(line.explanation)
        if any(getattr(row, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(row, name, value)
            row.updated_at = now  # a set-based update skips auto_now
            changed.append(row)
    return changed


def _fit(text: str) -> str:
    # Two long team names can outgrow the column; cut at a word with an ellipsis.
    if len(text) <= _EXPLANATION_LENGTH:
        return text
    return text[: _EXPLANATION_LENGTH - 1].rsplit(" ", 1)[0] + "…"


def standings_games(*, season: Season) -> list[TableGame]:
    """The season's played regular-season games as the shared table counts them (the
    game's own counts and tie-break winners included): the playoff odds start from them."""
    ruleset = ruleset_for(season.league)
    return _regular_season_games(
        season,
        counts=capability(ruleset, TableExtras).table_counts(season=season),
        level_winners=capability(ruleset, TableExtras).table_level_winners(season=season),
    )
