"""Simulation jobs as commissioners see them: requests for a fixture, a round or the rest of
the season, cancelling, retrying and dismissing, and the status a page polls.

The life of a job (docs/operations.md, "Simulation jobs"): a request stores one job a
fixture with a seed from ``secrets`` (M-D8). A job that can run now is *queued* (its
fixture moves to *simulating*) and its id goes to the broker when the transaction commits;
one that cannot yet is *waiting*, with the reason in words, until whatever blocks it is
done (games/job_queue.py). A worker then claims, plays and records it
(games/job_runner.py). Only a real error or a commissioner's cancel ends a job early.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Max, Q, QuerySet
from django.utils import timezone

from games.errors import GamesError
from games.job_queue import MAX_ATTEMPTS, STALE_AFTER, publish_on_commit
from games.matchday import round_open
from games.models import SimulationJob
from games.selectors import SeasonQueue
from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.models import Fixture, Round, Season
from rules.magnoball.version import ENGINE_VERSION

_PLAYING = (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
#: Said of a queued job whose id has not reached the broker (yet).
QUEUE_AWAY = (
    "The job queue cannot be reached just now; the job is safe and starts as soon as the "
    "queue is back."
)
#: Fixtures a job may be asked for: ready now, or ready once a decision is taken.
SIMULABLE = (Fixture.Status.READY, Fixture.Status.INSPECTIONS)


@dataclass(frozen=True)
class SkippedFixture:
    fixture_id: int
    fixture: str
    status: str


@dataclass(frozen=True)
class WaitingFixture:
    fixture_id: int
    fixture: str
    reason: str


@dataclass(frozen=True)
class SimulationBatch:
    """The jobs a round or season request made. ``waiting`` names those that cannot run
    yet and why; ``skipped`` the fixtures left alone (already being simulated); ``played``
    counts those already played. ``sent`` is False when the broker could not be reached:
    the jobs are safe and start once it is back."""

    jobs: list[SimulationJob]
    waiting: list[WaitingFixture]
    skipped: list[SkippedFixture]
    played: int

    @property
    def queued(self) -> list[SimulationJob]:
        return [job for job in self.jobs if job.state == SimulationJob.State.QUEUED]


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


# --- requests ---------------------------------------------------------------------------------


def simulation_request(*, fixture: Fixture, actor: Actor) -> SimulationJob:
    """Ask for one fixture to be simulated (a commissioner, or the server itself). It runs
    at once if it can, else it waits for what blocks it (``waiting_reason``)."""
    with transaction.atomic():
        # Locks the fixture: it gets one live job, exactly once.
        locked = (
            Fixture.objects.select_for_update(of=("self",))
            .select_related("round__season__league", "home_team", "away_team")
            .get(pk=fixture.pk)
        )
        season = locked.round.season
        require_commissioner(user=actor, league=season.league)
        if (refusal := simulation_refusal(fixture=locked)) is not None:
            raise refusal
        job = _create_jobs([locked], season=season, actor=actor)[0]
        audit_record(
            actor=actor,
            action="simulation.request",
            obj=job,
            league=season.league,
            message=f"Simulation of {locked} requested ({job.get_state_display().lower()})",
            after={"job": job.pk, "fixture": locked.pk, "seed": job.seed, "state": job.state},
        )
    return job


def simulation_request_round(*, round_: Round, actor: Actor) -> SimulationBatch:
    """Ask for every unplayed fixture of an open round; each runs as soon as it can."""
    with transaction.atomic():
        # Locks the round: two requests for it make its jobs once.
        locked = (
            Round.objects.select_for_update(of=("self",))
            .select_related("season__league")
            .get(pk=round_.pk)
        )
        require_commissioner(user=actor, league=locked.season.league)
        if (refusal := simulation_round_refusal(round_=locked)) is not None:
            raise refusal
        batch = _request_many(
            fixtures=Fixture.objects.filter(round=locked),
            audit_obj=locked,
            season=locked.season,
            actor=actor,
            what=f"{locked} of {locked.season}",
        )
    return batch


def simulation_request_rest_of_season(*, season: Season, actor: Actor) -> SimulationBatch:
    """Open the remaining rounds of the season's current stage (rolling their inspections)
    and ask for every unplayed fixture. Workers play each team's fixtures in round order;
    those that cannot run yet wait, and the batch says for what."""
    with transaction.atomic():
        # Locks the season: two requests for the rest of it make its jobs once.
        locked = (
            Season.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=season.pk)
        )
        require_commissioner(user=actor, league=locked.league)
        if (refusal := simulation_season_refusal(season=locked)) is not None:
            raise refusal
        stage = (
            Round.Stage.PLAYOFF if locked.status == Season.Status.PLAYOFFS else Round.Stage.REGULAR
        )
        for round_ in locked.rounds.filter(stage=stage, status=Round.Status.SCHEDULED).order_by(
            "number"
        ):
            round_open(round_=round_, actor=actor)
        batch = _request_many(
            fixtures=Fixture.objects.filter(round__season=locked),
            audit_obj=locked,
            season=locked,
            actor=actor,
            what=f"the rest of {locked}",
        )
    return batch


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


def _request_many(
    *,
    fixtures: QuerySet[Fixture],
    audit_obj: Round | Season,
    season: Season,
    actor: Actor,
    what: str,
) -> SimulationBatch:
    # Locks the fixtures, in id order (no deadlock with another request): each gets one job.
    rows = list(
        fixtures.select_for_update(of=("self",))
        .select_related("home_team", "away_team", "round")
        .order_by("id")
    )
    live = set(
        SimulationJob.objects.filter(
            fixture__in=rows, state__in=SimulationJob.LIVE_STATES
        ).values_list("fixture_id", flat=True)
    )
    wanted = [f for f in rows if f.status in SIMULABLE and f.pk not in live]
    skipped = [
        SkippedFixture(fixture_id=f.pk, fixture=str(f), status=f.status)
        for f in rows
        if f.pk in live
    ]
    played = sum(f.status == Fixture.Status.PLAYED for f in rows)
    jobs = _create_jobs(wanted, season=season, actor=actor)
    waiting = [
        WaitingFixture(
            fixture_id=job.fixture_id, fixture=str(job.fixture), reason=job.waiting_reason
        )
        for job in jobs
        if job.state == SimulationJob.State.WAITING
    ]
    message = f"{len(jobs)} simulations of {what} requested, {len(jobs) - len(waiting)} queued"
    if waiting:
        message += f"; {len(waiting)} wait for earlier fixtures or decisions"
    audit_record(
        actor=actor,
        action="simulation.request_many",
        obj=audit_obj,
        league=season.league,
        message=message,
        after={
            "jobs": [job.pk for job in jobs],
            "waiting": {str(w.fixture_id): w.reason for w in waiting},
            "skipped": {str(s.fixture_id): s.status for s in skipped},
            "played": played,
        },
    )
    return SimulationBatch(jobs=jobs, waiting=waiting, skipped=skipped, played=played)


def _create_jobs(fixtures: list[Fixture], *, season: Season, actor: Actor) -> list[SimulationJob]:
    """Jobs for fixtures already locked and checked: queued (and sent once committed) where
    the fixture can be played now, waiting with the reason where it cannot."""
    if not fixtures:
        return []
    user = actor if actor is not None and actor.is_authenticated else None
    now = timezone.now()
    queue = SeasonQueue(season.pk)
    blocked = {fixture.pk for fixture in fixtures if queue.blocker(fixture.pk)}
    for fixture in fixtures:  # so the reasons say which of them are being simulated
        queue.live_jobs[fixture.pk] = (
            SimulationJob.State.WAITING if fixture.pk in blocked else SimulationJob.State.QUEUED
        )
    jobs: list[SimulationJob] = []
    for fixture in fixtures:
        reason = queue.blocker(fixture.pk) if fixture.pk in blocked else ""
        jobs.append(
            SimulationJob(
                fixture=fixture,
                seed=secrets.randbits(48),
                engine_version=ENGINE_VERSION,
                requested_by=user,
                state=SimulationJob.State.WAITING if reason else SimulationJob.State.QUEUED,
                waiting_reason=reason[:300],
                queued_at=None if reason else now,
            )
        )
    jobs = SimulationJob.objects.bulk_create(jobs)
    runnable = [job for job in jobs if job.state == SimulationJob.State.QUEUED]
    Fixture.objects.filter(pk__in=[job.fixture_id for job in runnable]).update(
        status=Fixture.Status.SIMULATING, updated_at=now
    )
    for job in runnable:
        job.fixture.status = Fixture.Status.SIMULATING
    publish_on_commit([job.pk for job in runnable])
    return jobs


# --- a commissioner's hand on a job -------------------------------------------------------------


def simulation_cancel(*, job: SimulationJob, actor: Actor) -> SimulationJob:
    """Cancel a job that has not started: waiting or queued. Its fixture is ready again."""
    with transaction.atomic():
        # Locks the job: it is cancelled once, and not while a worker claims it.
        locked = _lock_job(job, actor=actor)
        if locked.state not in (SimulationJob.State.WAITING, SimulationJob.State.QUEUED):
            raise GamesError(
                f"This simulation is {locked.get_state_display().lower()}: only a waiting or "
                "queued one can be cancelled.",
                code="job_not_cancellable",
            )
        before = locked.state
        locked.state = SimulationJob.State.CANCELLED
        locked.waiting_reason = ""
        locked.error = "Cancelled by a commissioner."
        locked.finished_at = timezone.now()
        locked.save(update_fields=["state", "waiting_reason", "error", "finished_at"])
        Fixture.objects.filter(pk=locked.fixture_id, status=Fixture.Status.SIMULATING).update(
            status=Fixture.Status.READY, updated_at=locked.finished_at
        )
        audit_record(
            actor=actor,
            action="simulation.cancel",
            obj=locked,
            league=locked.fixture.round.season.league,
            message=f"Simulation of {locked.fixture} cancelled",
            before={"state": before},
            after={"state": locked.state},
        )
    return locked


def simulation_retry(*, job: SimulationJob, actor: Actor) -> SimulationJob:
    """Ask again for a failed (or cancelled) job's fixture: a new job with a new seed; the
    old one is dismissed."""
    with transaction.atomic():
        # Locks the job: it is retried once.
        locked = _lock_job(job, actor=actor)
        _require_finished_badly(locked, what="retried")
        locked.dismissed_at = timezone.now()
        locked.save(update_fields=["dismissed_at"])
        retried = simulation_request(fixture=locked.fixture, actor=actor)
    return retried


def simulation_dismiss(*, job: SimulationJob, actor: Actor) -> SimulationJob:
    """Take a failed (or cancelled) job off the season's page; it stays in the job list."""
    with transaction.atomic():
        # Locks the job: it is dismissed once.
        locked = _lock_job(job, actor=actor)
        _require_finished_badly(locked, what="dismissed")
        locked.dismissed_at = timezone.now()
        locked.save(update_fields=["dismissed_at"])
        audit_record(
            actor=actor,
            action="simulation.dismiss",
            obj=locked,
            league=locked.fixture.round.season.league,
            message=f"Failed simulation of {locked.fixture} dismissed",
        )
    return locked


def _lock_job(job: SimulationJob, *, actor: Actor) -> SimulationJob:
    locked = (
        SimulationJob.objects.select_for_update(of=("self",))
        .select_related("fixture__round__season__league", "fixture__home_team")
        .select_related("fixture__away_team")
        .get(pk=job.pk)
    )
    require_commissioner(user=actor, league=locked.fixture.round.season.league)
    return locked


def _require_finished_badly(job: SimulationJob, *, what: str) -> None:
    if job.state not in (SimulationJob.State.FAILED, SimulationJob.State.CANCELLED):
        raise GamesError(
            f"This simulation is {job.get_state_display().lower()}: only a failed or "
            f"cancelled one can be {what}.",
            code="job_not_failed",
        )
    if job.dismissed_at is not None:
        raise GamesError("This simulation was already dealt with.", code="job_dismissed")


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
