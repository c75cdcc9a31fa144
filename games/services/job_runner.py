"""The worker's side of a simulation job: claim it, play it, record it.

``simulation_run`` (called by the Celery task with the job's id)

1. on PostgreSQL takes a session advisory lock on the job: it lives exactly as long as the
   worker's database session, so a held lock means a live worker is running the job (this
   delivery is a duplicate and does nothing);
2. finds the job's fixture blocked again (an earlier result voided since it was queued):
   the job goes back to waiting (games/services/job_queue.py);
3. claims the job with a conditional ``UPDATE``: a queued job, or a running one whose
   worker is gone (its heartbeat stale, or on PostgreSQL its lock free), adding one to
   ``attempts``; this very worker retrying after a database error keeps its attempt. The
   attempt number is the claim's fencing token: every later write of this run (heartbeat,
   success, failure) is conditional on it, so a run that lost its claim can change nothing;
4. plays the match with the job's seed, writing progress and heartbeat a few times a match;
5. records the result through ``result_record_simulation`` and marks the job succeeded in
   the same transaction. A refusal or an error marks it failed and puts the fixture back to
   ready. Database errors are transient: the job stays running for the task's retry (or, if
   the worker dies meanwhile, for the sweep).

A finished job is a no-op, so a message may be delivered twice.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from games.models import SimulationJob
from games.selectors import MAX_ATTEMPTS, STALE_AFTER, SeasonQueue, queued_job_maybe_blocked
from league.errors import DomainError
from rules.magnoball.match_result import MatchResult
from rules.magnoball.simulator import simulate_match

from .job_queue import (
    job_mark_failed,
    job_try_lock,
    job_unlock,
    job_wait,
)
from .matchday import fixture_team_sheets
from .results import result_record_simulation

logger = logging.getLogger(__name__)

#: Errors that say nothing about the job, only that the database was unreachable or busy
#: for a moment: the task retries them.
TRANSIENT_DB_ERRORS: tuple[type[Exception], ...] = (OperationalError, InterfaceError)
#: Progress (and the heartbeat with it) is written when it has grown by this many points.
PROGRESS_STEP = 25


class _ClaimLost(Exception):
    """This run's claim was taken over: it must stop and write nothing."""


def simulation_run(*, job_id: int, worker: str) -> SimulationJob:
    """Claim the job, play it and record its result; see the module docstring. Returns the
    job as it stands (a finished, waiting or busy job untouched); raises the transient
    database errors for a retry."""
    if not job_try_lock(job_id):
        logger.info("simulation job %s is held by a live worker; duplicate ignored", job_id)
        return SimulationJob.objects.get(pk=job_id)
    try:
        if not _still_runnable(job_id):
            return SimulationJob.objects.get(pk=job_id)
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
        job_unlock(job_id)
    return SimulationJob.objects.get(pk=job_id)


def _still_runnable(job_id: int) -> bool:
    """A queued job whose fixture has an unplayed earlier fixture again goes back to
    waiting; anything else may go on to the claim. One query for a job that can run, as
    nearly every job can: the queue that words a wait is read only for one that cannot."""
    found = queued_job_maybe_blocked(job_id)
    if found is None:
        return True
    fixture_id, season_id, teams = found
    blocker = SeasonQueue(season_id, teams=teams).blocker(fixture_id)
    return not blocker or not job_wait(job_id=job_id, reason=blocker)


def _claim(*, job_id: int, worker: str) -> int | None:
    """Take the job for this run; returns the attempt number (the fencing token), or None
    when it is not this run's to take (finished, or live with another worker)."""
    now = timezone.now()
    # This very worker retrying its own run (a database error ended it): the earlier run is
    # over, so the claim and its attempt number stay this worker's.
    own = SimulationJob.objects.filter(
        pk=job_id, state=SimulationJob.State.RUNNING, worker=worker[:200]
    )
    if own.update(heartbeat_at=now, progress=0):
        return SimulationJob.objects.values_list("attempts", flat=True).get(pk=job_id)
    lost = Q(heartbeat_at__lt=now - STALE_AFTER)
    if connection.vendor == "postgresql":
        lost |= Q(pk=job_id)  # we hold its advisory lock: no live worker runs it
    claimed = (
        SimulationJob.objects.filter(pk=job_id, attempts__lt=MAX_ATTEMPTS)
        .filter(Q(state=SimulationJob.State.QUEUED) | Q(state=SimulationJob.State.RUNNING) & lost)
        .update(
            state=SimulationJob.State.RUNNING,
            attempts=F("attempts") + 1,
            worker=worker[:200],
            started_at=now,
            heartbeat_at=now,
            progress=0,
        )
    )
    if claimed:
        return SimulationJob.objects.values_list("attempts", flat=True).get(pk=job_id)
    with transaction.atomic():
        # Locks the job: a live job out of attempts is failed once.
        job = SimulationJob.objects.select_for_update().get(pk=job_id)
        if job.state in (SimulationJob.State.QUEUED, SimulationJob.State.RUNNING) and (
            job.attempts >= MAX_ATTEMPTS
        ):
            job_mark_failed(job, error=f"Given up after {job.attempts} attempts (workers lost).")
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
    """Write the job, and its heartbeat, only while this run's claim holds."""
    owned = SimulationJob.objects.filter(
        pk=job_id, attempts=attempt, state=SimulationJob.State.RUNNING
    )
    if not owned.update(heartbeat_at=timezone.now(), **values):
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
        job.finished_at = job.heartbeat_at = timezone.now()
        job.save(
            update_fields=[
                "state", "progress", "engine_version", "error", "finished_at", "heartbeat_at"
            ]
        )  # fmt: skip


def _fail(*, job_id: int, attempt: int, error: str) -> None:
    with transaction.atomic():
        # Locks the job: only the run holding the current claim fails it, once.
        job = SimulationJob.objects.select_for_update().get(pk=job_id)
        if job.state != SimulationJob.State.RUNNING or job.attempts != attempt:
            raise _ClaimLost
        job_mark_failed(job, error=error)
