"""The queue of simulation jobs: which jobs may run now, handing them to the broker, and the
sweep that makes sure none is stranded (docs/operations.md, "Simulation jobs").

Jobs wait in the database, not in the broker. A job whose fixture cannot be played yet (an
earlier fixture of one of its teams is unplayed, M-P3; a detection awaits its decision, or an
inspection a coach's table roll, M-E2; read by games/selectors/season_queue.py) is
*waiting*, with the reason in words; only a job that can run now is *queued* and its id sent
to the broker. So a waiting job holds no worker and burns no retries, however long it waits.
Whatever can unblock a job (a result recorded, a decision taken, a table roll entered, a
round opened) calls ``jobs_dispatch_waiting`` once its transaction commits.

The broker can lose a message (Redis down when the request commits, a filesystem broker
whose worker died holding a message, a Redis restart without persistence) and a worker can
die holding a job. ``jobs_sweep``, run every few seconds by Celery beat and when a worker
starts, repairs all three: queued jobs whose message was never sent or is long overdue are
sent again, running jobs whose worker has shown no sign of life for ``STALE_AFTER`` are
taken back, and waiting jobs are looked at again. Sending twice is safe: a worker claims a
job with a conditional update, so a duplicate message finds nothing to do.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from celery import current_app as app
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from games.models import LineupEntry, SimulationJob
from games.selectors import MAX_ATTEMPTS, STALE_AFTER, SeasonQueue
from league.audit import audit_record
from league.broker.waiting import ids_not_waiting
from league.models import Fixture, Round, Season
from league.sql.writes import rows_update_values

logger = logging.getLogger(__name__)

#: The task that plays a job, sent by name: the tasks module imports the services, not
#: the other way round.
SIMULATE_TASK = "games.tasks.simulate_fixture"
#: A queued job whose id could not be sent is sent again after this grace (its request's
#: own send may still be under way).
UNSENT_GRACE = timedelta(seconds=5)
#: A queued job not picked up this long after its id was sent is sent again, unless its
#: message still waits in the queue: the message may be lost (a worker died holding it, a
#: broker restarted empty). A duplicate would be harmless, but is never made.
RESEND_AFTER = timedelta(seconds=settings.SIMULATION_RESEND_SECONDS)
#: The first key of a job's PostgreSQL advisory lock ("MB"); the second is the job's id.
LOCK_NAMESPACE = 0x4D42
#: The first key of a season's dispatch lock ("MD"); the second is the season's id.
DISPATCH_LOCK_NAMESPACE = 0x4D44

_PLAYING = (Season.Status.ACTIVE, Season.Status.PLAYOFFS)


# --- the worker's lock (PostgreSQL) -------------------------------------------------------------


def job_try_lock(job_id: int) -> bool:
    """Take the job's session advisory lock on PostgreSQL. A held lock means a live worker
    runs the job: the lock lives exactly as long as the worker's database session. SQLite
    (one machine, the embedded set-up) has none: heartbeats and the fencing token do."""
    if connection.vendor != "postgresql":
        return True
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [LOCK_NAMESPACE, job_id % 2**31])
        (locked,) = cursor.fetchone()
    return bool(locked)


def job_unlock(job_id: int) -> None:
    if connection.vendor != "postgresql":
        return
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_NAMESPACE, job_id % 2**31])
    except Exception:  # the session is gone, and the lock with it
        logger.debug("advisory unlock of job %s skipped: no session", job_id)


# --- handing jobs to the broker -----------------------------------------------------------------


def jobs_publish(job_ids: Iterable[int]) -> bool:
    """Send the ids of queued jobs to the broker, noting when each was sent. Never raises:
    when the broker cannot be reached the jobs stay queued with no message, and the sweep
    sends them once it is back. Returns whether every id was sent."""
    sent: list[int] = []
    ok = True
    for job_id in job_ids:
        try:
            app.send_task(SIMULATE_TASK, args=[job_id])
        except Exception:  # any broker failure: the job is safe in the database
            logger.warning("could not send simulation job %s; the sweep will", job_id)
            ok = False
            break
        sent.append(job_id)
    if sent:
        try:
            SimulationJob.objects.filter(pk__in=sent, state=SimulationJob.State.QUEUED).update(
                sent_at=timezone.now()
            )
        except Exception:  # the sweep sends these once more: harmless
            logger.warning("could not note the sending of simulation jobs %s", sent)
    return ok


def publish_on_commit(job_ids: list[int]) -> None:
    """Send the jobs once the transaction that queued them commits (a worker must never
    see a job before its rows exist)."""
    if job_ids:
        transaction.on_commit(lambda: jobs_publish(job_ids))


# --- waiting jobs -------------------------------------------------------------------------------


def jobs_dispatch_waiting(*, season_id: int) -> list[int]:
    """Queue the season's waiting jobs that can run now and restate what the others wait
    for; jobs of a season that is over, or whose fixture was played meanwhile, are
    cancelled. Returns the ids queued (and sent once committed)."""
    with connection.cursor() as cursor:
        cursor.execute(_WAITING_SQL, [SimulationJob.State.WAITING, season_id])
        rows = cursor.fetchall()
    if not rows:
        return []
    waiting = [(job_id, fixture_id, reason) for job_id, fixture_id, reason, _ in rows]
    queued: list[int] = []
    with transaction.atomic():
        _dispatch_lock(season_id)
        if rows[0][3] not in _PLAYING:  # the season's status
            season = Season.objects.get(pk=season_id)
            _cancel_waiting([pk for pk, _, _ in waiting], reason=f"{season} is over.")
            return []
        queue = SeasonQueue(season_id)
        blocked = []
        queued_teams: set[int] = set()
        for job_id, fixture_id, reason in waiting:
            if fixture_id not in queue.fixtures:
                _cancel_waiting([job_id], reason="A result was recorded meanwhile.")
            elif blocker := queue.blocker(fixture_id):
                blocked.append((job_id, fixture_id, reason, blocker))
            elif job_make_ready(job_id=job_id, fixture_id=fixture_id):
                queued.append(job_id)
                queue.live_jobs[fixture_id] = SimulationJob.State.QUEUED
                playing = queue.fixtures[fixture_id]
                queued_teams.update((playing.home, playing.away))
        # Worded once every job that can run is queued: a wait naming one of those says it
        # is being simulated, not that it waits its turn as it did when the queue was read.
        # Only a fixture waiting for one just queued (so sharing one of its teams) can have
        # new words: the others' were worded against the same queue.
        restated = []
        for job_id, fixture_id, reason, blocker in blocked:
            fixture = queue.fixtures[fixture_id]
            if fixture.home in queued_teams or fixture.away in queued_teams:
                blocker = queue.blocker(fixture_id)
            if blocker != reason:
                restated.append((job_id, blocker[:300]))
        # One statement for every job whose wait is now for another fixture (a result moves
        # those of both its teams' later fixtures), each still waiting.
        rows_update_values(
            SimulationJob,
            restated,
            ["waiting_reason"],
            where={"state": SimulationJob.State.WAITING},
        )
        publish_on_commit(queued)
    return queued


def _dispatch_lock(season_id: int) -> None:
    """PostgreSQL: the season's dispatches take turns, each until it commits. Two results
    committing together each dispatch at once, and each restates the waits of many of the
    same jobs: their updates, in no set order, deadlocked, and the dispatch the database
    chose to end left its jobs waiting until the next result or the sweep. Taken after the
    read of the waiting jobs, so a result that finds none pays nothing; the conditional
    updates make the read's jobs safe to act on late. SQLite serialises its writers anyway."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, %s)", [DISPATCH_LOCK_NAMESPACE, season_id % 2**31]
        )


# A season's waiting jobs, each with the season's status: every result asks once it commits,
# most often to find none. In SQL: the ORM's form (two joins) cost more to compile than to
# run.
_WAITING_SQL = (
    f"SELECT j.id, j.fixture_id, j.waiting_reason, s.status "
    f"FROM {SimulationJob._meta.db_table} j "
    f"JOIN {Fixture._meta.db_table} f ON f.id = j.fixture_id "
    f"JOIN {Round._meta.db_table} r ON r.id = f.round_id "
    f"JOIN {Season._meta.db_table} s ON s.id = r.season_id "
    "WHERE j.state = %s AND r.season_id = %s ORDER BY j.created_at DESC"  # the model's order
)


def dispatch_after_commit(*, season_id: int) -> None:
    """For the services that can unblock a job: look at the season's waiting jobs once this
    transaction commits. A failure here only delays them until the next sweep."""

    def dispatch() -> None:
        try:
            jobs_dispatch_waiting(season_id=season_id)
        except Exception:
            logger.exception("dispatching the waiting jobs of season %s failed", season_id)

    transaction.on_commit(dispatch)


def job_make_ready(*, job_id: int, fixture_id: int) -> bool:
    """In the caller's transaction: waiting → queued and the fixture ready → simulating, both
    conditionally, so two dispatchers (or a dispatcher and a reported result) move each
    once. Returns whether the job is now queued (send it once committed)."""
    now = timezone.now()
    won = SimulationJob.objects.filter(pk=job_id, state=SimulationJob.State.WAITING).update(
        state=SimulationJob.State.QUEUED, waiting_reason="", queued_at=now, sent_at=None
    )
    if not won:
        return False
    moved = Fixture.objects.filter(pk=fixture_id, status=Fixture.Status.READY).update(
        status=Fixture.Status.SIMULATING, updated_at=now
    )
    if moved:
        return True
    status = Fixture.objects.values_list("status", flat=True).get(pk=fixture_id)
    if status == Fixture.Status.PLAYED:
        _cancel_waiting([job_id], reason="A result was recorded meanwhile.", states=("queued",))
    else:  # a decision is pending again: back to waiting, the next dispatch words it
        SimulationJob.objects.filter(pk=job_id).update(state=SimulationJob.State.WAITING)
    return False


def job_wait(*, job_id: int, reason: str) -> bool:
    """A queued job found blocked when a worker came for it (an earlier result was voided):
    back to waiting and its fixture back to ready. Returns whether it moved."""
    with transaction.atomic():
        job = (
            SimulationJob.objects.select_for_update()
            .filter(pk=job_id, state=SimulationJob.State.QUEUED)
            .first()
        )
        if job is None:
            return False
        job.state = SimulationJob.State.WAITING
        job.waiting_reason = reason[:300]
        job.save(update_fields=["state", "waiting_reason"])
        Fixture.objects.filter(pk=job.fixture_id, status=Fixture.Status.SIMULATING).update(
            status=Fixture.Status.READY, updated_at=timezone.now()
        )
    return True


def _cancel_waiting(
    job_ids: list[int], *, reason: str, states: tuple[str, ...] = ("waiting",)
) -> None:
    SimulationJob.objects.filter(pk__in=job_ids, state__in=states).update(
        state=SimulationJob.State.CANCELLED,
        waiting_reason="",
        error=reason,
        finished_at=timezone.now(),
    )


# --- the sweep ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepReport:
    taken_back: list[int]
    failed: list[int]
    sent: list[int]
    dispatched: list[int]

    def __str__(self) -> str:
        return (
            f"{len(self.taken_back)} taken back from lost workers, {len(self.failed)} failed, "
            f"{len(self.sent)} sent again, {len(self.dispatched)} waiting jobs queued"
        )


def jobs_sweep(*, now: datetime | None = None) -> SweepReport:
    """Repair what a lost message or a dead worker left: see the module docstring. Safe to
    run often and on several machines at once (every change is conditional)."""
    now = now or timezone.now()
    taken_back, failed = _take_back_lost(now)
    dispatched: list[int] = []
    seasons = (
        SimulationJob.objects.filter(state=SimulationJob.State.WAITING)
        .values_list("fixture__round__season_id", flat=True)
        .distinct()
    )
    for season_id in list(seasons):
        dispatched += jobs_dispatch_waiting(season_id=season_id)
    overdue = SimulationJob.objects.filter(state=SimulationJob.State.QUEUED).filter(
        Q(sent_at__isnull=True, queued_at__lt=now - UNSENT_GRACE)
        | Q(sent_at__isnull=True, queued_at__isnull=True, created_at__lt=now - UNSENT_GRACE)
        | Q(sent_at__lt=now - RESEND_AFTER)
    )
    resend = [pk for pk in overdue.values_list("pk", flat=True) if pk not in dispatched]
    # A message still waiting its turn in the queue is not lost: never sent twice.
    resend = ids_not_waiting(SIMULATE_TASK, resend)
    sent = resend if jobs_publish(resend) else []
    report = SweepReport(taken_back=taken_back, failed=failed, sent=sent, dispatched=dispatched)
    if taken_back or failed or sent or dispatched:
        logger.info("simulation sweep: %s", report)
    return report


def _take_back_lost(now: datetime) -> tuple[list[int], list[int]]:
    """Running jobs with no heartbeat for STALE_AFTER (and, on PostgreSQL, no live session
    holding their lock) go back to the queue, or fail once out of attempts."""
    stale = SimulationJob.objects.filter(
        state=SimulationJob.State.RUNNING, heartbeat_at__lt=now - STALE_AFTER
    ).values_list("pk", flat=True)
    taken_back: list[int] = []
    failed: list[int] = []
    for job_id in list(stale):
        if not job_try_lock(job_id):
            continue  # a live worker holds it: slow, not lost
        try:
            with transaction.atomic():
                # Locks the job: it is taken back once, and not while a worker finishes it.
                job = (
                    SimulationJob.objects.select_for_update()
                    .filter(
                        pk=job_id,
                        state=SimulationJob.State.RUNNING,
                        heartbeat_at__lt=now - STALE_AFTER,
                    )
                    .first()
                )
                if job is None:
                    continue
                if job.attempts >= MAX_ATTEMPTS:
                    job_mark_failed(
                        job, error=f"Given up after {job.attempts} attempts (workers lost)."
                    )
                    failed.append(job_id)
                    continue
                job.state = SimulationJob.State.QUEUED
                job.worker = ""
                job.progress = 0
                job.queued_at = now
                job.sent_at = None
                job.save(update_fields=["state", "worker", "progress", "queued_at", "sent_at"])
                taken_back.append(job_id)
                logger.warning("simulation job %s lost its worker; queued again", job_id)
        finally:
            job_unlock(job_id)
    if taken_back:
        jobs_publish(taken_back)
    return taken_back, failed


def job_mark_failed(job: SimulationJob, *, error: str) -> None:
    """In the caller's transaction, with the job locked: failed, and the fixture ready again
    (unless something else has moved it on, e.g. a result reported meanwhile)."""
    job.state = SimulationJob.State.FAILED
    job.error = error
    job.waiting_reason = ""
    job.finished_at = timezone.now()
    job.save(update_fields=["state", "error", "waiting_reason", "finished_at"])
    if Fixture.objects.filter(pk=job.fixture_id, status=Fixture.Status.SIMULATING).update(
        status=Fixture.Status.READY, updated_at=job.finished_at
    ):
        # It kicked off but never finished: the next kick-off fixes its line-up afresh (M-P3).
        LineupEntry.objects.filter(fixture_id=job.fixture_id).delete()
    fixture = Fixture.objects.select_related("round__season__league").get(pk=job.fixture_id)
    audit_record(
        actor=None,
        action="simulation.failed",
        obj=job,
        league=fixture.round.season.league,
        message=f"Simulation of {fixture} failed: {error}",
        after={"job": job.pk, "attempts": job.attempts, "fixture_status": fixture.status},
    )
