"""The stored standings table, by the shared table (rules/standings/) with the
points and tie-breakers the league's ruleset sets: a new result is added to it
(`standings_add_result`), a correction or a void recomputes it from the season's results
(`standings_recompute`). Both give the same table (tests/league/test_standings_incremental.py).

The season's rows are the table's lock: each writer locks them all, in id order, for the
rest of its transaction, so two results of one season at once are added one after the other
and neither is lost or counted twice, while the rest of their recording runs side by side."""

from __future__ import annotations

from django.db import connection, transaction
from django.utils import timezone

from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.models import Fixture, Result, Round, Season, StandingRow, Team
from league.rulesets import ruleset_for
from league.selectors.standings import regular_season_games
from league.sql.writes import rows_update
from rules.standings import (
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
        games = regular_season_games(
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
            games = regular_season_games(
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
