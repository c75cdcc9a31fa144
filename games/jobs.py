"""Simulation jobs: a fixture played by a Celery worker, one job per fixture, with a stored
seed (M-D8) and a progress a page can poll.

The life of a job (docs/operations.md, "Simulation jobs"):

``simulation_request`` (or its round and season forms) checks the fixture is ready, moves
it to *simulating*, stores a job with a seed from ``secrets`` and queues the task when the
transaction commits. A worker calls ``simulation_run``, which

1. takes a PostgreSQL session advisory lock on the job: the lock lives exactly as long as
   the worker's database session, so a held lock means a live worker is running the job
   (``SimulationJobBusy``: the task retries later) and a free lock on a *running* job means
   its worker died (its session ended with it);
2. claims the job with a conditional ``UPDATE`` (queued → running, or a running job whose
   lock was free: an orphan re-delivered after its worker was lost), adding one to
   ``attempts``. The attempt number is the claim's fencing token: every later write of this
   run (progress, success, failure) is conditional on it, so a run that lost its claim can
   change nothing;
3. plays the match with the job's seed, writing the progress a few times a match;
4. records the result through ``result_record_simulation`` and marks the job succeeded in
   the same transaction; a refusal or an error marks it failed and puts the fixture back
   to ready. Database errors are transient: they leave the job running, unlocked, for the
   task's retry to claim again.

A finished job is a no-op, so a task may run twice. On SQLite (one machine, the embedded
set-up) there are no advisory locks: a re-delivered running job is taken over, and the
fencing token alone keeps a second run from recording anything.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from datetime import datetime

from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from games.engine.match_result import MatchResult
from games.engine.simulator import simulate_match
from games.engine.version import ENGINE_VERSION
from games.errors import GamesError
from games.matchday import fixture_team_sheets, round_open
from games.models import SimulationJob
from games.results import result_record_simulation
from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.errors import DomainError
from league.models import Fixture, Round, Season

logger = logging.getLogger(__name__)

#: Errors that say nothing about the job, only that the database was unreachable or busy
#: for a moment: the task retries them.
TRANSIENT_DB_ERRORS: tuple[type[Exception], ...] = (OperationalError, InterfaceError)
#: A job lost its worker this many times (or failed transiently this often): it is failed.
MAX_ATTEMPTS = 5
#: Progress is written when it has grown by this many points: a few writes a match at most.
PROGRESS_STEP = 25
#: The first key of the job's PostgreSQL advisory lock ("MB"); the second is the job's id.
_LOCK_NAMESPACE = 0x4D42
_LIVE = (SimulationJob.State.QUEUED, SimulationJob.State.RUNNING)


class SimulationJobBusy(Exception):
    """A live worker holds the job: this delivery is a duplicate and should retry later
    (the job will be finished by then, and the retry a no-op)."""


class SimulationJobWaiting(Exception):
    """An earlier fixture of one of the two teams is not played yet. Fixtures are played in
    round order for each team, because who may take the field (M-P3) follows from the
    injuries earlier games cause: the task tries again a little later."""


class _ClaimLost(Exception):
    """This run's claim was taken over: it must stop and write nothing."""


@dataclass(frozen=True)
class SkippedFixture:
    fixture_id: int
    fixture: str
    status: str


@dataclass(frozen=True)
class SimulationBatch:
    """The jobs a round or season request queued, and the fixtures it left alone (neither
    ready nor played) with their status; ``played`` counts those already played."""

    jobs: list[SimulationJob]
    skipped: list[SkippedFixture]
    played: int


@dataclass(frozen=True)
class SimulationJobStatus:
    """What a polling page shows; the score once the job has succeeded."""

    job_id: int
    fixture_id: int
    state: str
    progress: int
    attempts: int
    error: str
    started_at: datetime | None
    finished_at: datetime | None
    home_score: int | None
    away_score: int | None

    @property
    def finished(self) -> bool:
        return self.state not in _LIVE


# --- requests ---------------------------------------------------------------------------------


def simulation_request(*, fixture: Fixture, actor: Actor) -> SimulationJob:
    """Queue the simulation of one ready fixture (a commissioner, or the server itself)."""
    with transaction.atomic():
        # Locks the fixture: it leaves ready for simulating, with one job, exactly once.
        locked = (
            Fixture.objects.select_for_update(of=("self",))
            .select_related("round__season__league", "home_team", "away_team")
            .get(pk=fixture.pk)
        )
        league = locked.round.season.league
        require_commissioner(user=actor, league=league)
        if locked.status != Fixture.Status.READY:
            raise GamesError(
                f"{locked} is {locked.get_status_display().lower()}: only a fixture that is "
                "ready to play can be simulated.",
                code="fixture_not_ready",
            )
        if SimulationJob.objects.filter(fixture=locked, state__in=_LIVE).exists():
            raise GamesError(f"{locked} already has a simulation queued.", code="job_exists")
        job = _create_jobs([locked], actor=actor)[0]
        audit_record(
            actor=actor,
            action="simulation.request",
            obj=job,
            league=league,
            message=f"Simulation of {locked} queued",
            after={"job": job.pk, "fixture": locked.pk, "seed": job.seed},
        )
    return job


def simulation_request_round(*, round_: Round, actor: Actor) -> SimulationBatch:
    """Queue every ready fixture of the round; the others are skipped and named."""
    with transaction.atomic():
        # Locks the round: two requests for it queue its fixtures once.
        locked = (
            Round.objects.select_for_update(of=("self",))
            .select_related("season__league")
            .get(pk=round_.pk)
        )
        batch = _request_many(
            fixtures=Fixture.objects.filter(round=locked),
            league_obj=locked,
            season=locked.season,
            actor=actor,
            what=f"{locked} of {locked.season}",
        )
    return batch


def simulation_request_rest_of_season(*, season: Season, actor: Actor) -> SimulationBatch:
    """Open the season's remaining rounds of its current stage (rolling their inspections)
    and queue every ready fixture; the others (a detection awaiting its decision) are
    skipped and named. Workers play each team's fixtures in round order."""
    with transaction.atomic():
        # Locks the season: two requests for the rest of it queue its fixtures once.
        locked = (
            Season.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=season.pk)
        )
        require_commissioner(user=actor, league=locked.league)
        stage = (
            Round.Stage.PLAYOFF if locked.status == Season.Status.PLAYOFFS else Round.Stage.REGULAR
        )
        for round_ in locked.rounds.filter(stage=stage, status=Round.Status.SCHEDULED).order_by(
            "number"
        ):
            round_open(round_=round_, actor=actor)
        batch = _request_many(
            fixtures=Fixture.objects.filter(round__season=locked),
            league_obj=locked,
            season=locked,
            actor=actor,
            what=f"the rest of {locked}",
        )
    return batch


def _request_many(
    *,
    fixtures: QuerySet[Fixture],
    league_obj: Round | Season,
    season: Season,
    actor: Actor,
    what: str,
) -> SimulationBatch:
    require_commissioner(user=actor, league=season.league)
    # Locks the fixtures, in id order (no deadlock with another request): each leaves ready
    # once.
    rows = list(
        fixtures.select_for_update(of=("self",))
        .select_related("home_team", "away_team")
        .order_by("id")
    )
    live = set(
        SimulationJob.objects.filter(fixture__in=rows, state__in=_LIVE).values_list(
            "fixture_id", flat=True
        )
    )
    ready = [f for f in rows if f.status == Fixture.Status.READY and f.pk not in live]
    skipped = [
        SkippedFixture(fixture_id=f.pk, fixture=str(f), status=f.status)
        for f in rows
        if f not in ready and f.status != Fixture.Status.PLAYED
    ]
    played = sum(f.status == Fixture.Status.PLAYED for f in rows)
    jobs = _create_jobs(ready, actor=actor)
    message = f"{len(jobs)} simulations of {what} queued"
    if skipped:
        names = ", ".join(f"{s.fixture} ({s.status})" for s in skipped)
        message += f"; skipped {len(skipped)} not ready: {names}"
    audit_record(
        actor=actor,
        action="simulation.request_many",
        obj=league_obj,
        league=season.league,
        message=message,
        after={
            "jobs": [job.pk for job in jobs],
            "skipped": {str(s.fixture_id): s.status for s in skipped},
            "played": played,
        },
    )
    return SimulationBatch(jobs=jobs, skipped=skipped, played=played)


def _create_jobs(fixtures: list[Fixture], *, actor: Actor) -> list[SimulationJob]:
    """Jobs for fixtures already locked and checked; queued once the transaction commits."""
    if not fixtures:
        return []
    user = actor if actor is not None and actor.is_authenticated else None
    jobs = SimulationJob.objects.bulk_create(
        SimulationJob(
            fixture=fixture,
            seed=secrets.randbits(48),
            engine_version=ENGINE_VERSION,
            requested_by=user,
        )
        for fixture in fixtures
    )
    Fixture.objects.filter(pk__in=[f.pk for f in fixtures]).update(
        status=Fixture.Status.SIMULATING, updated_at=timezone.now()
    )
    for fixture in fixtures:
        fixture.status = Fixture.Status.SIMULATING
    job_ids = [job.pk for job in jobs]
    transaction.on_commit(lambda: _enqueue(job_ids))
    return jobs


def _enqueue(job_ids: list[int]) -> None:
    from games.tasks import simulate_fixture  # the task module imports this one

    for job_id in job_ids:
        simulate_fixture.delay(job_id)


# --- the worker's side ------------------------------------------------------------------------


def simulation_run(*, job_id: int, worker: str) -> SimulationJob:
    """Claim the job, play it and record its result; see the module docstring.

    Returns the job as it stands (a finished job untouched). Raises ``SimulationJobBusy``
    when a live worker holds the job, and the transient database errors for a retry."""
    if _waiting(job_id):
        raise SimulationJobWaiting(f"simulation job {job_id} waits for earlier fixtures")
    if not _try_lock(job_id):
        raise SimulationJobBusy(f"simulation job {job_id} is being run by a live worker")
    try:
        attempt = _claim(job_id=job_id, worker=worker)
        if attempt is None:
            return SimulationJob.objects.get(pk=job_id)
        try:
            _play(job_id=job_id, attempt=attempt)
        except _ClaimLost:
            raise
        except TRANSIENT_DB_ERRORS:
            raise  # the job stays running, its lock released below: the retry claims it
        except DomainError as error:
            _fail(job_id=job_id, attempt=attempt, error=error.message)
        except Exception as error:
            logger.exception("simulation job %s failed", job_id)
            _fail(job_id=job_id, attempt=attempt, error=f"{type(error).__name__}: {error}")
    except _ClaimLost:
        logger.warning("simulation job %s was taken over; %s stops", job_id, worker)
    finally:
        _unlock(job_id)
    return SimulationJob.objects.get(pk=job_id)


def simulation_give_up(*, job_id: int, error: str) -> bool:
    """Fail a job whose task has run out of retries, unless a live worker holds it.
    Returns whether the job was failed."""
    if not _try_lock(job_id):
        return False
    try:
        with transaction.atomic():
            # Locks the job: it is failed once, and not while it is being finished.
            job = SimulationJob.objects.select_for_update().get(pk=job_id)
            if job.state not in _LIVE:
                return False
            _mark_failed(job, error=error)
        return True
    finally:
        _unlock(job_id)


def _try_lock(job_id: int) -> bool:
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [_LOCK_NAMESPACE, _lock_key(job_id)])
        (locked,) = cursor.fetchone()
    return bool(locked)


def _unlock(job_id: int) -> None:
    if connection.vendor != "postgresql":
        return
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_unlock(%s, %s)", [_LOCK_NAMESPACE, _lock_key(job_id)]
            )
    except TRANSIENT_DB_ERRORS:
        pass  # the session is gone, and the lock with it


def _waiting(job_id: int) -> bool:
    """Is this live job's fixture preceded by an unplayed fixture of one of its teams?"""
    job = (
        SimulationJob.objects.filter(pk=job_id, state__in=_LIVE)
        .select_related("fixture__round")
        .first()
    )
    if job is None:
        return False
    fixture = job.fixture
    teams = (fixture.home_team_id, fixture.away_team_id)
    return (
        Fixture.objects.filter(
            Q(home_team_id__in=teams) | Q(away_team_id__in=teams),
            round__season_id=fixture.round.season_id,
            round__number__lt=fixture.round.number,
        )
        .exclude(status=Fixture.Status.PLAYED)
        .exists()
    )


def _lock_key(job_id: int) -> int:
    return job_id % 2**31


def _claim(*, job_id: int, worker: str) -> int | None:
    """Take the job for this run; returns the attempt number (the fencing token), or None
    when the job is finished (or was just failed for losing too many workers)."""
    now = timezone.now()
    # Queued, or running without a live worker (we hold its lock): its worker was lost.
    claimed = SimulationJob.objects.filter(
        pk=job_id, state__in=_LIVE, attempts__lt=MAX_ATTEMPTS
    ).update(
        state=SimulationJob.State.RUNNING,
        attempts=F("attempts") + 1,
        worker=worker[:200],
        started_at=now,
        progress=0,
    )
    if claimed:
        return SimulationJob.objects.values_list("attempts", flat=True).get(pk=job_id)
    with transaction.atomic():
        # Locks the job: a live job out of attempts is failed once.
        job = SimulationJob.objects.select_for_update().get(pk=job_id)
        if job.state in _LIVE:
            _mark_failed(job, error=f"Given up after {job.attempts} attempts (workers lost).")
    return None


def _play(*, job_id: int, attempt: int) -> None:
    job = SimulationJob.objects.select_related("fixture__round__season").get(pk=job_id)
    home, away, settings = fixture_team_sheets(fixture=job.fixture)
    # Halves end early on goals, so the limit of the first two halves is an upper bound.
    expected = 2 * settings.activation_limit
    written = 0

    def progress(activations: int) -> None:
        nonlocal written
        percent = min(99, activations * 100 // expected)
        if percent >= written + PROGRESS_STEP:
            _update_owned(job_id=job_id, attempt=attempt, progress=percent)
            written = percent

    match = simulate_match(
        home=home, away=away, settings=settings, seed=job.seed, progress=progress
    )
    _succeed(job_id=job_id, attempt=attempt, match=match)


def _update_owned(*, job_id: int, attempt: int, **values: object) -> None:
    """Write the job only while this run's claim holds (a conditional UPDATE)."""
    owned = SimulationJob.objects.filter(
        pk=job_id, attempts=attempt, state=SimulationJob.State.RUNNING
    )
    if not owned.update(**values):
        raise _ClaimLost


def _succeed(*, job_id: int, attempt: int, match: MatchResult) -> None:
    with transaction.atomic():
        # Locks the job: only the run holding the current claim records the result, once.
        job = (
            SimulationJob.objects.select_for_update(of=("self",))
            .select_related("fixture")
            .get(pk=job_id)
        )
        if job.state != SimulationJob.State.RUNNING or job.attempts != attempt:
            raise _ClaimLost
        result_record_simulation(fixture=job.fixture, match=match, actor=None)
        job.state = SimulationJob.State.SUCCEEDED
        job.progress = 100
        job.engine_version = match.engine_version
        job.error = ""
        job.finished_at = timezone.now()
        job.save(update_fields=["state", "progress", "engine_version", "error", "finished_at"])


def _fail(*, job_id: int, attempt: int, error: str) -> None:
    with transaction.atomic():
        # Locks the job: only the run holding the current claim fails it, once.
        job = SimulationJob.objects.select_for_update().get(pk=job_id)
        if job.state != SimulationJob.State.RUNNING or job.attempts != attempt:
            raise _ClaimLost
        _mark_failed(job, error=error)


def _mark_failed(job: SimulationJob, *, error: str) -> None:
    """In the caller's transaction, with the job locked: failed, and the fixture ready again
    (unless something else has moved it on, e.g. a result reported meanwhile)."""
    job.state = SimulationJob.State.FAILED
    job.error = error
    job.finished_at = timezone.now()
    job.save(update_fields=["state", "error", "finished_at"])
    Fixture.objects.filter(pk=job.fixture_id, status=Fixture.Status.SIMULATING).update(
        status=Fixture.Status.READY, updated_at=job.finished_at
    )
    fixture = Fixture.objects.select_related("round__season__league").get(pk=job.fixture_id)
    audit_record(
        actor=None,
        action="simulation.failed",
        obj=job,
        league=fixture.round.season.league,
        message=f"Simulation of {fixture} failed: {error}",
        after={"job": job.pk, "attempts": job.attempts, "fixture_status": fixture.status},
    )


# --- reads ------------------------------------------------------------------------------------


def simulation_job_status(*, job_id: int) -> SimulationJobStatus:
    """The job's state and progress for a polling page, with the score once it is known.
    One query; raises SimulationJob.DoesNotExist for an unknown id."""
    row = (
        SimulationJob.objects.filter(pk=job_id)
        .values(
            "id",
            "fixture_id",
            "state",
            "progress",
            "attempts",
            "error",
            "started_at",
            "finished_at",
            "fixture__result__home_score",
            "fixture__result__away_score",
        )
        .get()
    )
    succeeded = row["state"] == SimulationJob.State.SUCCEEDED
    return SimulationJobStatus(
        job_id=row["id"],
        fixture_id=row["fixture_id"],
        state=row["state"],
        progress=row["progress"],
        attempts=row["attempts"],
        error=row["error"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        home_score=row["fixture__result__home_score"] if succeeded else None,
        away_score=row["fixture__result__away_score"] if succeeded else None,
    )
