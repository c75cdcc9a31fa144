"""The sweep (games/services/job_queue.py): queued jobs whose message never left or is long overdue
are sent again, jobs of dead workers are taken back by heartbeat, waiting jobs that can run
are queued, and a live worker's job is left alone."""

from __future__ import annotations

from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.db import connection, connections
from django.utils import timezone

from games.models import SimulationJob
from games.selectors import MAX_ATTEMPTS, STALE_AFTER
from games.services import (
    RESEND_AFTER,
    UNSENT_GRACE,
    jobs_sweep,
    round_open,
    simulation_request,
    simulation_request_rest_of_season,
    simulation_run,
)
from games.services.job_queue import LOCK_NAMESPACE
from games.tasks import sweep_simulation_jobs
from league.models import Fixture, Result, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent():
    ids: list[int] = []
    with mock.patch(
        "games.services.job_queue.app.send_task", side_effect=lambda name, args: ids.append(args[0])
    ):
        yield ids


@pytest.fixture
def ready(world) -> Fixture:
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    round_open(round_=fixture.round, actor=None)
    return fixture


@pytest.fixture
def unsent(ready, world) -> SimulationJob:
    """A job committed as queued while the broker was away: no message anywhere."""
    with mock.patch("games.services.job_queue.app.send_task", side_effect=ConnectionError("down")):
        job = simulation_request(fixture=ready, actor=world.commissioner)
    job.refresh_from_db()
    assert (job.state, job.sent_at) == (SimulationJob.State.QUEUED, None)
    return job


def _later(seconds: float) -> datetime:
    return timezone.now() + timedelta(seconds=seconds)


def test_a_job_that_never_reached_the_broker_is_sent_once_the_grace_is_over(unsent, sent):
    assert jobs_sweep().sent == []  # its own request may still be sending it
    report = jobs_sweep(now=_later(UNSENT_GRACE.total_seconds() + 1))
    assert (report.sent, sent) == ([unsent.pk], [unsent.pk])
    unsent.refresh_from_db()
    assert unsent.sent_at is not None
    # Sent: the next sweep leaves it alone until its message is long overdue.
    assert jobs_sweep(now=_later(UNSENT_GRACE.total_seconds() + 2)).sent == []
    overdue = jobs_sweep(now=_later(RESEND_AFTER.total_seconds() + 1))
    assert overdue.sent == [unsent.pk]


def test_with_the_broker_still_away_the_sweep_keeps_the_job_for_later(unsent):
    with mock.patch("games.services.job_queue.app.send_task", side_effect=ConnectionError("down")):
        report = jobs_sweep(now=_later(60))
    assert report.sent == []
    unsent.refresh_from_db()
    assert (unsent.state, unsent.sent_at) == (SimulationJob.State.QUEUED, None)


def test_a_duplicate_message_after_a_resend_plays_the_fixture_once(unsent, sent):
    jobs_sweep(now=_later(RESEND_AFTER.total_seconds()))
    simulation_run(job_id=unsent.pk, worker="w1")
    simulation_run(job_id=unsent.pk, worker="w2")  # the original message, late
    assert Result.objects.filter(fixture_id=unsent.fixture_id).count() == 1


def _running_on(job: SimulationJob, *, worker: str, beat_ago: timedelta, attempts: int = 1):
    SimulationJob.objects.filter(pk=job.pk).update(
        state=SimulationJob.State.RUNNING,
        worker=worker,
        attempts=attempts,
        heartbeat_at=timezone.now() - beat_ago,
    )


def test_a_running_job_with_a_silent_worker_is_taken_back_and_finished(unsent, sent):
    _running_on(unsent, worker="dead:1", beat_ago=STALE_AFTER + timedelta(seconds=1))
    report = jobs_sweep()
    assert report.taken_back == [unsent.pk]
    assert sent == [unsent.pk]
    unsent.refresh_from_db()
    assert (unsent.state, unsent.worker, unsent.attempts) == ("queued", "", 1)
    job = simulation_run(job_id=unsent.pk, worker="w2")
    assert (job.state, job.attempts) == ("succeeded", 2)


def test_a_running_job_with_a_recent_heartbeat_is_left_alone(unsent, sent):
    _running_on(unsent, worker="alive:1", beat_ago=STALE_AFTER / 2)
    assert jobs_sweep().taken_back == []
    unsent.refresh_from_db()
    assert unsent.state == SimulationJob.State.RUNNING
    assert sent == []


def test_a_job_that_lost_too_many_workers_is_failed_by_the_sweep(unsent, sent):
    _running_on(unsent, worker="dead:1", beat_ago=STALE_AFTER * 2, attempts=MAX_ATTEMPTS)
    report = jobs_sweep()
    assert report.failed == [unsent.pk]
    unsent.refresh_from_db()
    assert unsent.state == SimulationJob.State.FAILED
    assert Fixture.objects.get(pk=unsent.fixture_id).status == Fixture.Status.READY


def test_the_sweep_queues_waiting_jobs_whose_fixture_can_now_run(
    ready, world, sent, django_capture_on_commit_callbacks
):
    first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
    # The earlier fixture got played by a path that never dispatched (a crash after commit).
    simulation_run(job_id=first.pk, worker="w1")
    with django_capture_on_commit_callbacks(execute=True):
        report = jobs_sweep()
    assert second.pk in report.dispatched
    second.refresh_from_db()
    assert second.state == SimulationJob.State.QUEUED
    assert second.pk in sent


def test_the_sweep_task_reports_what_it_did(unsent, sent):
    outcome = sweep_simulation_jobs.apply().get()
    assert "taken back from lost workers" in outcome


@pytest.mark.skipif(connection.vendor != "postgresql", reason="advisory locks are PostgreSQL's")
def test_on_postgresql_a_live_sessions_lock_keeps_a_slow_job_from_being_taken(unsent, sent):
    _running_on(unsent, worker="slow:1", beat_ago=STALE_AFTER * 2)
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_NAMESPACE, unsent.pk])
        assert jobs_sweep().taken_back == []
    finally:
        other.close()
    assert jobs_sweep().taken_back == [unsent.pk]  # its session ended: the worker is gone
