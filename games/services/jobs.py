"""Simulation jobs as commissioners ask for them: requests for a fixture, a round or the rest
of the season, cancelling, retrying and dismissing. Whether they may, and the status a page
polls, are reads (games/selectors/simulation_jobs.py).

The life of a job (docs/operations.md, "Simulation jobs"): a request stores one job a
fixture with a seed from ``secrets`` (M-D8). A job that can run now is *queued* (its
fixture moves to *simulating*) and its id goes to the broker when the transaction commits;
one that cannot yet is *waiting*, with the reason in words, until whatever blocks it is
done (games/services/job_queue.py). A worker then claims, plays and records it
(games/services/job_runner.py). Only a real error or a commissioner's cancel ends a job early.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.errors import GamesError
from games.models import SimulationJob
from games.selectors import (
    SIMULABLE,
    SeasonQueue,
    simulation_refusal,
    simulation_round_refusal,
    simulation_season_refusal,
)
from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.models import Fixture, Round, Season
from rules.magnoball.version import ENGINE_VERSION

from .job_queue import publish_on_commit
from .matchday import round_open


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
