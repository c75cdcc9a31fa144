"""Many MagnoBall leagues built set-based for bench/scale.py: each league's rows are written
by ``COPY`` (league.sql.copy.rows_copy) with ids reserved from the tables' sequences, never
through the services, so a thousand leagues take minutes rather than the hours their
simulation would.

What a bulk league has: one active season (its rules row with the defaults) whose double
round robin is fully played, 16 to 20 teams (one entry, a standings row, each), 18 players a
team in the creation template's positions (M-P2), every round complete, every fixture played
with a *reported* result (a score, overtime now and then, no engine seed) and the table
computed from those results by the application's own table (rules.standings.compute_table,
with the season rules' points and tie-breakers), so the standings rows add up. The page
versions come from the database's own triggers, which fire on COPY as on any insert.

What it lacks, on purpose: appearances, stat lines, match events, line-ups, injuries, dice
rolls, audit entries, ratings and odds (a reported result has no replay, and its players no
games). Those are most of a simulated season's bytes (bench/scale.py measures a real one);
the pages of a bulk league render without them, as those of a league whose coaches report
their scores."""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: Leagues written in one transaction: its rows held in memory at once (~35,000 fixtures).
BATCH = 100
#: Names sort after the measured league's and the demos': the home page's first cards stay.
NAME = "Scale League {number:04}"


@dataclass
class Built:
    leagues: int = 0
    teams: int = 0
    players: int = 0
    rounds: int = 0
    fixtures: int = 0
    seconds: float = 0.0
    league_ids: list[int] | None = None


def _reserve(model: type[Any], count: int) -> int:
    """The first of `count` consecutive ids taken from `model`'s id sequence."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [model._meta.db_table])
        (sequence,) = cursor.fetchone()
        cursor.execute("SELECT setval(%s, nextval(%s) + %s - 1)", [sequence, sequence, count])
        (last,) = cursor.fetchone()
    return int(last) - count + 1


def _copy(model: type[Any], fields: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """rows_copy with every concrete field not named set to its default (``auto_now`` to
    now): COPY gives an unnamed column the database's default, and Django's are in Python."""
    from django.utils import timezone

    from league.sql.copy import rows_copy

    meta = model._meta
    now = timezone.now()
    rest = [
        field
        for field in meta.concrete_fields
        if field.attname not in fields
        and field.name not in fields
        and not getattr(field, "auto_now_add", False)  # rows_copy stamps them
        and field is not meta.pk
    ]
    extra = tuple(now if getattr(f, "auto_now", False) else f.get_default() for f in rest)
    names = [*fields, *(field.attname for field in rest)]
    return rows_copy(model, names, ((*row, *extra) for row in rows))


@dataclass
class _League:
    number: int
    teams: int
    schedule: list[list[tuple[int, int]]]


def _batch(plan: list[_League], rng: random.Random, built: Built) -> None:
    from django.utils import timezone

    from league.models import Fixture, League, Result, Round, Season, StandingRow, Team
    from rosters.models import Player, SeasonRules
    from rules.magnoball.creation import roster_template
    from rules.standings import TableGame, compute_table

    now = timezone.now()
    opened = now - datetime.timedelta(days=300)
    template = roster_template()
    table_settings = SeasonRules().to_engine().table()
    count = len(plan)
    team_total = sum(league.teams for league in plan)
    round_total = sum(len(league.schedule) for league in plan)
    fixture_total = sum(len(pairs) for league in plan for pairs in league.schedule)
    league_id = _reserve(League, count)
    season_id = _reserve(Season, count)
    team_id = _reserve(Team, team_total)
    player_id = _reserve(Player, team_total * len(template))
    round_id = _reserve(Round, round_total)
    fixture_id = _reserve(Fixture, fixture_total)
    result_id = _reserve(Result, fixture_total)

    leagues, seasons, teams, players, standings = [], [], [], [], []
    rounds, fixtures, results = [], [], []
    for offset, league in enumerate(plan):
        lid, sid = league_id + offset, season_id + offset
        name = NAME.format(number=league.number)
        leagues.append((lid, name, name.lower().replace(" ", "-")))
        start = (opened - datetime.timedelta(days=1)).date()
        seasons.append((sid, lid, "Bulk", "bulk", Season.Status.ACTIVE, start, opened))
        keys: list[int] = []
        names: dict[str, str] = {}
        for index in range(league.teams):
            tid = team_id
            team_id += 1
            keys.append(tid)
            team_name = f"{name} Team {index + 1:02}"
            names[str(tid)] = team_name
            teams.append((tid, lid, team_name, f"T{index + 1:02}", f"team-{index + 1:02}"))
            for slot, (position, first_string) in enumerate(template):
                status = "rookie" if rng.random() < 1 / 6 else "pro"
                string = Player.String.FIRST if first_string else Player.String.SECOND
                players.append(
                    (player_id, tid, f"Player {slot + 1:02} of {team_name}", slot + 1,
                     position.value, string, status, status)
                )  # fmt: skip
                player_id += 1
        games = []
        for number, pairs in enumerate(league.schedule, start=1):
            rid = round_id
            round_id += 1
            day = start + datetime.timedelta(days=7 * (number - 1))
            rounds.append((rid, sid, number, Round.Status.COMPLETE, day, opened))
            for home, away in pairs:
                fixtures.append((fixture_id, rid, keys[home], keys[away], Fixture.Status.PLAYED))
                home_score, away_score = rng.randint(0, 6), rng.randint(0, 5)
                overtime = home_score == away_score
                if overtime and rng.random() < 0.7:  # overtime settles most level games
                    home_score += rng.random() < 0.5
                    away_score += home_score == away_score
                results.append(
                    (result_id, fixture_id, home_score, away_score, overtime, "reported")
                )
                games.append(
                    TableGame(str(keys[home]), str(keys[away]), home_score, away_score, overtime)
                )
                fixture_id += 1
                result_id += 1
        for row in compute_table(teams=names, games=games, settings=table_settings):
            standings.append(
                (sid, int(row.team), row.position, row.played, row.won, row.won_overtime,
                 row.drawn, row.lost_overtime, row.lost, row.score_for, row.score_against,
                 row.points, row.explanation[:500])
            )  # fmt: skip

    _copy(League, ["id", "name", "slug"], leagues)
    _copy(
        Season,
        ["id", "league_id", "name", "slug", "status", "starts_on", "started_at"],
        seasons,
    )
    _copy(SeasonRules, ["season_id"], ((sid,) for sid, *_ in seasons))
    _copy(Team, ["id", "league_id", "name", "short_name", "slug"], teams)
    _copy(
        StandingRow,
        ["season_id", "team_id", "position", "played", "won", "won_overtime", "drawn",
         "lost_overtime", "lost", "score_for", "score_against", "points", "explanation"],
        standings,
    )  # fmt: skip
    _copy(
        Player,
        ["id", "team_id", "name", "shirt_number", "position", "string", "status",
         "start_status"],
        players,
    )  # fmt: skip
    _copy(Round, ["id", "season_id", "number", "status", "starts_on", "opened_at"], rounds)
    _copy(Fixture, ["id", "round_id", "home_team_id", "away_team_id", "status"], fixtures)
    _copy(Result, ["id", "fixture_id", "home_score", "away_score", "overtime", "source"], results)
    built.leagues += count
    built.teams += team_total
    built.players += len(players)
    built.rounds += round_total
    built.fixtures += fixture_total
    assert built.league_ids is not None
    built.league_ids += [lid for lid, *_ in leagues]


def bulk_leagues(
    *, count: int, teams_min: int, teams_max: int, seed: int = 1, first: int = 1
) -> Built:
    """`count` leagues of `teams_min` to `teams_max` teams each (see the module's
    docstring), numbered from `first`, in transactions of BATCH leagues; prints progress."""
    from django.db import connection, transaction

    if connection.vendor != "postgresql":
        raise SystemExit("The bulk leagues are written by COPY: PostgreSQL only.")
    rng = random.Random(seed)
    # The application's own circle method (league/services/round_robin.py, pure Python).
    from league.services.round_robin import round_robin

    schedules = {
        n: round_robin(list(range(n)), double=True) for n in range(teams_min, teams_max + 1)
    }
    built = Built(league_ids=[])
    start = time.perf_counter()
    with connection.cursor() as cursor:  # a throw-away database: no need to wait for fsync
        cursor.execute("SET synchronous_commit = off")
    for batch_start in range(0, count, BATCH):
        plan = []
        for number in range(batch_start, min(batch_start + BATCH, count)):
            teams = rng.randint(teams_min, teams_max)
            plan.append(_League(first + number, teams, schedules[teams]))
        with transaction.atomic():
            _batch(plan, rng, built)
        print(
            f"  {built.leagues:5} leagues, {built.fixtures:,} results "
            f"({time.perf_counter() - start:5.1f} s)",
            flush=True,
        )
    built.seconds = time.perf_counter() - start
    return built
