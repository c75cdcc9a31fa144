"""What a line-up is planned from (M-P3, games/selectors/lineups.py), read by three statements
written as SQL: the teams' players who may be picked (active or on the injured list), those
of them out injured, and the reserves their coaches named for the fixtures (`lineup_rows`);
and the players of a line-up fixed at kick-off and which of them started (`lineup_stored`).

Every result kicks off with the first read (a simulation when it starts, a reported result
when it is recorded), and a simulation's result is checked against the second. As ORM
queries, building and compiling them was most of their time; the statements here are
written once a process (for each number of teams and fixtures), and the rows come back as
the ORM's would (league/sql/reads.py)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache, lru_cache

from django.db import connection

from games.models import LineupChoice, LineupEntry
from injuries.models import INJURY_OUT, Injury
from league.sql.reads import model_columns, param_list
from rosters.models import Player

#: Who may be picked for a line-up, the others having retired or left.
PICKABLE = (Player.RosterState.ACTIVE, Player.RosterState.INJURED_LIST)


@dataclass(frozen=True)
class FixedLineup:
    """A line-up fixed at kick-off (M-P3): every player who may take the field, by id, and
    the starters among them, who took it whatever a report says."""

    players: dict[int, Player]
    starters: frozenset[int]


@dataclass
class LineupRows:
    players: dict[int, list[Player]]  # by team id, in no order
    injuries: dict[int, Injury]  # the out injury of a player, by his id
    choices: dict[tuple[int, int], list[LineupChoice]]  # by (fixture id, team id)


def lineup_rows(*, team_ids: Collection[int], fixture_ids: Collection[int]) -> LineupRows:
    """The rows the line-ups of `team_ids` in `fixture_ids` are planned from; three
    statements, none without a team."""
    teams, fixtures = list(team_ids), list(fixture_ids)
    rows = LineupRows(defaultdict(list), {}, defaultdict(list))
    if not teams:
        return rows
    player = model_columns(Player, "p")
    injury = model_columns(Injury, "i")
    choice = model_columns(LineupChoice, "c")
    with connection.cursor() as cursor:
        players_sql, injuries_sql = _team_statements(len(teams))
        cursor.execute(players_sql, [*teams, *PICKABLE])
        for row in cursor.fetchall():
            loaded = player.load(row)
            rows.players[loaded.team_id].append(loaded)
        cursor.execute(injuries_sql, [*teams, *PICKABLE])
        for row in cursor.fetchall():
            out = injury.load(row)
            rows.injuries[out.player_id] = out
        if fixtures:
            cursor.execute(_choices_statement(len(fixtures)), fixtures)
            for row in cursor.fetchall():
                named = choice.load(row)
                named.reserve = player.load_at(row, choice.width)
                rows.choices[(named.fixture_id, named.team_id)].append(named)
    return rows


def lineup_stored(*, fixture_id: int) -> FixedLineup:
    """`fixture_id`'s line-up fixed at kick-off (its LineupEntry rows): those who may take
    the field and its starters; empty before kick-off. One statement."""
    player = model_columns(Player, "p")
    with connection.cursor() as cursor:
        cursor.execute(_stored_statement(), [fixture_id])
        rows = cursor.fetchall()
    players = {loaded.pk: loaded for loaded in (player.load(row[:-1]) for row in rows)}
    return FixedLineup(players, frozenset(row[player.pk_index] for row in rows if row[-1]))


_PLAYERS = Player._meta.db_table


@cache
def _stored_statement() -> str:
    return (
        f"SELECT {model_columns(Player, 'p').select}, e.starter "
        f"FROM {LineupEntry._meta.db_table} e "
        f"JOIN {_PLAYERS} p ON p.id = e.player_id WHERE e.fixture_id = %s"
    )


@lru_cache(maxsize=32)
def _team_statements(teams: int) -> tuple[str, str]:
    pickable = param_list(len(PICKABLE))
    where = f"p.team_id IN ({param_list(teams)}) AND p.roster_state IN ({pickable})"
    return (
        f"SELECT {model_columns(Player, 'p').select} FROM {_PLAYERS} p WHERE {where}",
        f"SELECT {model_columns(Injury, 'i').select} FROM {Injury._meta.db_table} i "
        f"JOIN {_PLAYERS} p ON p.id = i.player_id WHERE {where} AND i.state = {INJURY_OUT}",
    )


@lru_cache(maxsize=32)
def _choices_statement(fixtures: int) -> str:
    return (
        f"SELECT {model_columns(LineupChoice, 'c').select}, "
        f"{model_columns(Player, 'p').select} FROM {LineupChoice._meta.db_table} c "
        f"JOIN {_PLAYERS} p ON p.id = c.reserve_id WHERE c.fixture_id IN "
        f"({param_list(fixtures)})"
    )
