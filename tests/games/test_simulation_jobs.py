"""Simulation jobs: requests, the claim, progress, failures, and runs that happen twice or at
once (games/jobs.py, games/tasks.py)."""

from __future__ import annotations

import threading
from unittest import mock

import pytest
from django.db import OperationalError, connection, connections

from games import jobs
from games.errors import GamesError
from games.jobs import (
    MAX_ATTEMPTS,
    SimulationJobBusy,
    SimulationJobWaiting,
    simulation_job_status,
    simulation_request,
    simulation_request_rest_of_season,
    simulation_request_round,
    simulation_run,
)
from games.matchday import round_open
from games.models import Result, SimulationJob
from games.tasks import simulate_fixture
from league.errors import PermissionRefused
from league.models import AuditEntry, Fixture, Round, Season
from league.services import season_generate_schedule, season_transition

pytestmark = pytest.mark.django_db

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL (row locks and advisory locks); SQLite has neither",
)


def _open_first_round(world) -> Fixture:
    """The world's season active and scheduled, round 1 open: its fixture ready."""
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    round_open(round_=fixture.round, actor=None)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    return fixture


@pytest.fixture
def ready(world) -> Fixture:
    return _open_first_round(world)


@pytest.fixture
def queued(ready, world) -> SimulationJob:
    with mock.patch.object(simulate_fixture, "delay"):
        return simulation_request(fixture=ready, actor=world.commissioner)


# --- requests -----------------------------------------------------------------------------------


def test_a_request_stores_a_seeded_job_and_queues_its_id_on_commit(
    ready, world, django_capture_on_commit_callbacks
):
    with mock.patch.object(simulate_fixture, "delay") as delay:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            job = simulation_request(fixture=ready, actor=world.commissioner)
        delay.assert_not_called()  # nothing reaches the broker before the commit
        for callback in callbacks:
            callback()
    delay.assert_called_once_with(job.pk)
    job.refresh_from_db()
    ready.refresh_from_db()
    assert ready.status == Fixture.Status.SIMULATING
    assert (job.state, job.progress, job.attempts) == (SimulationJob.State.QUEUED, 0, 0)
    assert job.seed >= 0
    assert job.engine_version
    assert job.requested_by == world.commissioner
    entry = AuditEntry.objects.get(action="simulation.request")
    assert entry.actor == world.commissioner
    assert entry.after["seed"] == job.seed


def test_only_a_ready_fixture_without_a_live_job_can_be_requested(queued, world):
    with pytest.raises(GamesError) as refused:
        simulation_request(fixture=queued.fixture, actor=world.commissioner)
    assert refused.value.code == "fixture_not_ready"
    later = Fixture.objects.get(round__season=world.season, round__number=2)
    with pytest.raises(GamesError, match="scheduled"):
        simulation_request(fixture=later, actor=world.commissioner)
    # A live job on a ready fixture (never normally so) is refused too.
    Fixture.objects.filter(pk=queued.fixture_id).update(status=Fixture.Status.READY)
    with pytest.raises(GamesError) as refused:
        simulation_request(fixture=queued.fixture, actor=world.commissioner)
    assert refused.value.code == "job_exists"
    assert SimulationJob.objects.count() == 1


def test_only_a_commissioner_or_the_server_requests_a_simulation(ready, world):
    with pytest.raises(PermissionRefused):
        simulation_request(fixture=ready, actor=world.home_coach)
    ready.refresh_from_db()
    assert ready.status == Fixture.Status.READY
    assert not SimulationJob.objects.exists()


def test_a_round_request_queues_its_ready_fixtures_and_names_the_rest(ready, world):
    later = Fixture.objects.get(round__season=world.season, round__number=2)
    with mock.patch.object(simulate_fixture, "delay"):
        batch = simulation_request_round(round_=ready.round, actor=world.commissioner)
        nothing = simulation_request_round(round_=later.round, actor=None)
    assert [job.fixture_id for job in batch.jobs] == [ready.pk]
    assert (batch.skipped, batch.played) == ([], 0)
    assert nothing.jobs == []
    assert [(s.fixture_id, s.status) for s in nothing.skipped] == [(later.pk, "scheduled")]
    entry = AuditEntry.objects.filter(action="simulation.request_many").first()
    assert "skipped 1 not ready" in entry.message
    assert entry.after["skipped"] == {str(later.pk): "scheduled"}


def test_the_rest_of_the_season_opens_its_rounds_and_queues_every_fixture_once(ready, world):
    later = Fixture.objects.get(round__season=world.season, round__number=2)
    with mock.patch.object(simulate_fixture, "delay") as delay:
        batch = simulation_request_rest_of_season(season=world.season, actor=None)
        again = simulation_request_rest_of_season(season=world.season, actor=None)
    assert [job.fixture_id for job in batch.jobs] == [ready.pk, later.pk]
    assert batch.skipped == []
    assert Round.objects.get(pk=later.round_id).status == Round.Status.OPEN
    assert again.jobs == []
    assert {s.fixture_id for s in again.skipped} == {ready.pk, later.pk}
    assert delay.call_count == 0  # the test's transaction never commits
    with pytest.raises(PermissionRefused):
        simulation_request_rest_of_season(season=world.season, actor=world.outsider)


def test_a_teams_later_fixture_waits_for_its_earlier_one(ready, world):
    later = Fixture.objects.get(round__season=world.season, round__number=2)
    with mock.patch.object(simulate_fixture, "delay"):
        first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
    with pytest.raises(SimulationJobWaiting):
        simulation_run(job_id=second.pk, worker="w1")
    assert SimulationJob.objects.get(pk=second.pk).attempts == 0
    assert simulation_run(job_id=first.pk, worker="w1").state == "succeeded"
    assert simulation_run(job_id=second.pk, worker="w1").state == "succeeded"
    assert Fixture.objects.get(pk=later.pk).status == Fixture.Status.PLAYED


# --- running ------------------------------------------------------------------------------------


def test_a_run_records_the_result_with_the_jobs_seed_and_a_second_run_is_a_no_op(queued):
    job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.progress, job.attempts, job.worker) == ("succeeded", 100, 1, "w1")
    assert job.started_at
    assert job.finished_at
    result = Result.objects.get(fixture=job.fixture)
    assert (result.source, result.seed) == (Result.Source.SIMULATED, queued.seed)
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.PLAYED

    again = simulation_run(job_id=queued.pk, worker="w2")
    assert (again.state, again.attempts, again.worker) == ("succeeded", 1, "w1")
    assert Result.objects.filter(fixture=job.fixture).count() == 1


def test_the_task_run_twice_records_one_result(queued):
    simulate_fixture.apply(args=[queued.pk]).get()
    simulate_fixture.apply(args=[queued.pk]).get()
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("succeeded", 1)
    assert Result.objects.filter(fixture=queued.fixture).count() == 1


def test_progress_is_written_a_few_times_a_match_not_every_activation(queued):
    real = jobs.simulate_match
    seen: list[int] = []

    def slow_match(**kwargs):
        limit = kwargs["settings"].activation_limit
        for activations in range(50, 2 * limit, 50):
            kwargs["progress"](activations)
            seen.append(SimulationJob.objects.get(pk=queued.pk).progress)
        return real(**kwargs)

    with mock.patch.object(jobs, "simulate_match", slow_match):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert job.progress == 100
    assert len(seen) > 10
    assert sorted(set(seen)) == [0, 25, 50, 75]
    assert seen == sorted(seen)


def test_a_refused_result_fails_the_job_and_the_fixture_is_ready_again(queued, world):
    refusal = GamesError("the season is not running", code="season_not_running")
    with mock.patch.object(jobs, "result_record_simulation", side_effect=refusal):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.error) == ("failed", "the season is not running")
    assert job.finished_at
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.READY
    assert not Result.objects.exists()
    assert AuditEntry.objects.filter(action="simulation.failed").exists()
    # Failed is finished: running it again changes nothing, and a new request may follow.
    assert simulation_run(job_id=queued.pk, worker="w2").attempts == 1
    with mock.patch.object(simulate_fixture, "delay"):
        simulation_request(fixture=job.fixture, actor=world.commissioner)


def test_an_engine_error_is_recorded_as_failed(queued):
    with mock.patch.object(jobs, "simulate_match", side_effect=ValueError("bad sheet")):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.error) == ("failed", "ValueError: bad sheet")
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.READY


def test_a_database_error_leaves_the_job_for_the_retry_to_claim_again(queued):
    with (
        mock.patch.object(jobs, "result_record_simulation", side_effect=OperationalError("gone")),
        pytest.raises(OperationalError),
    ):
        simulation_run(job_id=queued.pk, worker="w1")
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("running", 1)
    job = simulation_run(job_id=queued.pk, worker="w2")
    assert (job.state, job.attempts, job.worker) == ("succeeded", 2, "w2")


def test_a_job_whose_worker_was_lost_is_claimed_again(queued):
    SimulationJob.objects.filter(pk=queued.pk).update(state="running", attempts=1, worker="dead")
    job = simulation_run(job_id=queued.pk, worker="w2")
    assert (job.state, job.attempts, job.worker) == ("succeeded", 2, "w2")
    assert Result.objects.filter(fixture=job.fixture).count() == 1


def test_a_job_that_lost_too_many_workers_is_failed(queued):
    SimulationJob.objects.filter(pk=queued.pk).update(state="running", attempts=MAX_ATTEMPTS)
    job = simulation_run(job_id=queued.pk, worker="w9")
    assert (job.state, job.attempts) == ("failed", MAX_ATTEMPTS)
    assert "Given up after" in job.error
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.READY


def test_a_run_whose_claim_was_taken_over_writes_nothing(queued):
    """The fencing token: another worker claimed the job (attempt 2) while this run played."""
    real = jobs.simulate_match

    def taken_over(**kwargs):
        SimulationJob.objects.filter(pk=queued.pk).update(attempts=2, worker="w2")
        return real(**kwargs)

    with mock.patch.object(jobs, "simulate_match", taken_over):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.attempts, job.worker) == ("running", 2, "w2")
    assert not Result.objects.exists()


def test_a_job_failing_transiently_every_time_ends_failed(queued):
    with mock.patch.object(jobs, "result_record_simulation", side_effect=OperationalError("gone")):
        simulate_fixture.apply(args=[queued.pk])
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("failed", MAX_ATTEMPTS)
    assert Fixture.objects.get(pk=queued.fixture_id).status == Fixture.Status.READY


def test_a_task_out_of_retries_fails_its_job(queued):
    with (
        mock.patch.object(jobs, "MAX_ATTEMPTS", 100),
        mock.patch.object(jobs, "result_record_simulation", side_effect=OperationalError("gone")),
    ):
        outcome = simulate_fixture.apply(args=[queued.pk])
    assert outcome.failed()
    queued.refresh_from_db()
    assert (queued.state, queued.error) == ("failed", "OperationalError: gone")
    assert queued.attempts == 1 + 8  # the first run and simulate_fixture's max_retries
    assert Fixture.objects.get(pk=queued.fixture_id).status == Fixture.Status.READY


def test_status_for_a_polling_page(queued):
    status = simulation_job_status(job_id=queued.pk)
    assert (status.state, status.progress, status.finished) == ("queued", 0, False)
    assert status.home_score is None
    simulation_run(job_id=queued.pk, worker="w1")
    status = simulation_job_status(job_id=queued.pk)
    result = Result.objects.get(fixture_id=queued.fixture_id)
    assert (status.state, status.progress, status.finished) == ("succeeded", 100, True)
    assert (status.home_score, status.away_score) == (result.home_score, result.away_score)
    with pytest.raises(SimulationJob.DoesNotExist):
        simulation_job_status(job_id=queued.pk + 1000)


# --- at once, on PostgreSQL -------------------------------------------------------------------


@on_postgresql
def test_a_job_held_by_a_live_worker_is_busy_for_a_second_delivery(queued):
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_lock(%s, %s)", [jobs._LOCK_NAMESPACE, jobs._lock_key(queued.pk)]
            )
        with pytest.raises(SimulationJobBusy):
            simulation_run(job_id=queued.pk, worker="w2")
    finally:
        other.close()
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("queued", 0)


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_concurrent_deliveries_play_the_fixture_once(world):
    fixture = _open_first_round(world)
    with mock.patch.object(simulate_fixture, "delay"):
        job = simulation_request(fixture=fixture, actor=None)
    real = jobs.simulate_match
    start = threading.Barrier(4)
    outcomes: list[str] = []

    def slow_match(**kwargs):
        threading.Event().wait(0.3)  # the others arrive while this run plays
        return real(**kwargs)

    def deliver(name: str) -> None:
        try:
            start.wait()
            done = simulation_run(job_id=job.pk, worker=name)
            outcomes.append(f"ran:{done.worker}")
        except SimulationJobBusy:
            outcomes.append("busy")
        finally:
            connection.close()

    with mock.patch.object(jobs, "simulate_match", slow_match):
        threads = [threading.Thread(target=deliver, args=(f"w{i}",)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("succeeded", 1)
    assert Result.objects.filter(fixture=fixture).count() == 1
    assert len(outcomes) == 4
    # Every run either was turned away as busy or found the job finished by the one winner.
    assert set(outcomes) <= {"busy", f"ran:{job.worker}"}
