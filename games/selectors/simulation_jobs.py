"""Simulation jobs as pages and services read them: whether a fixture, a round or a season
may be simulated now (the services refuse with these, the admin offers by them), the status
a page polls and why a live job has not finished yet, in words. The writes are
games/services/jobs.py; the queue's own repairs games/services/job_queue.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Max, Q
from django.utils import timezone

from games.errors import GamesError
from games.models import SimulationJob
from league.models import Fixture, Round, Season

_PLAYING = (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
#: Said of a queued job whose id has not reached the broker (yet).
QUEUE_AWAY = (
    "The job queue cannot be reached just now; the job is safe and starts as soon as the "
    "queue is back."
)
#: Fixtures a job may be asked for: ready now, or ready once a decision is taken.
SIMULABLE = (Fixture.Status.READY, Fixture.Status.INSPECTIONS)
#: A running job whose worker has not written its heartbeat for this long has lost its
#: worker: the sweep takes it back (a match takes well under a second to play and record).
STALE_AFTER = timedelta(seconds=settings.SIMULATION_STALE_SECONDS)
#: A job that lost its worker (or was taken back) this many times is failed.
MAX_ATTEMPTS = 5


@dataclass(frozen=True)
class SimulationJobStatus:
    """What a polling page shows; the score once the job has succeeded."""

    job_id: int
    fixture_id: int
    state: str
    waiting_reason: str
    queue_note: str
    waiting_for: str
    progress: int
    attempts: int
    error: str
    started_at: datetime | None
    finished_at: datetime | None
    home_score: int | None
    away_score: int | None

    @property
    def finished(self) -> bool:
        return self.state not in SimulationJob.LIVE_STATES


# --- may it run, and why not: the services refuse with these, the admin offers by them ------


def simulation_season_refusal(*, season: Season) -> GamesError | None:
    """Why the season's fixtures may not be simulated now (None: they may)."""
    if season.status not in _PLAYING:
        return GamesError(
            f"{season} is {season.get_status_display().lower()}: only a running season's "
            "fixtures are simulated.",
            code="season_not_running",
        )
    return None


def simulation_round_refusal(*, round_: Round) -> GamesError | None:
    """Why the round's fixtures may not be simulated now (None: they may)."""
    if (refusal := simulation_season_refusal(season=round_.season)) is not None:
        return refusal
    if round_.status == Round.Status.SCHEDULED:
        return GamesError(
            f"{round_} is not open yet: open it first (the season's control room).",
            code="round_not_open",
        )
    return None


def simulation_refusal(*, fixture: Fixture) -> GamesError | None:
    """Why the fixture may not be simulated now (None: it may): a running season, no live
    job, and ready to play or awaiting an inspection decision."""
    if (refusal := simulation_season_refusal(season=fixture.round.season)) is not None:
        return refusal
    if SimulationJob.objects.filter(fixture=fixture, state__in=SimulationJob.LIVE_STATES).exists():
        return GamesError(f"{fixture} already has a simulation queued.", code="job_exists")
    if fixture.status not in SIMULABLE:
        return GamesError(
            f"{fixture} is {fixture.get_status_display().lower()}: only a fixture that is "
            "ready to play (or awaits an inspection decision) can be simulated.",
            code="fixture_not_ready",
        )
    return None


def simulation_round_next(*, season: Season) -> Round | None:
    """The earliest open round with a fixture left to simulate and no live job."""
    return (
        season.rounds.filter(status=Round.Status.OPEN, fixtures__status__in=SIMULABLE)
        .exclude(fixtures__simulation_jobs__state__in=SimulationJob.LIVE_STATES)
        .order_by("number")
        .first()
    )


def simulation_left(*, season: Season) -> bool:
    """Whether a fixture of the season's current stage is left to simulate: no champion yet,
    and a fixture neither played nor being simulated, without a live job."""
    if season.champion_id:
        return False
    stage = Round.Stage.PLAYOFF if season.status == Season.Status.PLAYOFFS else Round.Stage.REGULAR
    left = Fixture.objects.filter(round__season=season, round__stage=stage).exclude(
        status__in=(Fixture.Status.PLAYED, Fixture.Status.SIMULATING)
    )
    return left.exclude(simulation_jobs__state__in=SimulationJob.LIVE_STATES).exists()


# --- reads ------------------------------------------------------------------------------------


def job_requested_message(job: SimulationJob) -> str:
    """What to tell whoever asked for the job: queued, waiting (and for what), or queued
    while the broker is away. Reads the job again: its id is sent once the request's
    transaction has committed."""
    job.refresh_from_db(fields=["state", "waiting_reason", "sent_at"])
    if job.state == SimulationJob.State.WAITING:
        return f"The simulation of {job.fixture} waits and starts on its own: {job.waiting_reason}"
    if job.state == SimulationJob.State.QUEUED and job.sent_at is None:
        return f"The simulation of {job.fixture} is queued. {QUEUE_AWAY}"
    return f"The simulation of {job.fixture} is queued: the result appears when it is played."


def simulation_job_status(*, job_id: int) -> SimulationJobStatus:
    """The job's state and progress for a polling page, with the score once it is known.
    One query; raises SimulationJob.DoesNotExist for an unknown id."""
    row = (
        SimulationJob.objects.filter(pk=job_id)
        .values(
            "id",
            "fixture_id",
            "state",
            "waiting_reason",
            "sent_at",
            "queued_at",
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
    waiting_for = job_waiting_for(
        job_id=row["id"],
        state=row["state"],
        waiting_reason=row["waiting_reason"],
        sent_at=row["sent_at"],
        queued_at=row["queued_at"],
        attempts=row["attempts"],
    )
    return SimulationJobStatus(
        job_id=row["id"],
        fixture_id=row["fixture_id"],
        state=row["state"],
        waiting_reason=row["waiting_reason"],
        queue_note=QUEUE_AWAY
        if row["state"] == SimulationJob.State.QUEUED and row["sent_at"] is None
        else "",
        waiting_for=waiting_for,
        progress=row["progress"],
        attempts=row["attempts"],
        error=row["error"],
        started_at=row["started_at"],
        finished_at=row["finished_at"],
        home_score=row["fixture__result__home_score"] if succeeded else None,
        away_score=row["fixture__result__away_score"] if succeeded else None,
    )


def job_waiting_for(
    *,
    job_id: int,
    state: str,
    waiting_reason: str,
    sent_at: datetime | None,
    queued_at: datetime | None,
    attempts: int,
    now: datetime | None = None,
) -> str:
    """Why a live job has not finished yet, in words, from what the job table knows: what a
    waiting job waits for; for a queued one, the queue unreachable, how many jobs are ahead,
    a worker lost on an earlier attempt, and no worker seen lately; for a running one, an
    attempt after a lost worker. Empty once the job has finished. At most three queries."""
    if state == SimulationJob.State.WAITING:
        return waiting_reason
    if state not in (SimulationJob.State.QUEUED, SimulationJob.State.RUNNING):
        return ""
    if state == SimulationJob.State.RUNNING:
        if attempts > 1:
            return (
                "Running again: an earlier worker stopped answering "
                f"(attempt {attempts} of {MAX_ATTEMPTS})."
            )
        return ""
    if sent_at is None:
        return QUEUE_AWAY
    now = now or timezone.now()
    since = queued_at or sent_at
    # Jobs ahead: those running, and those queued before it (ties by id).
    ahead = (
        SimulationJob.objects.filter(
            Q(state=SimulationJob.State.RUNNING)
            | Q(state=SimulationJob.State.QUEUED, queued_at__lt=since)
            | Q(state=SimulationJob.State.QUEUED, queued_at=since, pk__lt=job_id)
        )
        .exclude(pk=job_id)
        .count()
    )
    words = []
    if attempts:
        words.append(
            f"Its worker stopped answering, so it waits for another "
            f"(attempt {attempts + 1} of {MAX_ATTEMPTS} next)."
        )
    words.append(
        "Next in the queue."
        if not ahead
        else f"Queued behind {ahead} job{'s' if ahead > 1 else ''}."
    )
    if now - since > STALE_AFTER:
        seen = SimulationJob.objects.aggregate(seen=Max("heartbeat_at"))["seen"]
        if seen is None or seen < since:
            last = f"since {seen:%Y-%m-%d %H:%M} UTC" if seen else "yet"
            words.append(
                f"No worker has run a job {last}: the site's operator may need to start one."
            )
    return " ".join(words)
