"""PostgreSQL plans a result's reads for a season of any size: the service's connections take
a random page read to cost 1.1 sequential ones (DB_RANDOM_PAGE_COST, docs/operations.md),
not the spinning disk's 4 of PostgreSQL's default, with which a result's lines were read by
scanning every stat line of the database (docs/performance.md, "Prepared statements and the
planner")."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from games.models import Appearance, StatLine
from games.selectors.lineup_rows import PICKABLE, _team_statements
from games.services.aftermath import _NEW_RESULT_LINES_SQL
from injuries.services import _COUNT_NEW_GAME_SQL
from rosters.models import Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def postgres() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's planner: the embedded SQLite set-up has no such setting")


def test_connections_carry_the_planner_setting(postgres: None) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        assert float(cursor.fetchone()[0]) == settings.DB_RANDOM_PAGE_COST


def test_a_results_lines_are_read_by_the_index_in_a_long_season(postgres: None) -> None:
    # Half a season's stat lines of other matches (about 190 results'), not yet analysed, as
    # in a season played since the last autovacuum: the lines of one result are a few dozen.
    # The last analysis is of this test's own empty tables: statistics an autovacuum took of
    # earlier tests' rows (a worker's database lives the whole run) chose another plan.
    with connection.cursor() as cursor:
        for model in (StatLine, Appearance, Player):
            cursor.execute(f"ANALYZE {model._meta.db_table}")
        cursor.execute(
            f"INSERT INTO {StatLine._meta.db_table} (appearance_id, category, attempts, successes)"
            " SELECT 1000000 + n / 2, CASE WHEN n % 2 = 0 THEN 'attack' ELSE 'goal' END, 2, 1"
            " FROM generate_series(1, 9000) AS n"
        )
        cursor.execute("EXPLAIN " + _NEW_RESULT_LINES_SQL, [42])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert f"Seq Scan on {StatLine._meta.db_table}" not in plan, plan


def _generic_plan(sql: str, params: list[object], types: list[str]) -> str:
    """The plan PostgreSQL keeps for `sql` once psycopg has prepared it (a statement sent
    twice): the generic one, made without the values (of `types`)."""
    numbered = sql
    for number in range(1, len(params) + 1):
        numbered = numbered.replace("%s", f"${number}", 1)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        cursor.execute(f"PREPARE generic_plan_probe ({', '.join(types)}) AS {numbered}")
        try:
            # EXPLAIN takes no parameters: the values go as literals.
            arguments = ", ".join(
                str(value) if isinstance(value, int) else "'" + str(value).replace("'", "''") + "'"
                for value in params
            )
            cursor.execute(f"EXPLAIN EXECUTE generic_plan_probe ({arguments})")
            return "\n".join(row[0] for row in cursor.fetchall())
        finally:
            cursor.execute("DEALLOCATE generic_plan_probe")


def test_open_injuries_are_read_by_their_partial_index(postgres: None, world: Any) -> None:
    """A line-up's read of the open injuries (M-I1) and the countdown after a game name the
    open state as a literal: the plan kept for the prepared statement can use the partial
    unique index of open injuries; with the state a parameter it read every injury of it."""
    teams = [world.home.pk, world.away.pk]
    _, injuries_sql = _team_statements(len(teams))
    plan = _generic_plan(injuries_sql, [*teams, *PICKABLE], ["bigint"] * 2 + ["varchar"] * 2)
    assert "one_open_injury_per_player" in plan, plan


def test_the_countdown_after_a_game_reads_open_injuries_by_their_partial_index(
    postgres: None, world: Any
) -> None:
    """The injured-list countdown after a game (M-I1) finds the two teams' open injuries the
    same way, in the plan kept for its prepared statement."""
    now = datetime(2026, 12, 5, tzinfo=UTC)
    params: list[object] = ["served", now, now, 1, 1, 1, world.home.pk, world.away.pk]
    types = ["varchar", "timestamptz", "timestamptz", "bigint", "integer", "bigint"]
    plan = _generic_plan(_COUNT_NEW_GAME_SQL, params, [*types, "bigint", "bigint"])
    assert "one_open_injury_per_player" in plan, plan
