"""A result in the core, for every game: the fixture's lock (`fixture_lock`), whether a
fixture may take one (`result_refusal`) or change it (`result_change_refusal`), the core's
row (`result_insert`) and what follows any result recorded, corrected or voided
(`result_aftermath`): the season's standings (a new result added to them, a
changed one recomputed) and its rounds' status, then the game's own consequences by its
ruleset. The services that record, correct and void a result, for every game, put these
together (league/services/results.py)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import connection
from django.utils import timezone

from league.access import Actor
from league.errors import LeagueError
from league.models import Fixture, Result, Round, Season, Team
from league.odds.services.runs import odds_after_result
from league.rulesets import ruleset_for
from league.selectors.fixtures import fixture_locked
from league.services.standings import standings_add_result, standings_lock, standings_recompute
from league.sql.writes import rows_insert

MAX_SCORE = 99


def fixture_lock(
    *, fixture_id: int, related: Collection[str] = (), teams: bool = False, actor: Actor = None
) -> Fixture:
    """Lock the fixture's season, then (with `teams`: a result's service) its two teams, then
    the fixture: every service that takes these locks takes them in this order (season,
    teams, round, fixture), so none can deadlock another. `related` are the game's own
    relations to load with it. The caller holds the transaction.

    The season is locked FOR SHARE (on PostgreSQL): its status cannot change under a result
    being recorded (a change of status locks it for update), but results of one season are
    recorded side by side; what they share, the table and the round, is locked later and
    briefly (league/services/standings.py). The teams are locked FOR NO KEY UPDATE, in id order: two
    results of one team, whose consequences follow one another (a player's games, his
    injury's countdown), are recorded one after the other, while rows that merely refer to a
    team are still written. One query for the season and the teams. SQLite has one writer at
    a time and no row locks. The teams' rows come with their lock (PostgreSQL) or with the
    fixture.

    The fixture comes with whether its league has an active webhook (``LEAGUE_SUBSCRIBED``),
    read in the same query: the result's event then costs no query in a league without one
    (league/webhooks/services/events.py). With an `actor`, whether they are a commissioner of the
    league comes with it too (``league.access.ACTOR_COMMISSIONER``)."""
    locked_teams: dict[int, Team] = {}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(_TEAMS_LOCK_SQL if teams else _SEASON_LOCK_SQL, [fixture_id])
            if teams:
                names = [field.attname for field in _TEAM_FIELDS]
                for row in cursor.fetchall():
                    team = Team.from_db(connection.alias, names, row)
                    locked_teams[team.pk] = team
    # The teams just locked are the fixture's: read with the lock, they are two relations
    # fewer for the planner here (its join search was most of this query's time).
    joined = () if locked_teams else ("home_team", "away_team")
    fixture = fixture_locked(fixture_id=fixture_id, related=(*joined, *related), actor=actor)
    if locked_teams:
        fixture.home_team = locked_teams[fixture.home_team_id]
        fixture.away_team = locked_teams[fixture.away_team_id]
    return fixture


_TEAM_FIELDS = Team._meta.concrete_fields
_SEASON_FROM = (
    f"FROM {Season._meta.db_table} s "
    f"JOIN {Round._meta.db_table} r ON r.season_id = s.id "
    f"JOIN {Fixture._meta.db_table} f ON f.round_id = r.id "
)
_SEASON_LOCK_SQL = f"SELECT s.id {_SEASON_FROM} WHERE f.id = %s FOR SHARE OF s"
_TEAMS_LOCK_SQL = (
    f"SELECT {', '.join(f't.{connection.ops.quote_name(field.column)}' for field in _TEAM_FIELDS)} "
    f"{_SEASON_FROM} "
    f"JOIN {Team._meta.db_table} t ON t.id IN (f.home_team_id, f.away_team_id) "
    "WHERE f.id = %s ORDER BY t.id FOR SHARE OF s FOR NO KEY UPDATE OF t"
)


def result_refusal(
    *, fixture: Fixture, playable: Collection[str] | None = None
) -> LeagueError | None:
    """Why `fixture` cannot take a result now, or None: it has one already, its season is
    not running, or it is not to be played (its round is not open; or, for a game with a
    match day, its status is not one of `playable`)."""
    try:
        existing: Result | None = fixture.result  # loaded by fixture_lock, else one query
    except Result.DoesNotExist:
        existing = None
    if existing is not None:
        return LeagueError(
            f"{fixture} already has a result: {existing.home_score}–{existing.away_score} "
            f"(result {existing.pk}). A commissioner can correct it.",
            code="already_played",
        )
    # Before the fixture's own state: a season not yet started (or over) is what a reporter
    # must be told, not that its fixtures are still scheduled.
    season = fixture.round.season
    if season.status not in (Season.Status.ACTIVE, Season.Status.PLAYOFFS):
        return LeagueError(
            f"{season} is {season.get_status_display().lower()}: only an active season's "
            "fixtures (or its playoffs') take results.",
            code="season_not_running",
        )
    if playable is not None and fixture.status not in playable:
        return LeagueError(
            f"{fixture} is {fixture.get_status_display().lower()}; it cannot take a result.",
            code="not_ready",
        )
    if playable is None and fixture.round.status != Round.Status.OPEN:
        return LeagueError(
            f"{fixture}'s round is {fixture.round.get_status_display().lower()}; it cannot "
            "take a result.",
            code="not_ready",
        )
    return None


def result_change_refusal(*, season: Season) -> LeagueError | None:
    """Why `season`'s results may not be corrected or voided now, or None: a closed season
    is frozen, its results (and so its champion) stand."""
    if season.status in (Season.Status.FINISHED, Season.Status.ARCHIVED):
        return LeagueError(
            f"{season} is closed: its results can no longer change.", code="season_closed"
        )
    return None


def score_ok(value: Any) -> bool:
    """A score is a whole number from 0 to MAX_SCORE (a bool is not a number here)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SCORE


def result_score_errors(*, home_score: Any, away_score: Any) -> dict[str, str]:
    """Each score that is not one, keyed by its field; empty when both hold."""
    scores = {"home_score": home_score, "away_score": away_score}
    return {
        name: f"A score is a whole number from 0 to {MAX_SCORE}."
        for name, value in scores.items()
        if not score_ok(value)
    }


def result_insert(
    *,
    fixture: Fixture,
    home_score: int,
    away_score: int,
    overtime: bool,
    source: str,
    actor: Actor,
    seed: int | None = None,
    engine_version: str = "",
) -> Result:
    """A new result of `fixture` (locked by the caller) written as a row (rows_insert: the
    ORM's ``create`` cost twice the database's time, on every result), reported by `actor`
    if signed in. It knows its fixture and reporter without a query, as ``create``'s did."""
    reporter = actor if actor is not None and actor.is_authenticated else None
    now = timezone.now()
    (result,) = rows_insert(
        Result,
        _RESULT_FIELDS,
        [
            (
                fixture.pk,
                home_score,
                away_score,
                overtime,
                source,
                None if reporter is None else reporter.pk,
                seed,
                engine_version,
                now,
                now,
            )
        ],
    )
    result.fixture = fixture
    result.reported_by = reporter
    return result


_RESULT_FIELDS = (
    "fixture_id",
    "home_score",
    "away_score",
    "overtime",
    "source",
    "reported_by_id",
    "seed",
    "engine_version",
    "created_at",
    "updated_at",
)


def result_aftermath(*, fixture: Fixture, result: Result | None = None) -> None:
    """Bring up to date everything a result of `fixture` touches: the game's own, then the
    standings and the round. `result` is a result just recorded: its fixture is marked
    played here, with its round's status in the same statement, and the result is added to
    the standings; without it (a correction, a void: the caller has set the fixture's
    status) they are recomputed from the season's results. The caller holds the transaction
    and the fixture's and teams' locks; the table's lock, taken here, is held until it
    commits (league/services/standings.py)."""
    season = fixture.round.season
    was_complete = fixture.round.status == Round.Status.COMPLETE
    # The game's part first: it writes only rows of the two teams, whose locks the caller
    # holds, so results of one season take turns only from the table's lock on, not
    # through the game's writes as well (issue #16: ingest with several clients).
    ruleset_for(season.league).result_aftermath(fixture=fixture, result=result)
    if result is None:
        standings_recompute(season=season)
        _round_status(fixture.round)
    else:
        # The table's lock first: results of one season take turns from here, so the round's
        # status is worked out with every result before this one committed.
        table = standings_lock(season=season)
        _fixture_played(fixture)
        standings_add_result(fixture=fixture, result=result, locked=table)
    # The power ranking moves; a round just complete queues its playoff odds.
    odds_after_result(fixture=fixture, result=result, was_complete=was_complete)


def _fixture_played(fixture: Fixture) -> None:
    """`fixture` marked played and its round complete if it was the last to play: one
    statement on PostgreSQL (the fixture's write a data-modifying WITH of the round's), two
    on SQLite, which has no such WITH."""
    fixture.status, fixture.updated_at = Fixture.Status.PLAYED, timezone.now()
    if connection.vendor != "postgresql":
        Fixture.objects.filter(pk=fixture.pk).update(
            status=fixture.status, updated_at=fixture.updated_at
        )
        _round_status(fixture.round)
        return
    with connection.cursor() as cursor:
        cursor.execute(
            _FIXTURE_PLAYED_SQL,
            [
                fixture.status,
                fixture.updated_at,
                fixture.pk,
                *_round_status_params(fixture.round),
            ],
        )
        changed = cursor.rowcount
    _round_status_changed(fixture.round, changed)


def _round_status(round_: Round) -> None:
    """An open round is complete once every fixture in it is played (and open again when a
    result is voided). One statement: it writes only a round whose status changes (a write
    would bump the league's page version for nothing). Written in SQL: the ORM's form of it
    (a Case of an Exists) cost a millisecond of compiling on every result."""
    with connection.cursor() as cursor:
        cursor.execute(_ROUND_STATUS_SQL, _round_status_params(round_))
        changed = cursor.rowcount
        if changed < 0:
            # Python 3.11's sqlite3 counts no rows of a statement opening with WITH (-1):
            # the status as written, read back.
            cursor.execute(f"SELECT status FROM {_ROUNDS} WHERE id = %s", [round_.pk])
            (round_.status,) = cursor.fetchone()
            return
    _round_status_changed(round_, changed)


def _round_status_params(round_: Round) -> list[int | str]:
    return [
        round_.pk,
        Fixture.Status.PLAYED,
        Round.Status.OPEN,
        Round.Status.COMPLETE,
        round_.pk,
        Round.Status.SCHEDULED,
    ]


def _round_status_changed(round_: Round, changed: int) -> None:
    if changed:  # from open to complete or back: the other of the two
        done = round_.status == Round.Status.OPEN
        round_.status = Round.Status.COMPLETE if done else Round.Status.OPEN


_ROUNDS, _FIXTURES = Round._meta.db_table, Fixture._meta.db_table


def _round_status_sql(*, played_first: bool) -> str:
    """The status the round should have (s), written where it differs and the round has
    begun. With `played_first`, the fixture is marked played first in the same statement
    (WITH played): the round's fixtures are read as they were before that write, so the
    played one is left out by its id."""
    played = (
        f"played AS (UPDATE {_FIXTURES} SET status = %s, updated_at = %s WHERE id = %s "
        "RETURNING id), "
        if played_first
        else ""
    )
    besides = " AND f.id NOT IN (SELECT id FROM played)" if played_first else ""
    return (
        f"WITH {played}s(status) AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM {_FIXTURES} f "
        f"WHERE f.round_id = %s AND f.status <> %s{besides}) THEN %s ELSE %s END) "
        f"UPDATE {_ROUNDS} SET status = s.status FROM s "
        f"WHERE {_ROUNDS}.id = %s AND {_ROUNDS}.status NOT IN (%s, s.status)"
    )


_ROUND_STATUS_SQL = _round_status_sql(played_first=False)
_FIXTURE_PLAYED_SQL = _round_status_sql(played_first=True)
