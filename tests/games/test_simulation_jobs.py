"""Simulation jobs: requests, waiting as a state, the claim, progress, failures, runs that
happen twice or at once, and a commissioner's cancel, retry and dismiss (games/services/jobs.py,
games/services/job_queue.py, games/services/job_runner.py)."""

from __future__ import annotations

import threading
from unittest import mock

import pytest
from django.db import OperationalError, connection, connections
from django.utils import timezone

from games.errors import GamesError
from games.models import Inspection, SimulationJob
from games.selectors import (
    MAX_ATTEMPTS,
    SeasonQueue,
    job_requested_message,
    queued_job_maybe_blocked,
    simulation_job_status,
)
from games.services import (
    inspection_decide,
    job_runner,
    jobs_dispatch_waiting,
    result_void,
    round_open,
    simulation_cancel,
    simulation_dismiss,
    simulation_request,
    simulation_request_rest_of_season,
    simulation_request_round,
    simulation_retry,
    simulation_run,
)
from games.services.job_queue import DISPATCH_LOCK_NAMESPACE, LOCK_NAMESPACE
from games.tasks import simulate_fixture
from league.errors import PermissionRefused
from league.models import AuditEntry, Fixture, Result, Round, Season
from league.services.schedule import season_generate_schedule
from league.services.season_end import season_close
from league.services.seasons import season_transition
from rosters.models import Enhancement
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind

pytestmark = pytest.mark.django_db

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL (row locks and advisory locks); SQLite has neither",
)


@pytest.fixture
def sent():
    """The ids handed to the broker, in order (the broker itself is not needed here)."""
    ids: list[int] = []
    with mock.patch(
        "games.services.job_queue.app.send_task", side_effect=lambda name, args: ids.append(args[0])
    ):
        yield ids


def _season_running(world) -> None:
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)


def _open_first_round(world) -> Fixture:
    """The world's season active and scheduled, round 1 open: its fixture ready."""
    _season_running(world)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    round_open(round_=fixture.round, actor=None)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    return fixture


@pytest.fixture
def ready(world) -> Fixture:
    return _open_first_round(world)


@pytest.fixture
def queued(ready, world, sent) -> SimulationJob:
    return simulation_request(fixture=ready, actor=world.commissioner)


@pytest.fixture
def detected(world) -> Fixture:
    """Round 1 open with the home forward's EM Coil detected: the fixture awaits the away
    coach's decision (M-E2)."""
    _season_running(world)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    forward = fixture.home_team.players.get(shirt_number=1)
    Enhancement.objects.create(player=forward, kind=EnhancementKind.EM_COIL)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([1, 10] * 10))
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.INSPECTIONS
    return fixture


def _later(world) -> Fixture:
    return Fixture.objects.get(round__season=world.season, round__number=2)


# --- requests -----------------------------------------------------------------------------------


def test_a_request_stores_a_seeded_job_and_sends_its_id_on_commit(
    ready, world, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        job = simulation_request(fixture=ready, actor=world.commissioner)
    assert sent == []  # nothing reaches the broker before the commit
    for callback in callbacks:
        callback()
    assert sent == [job.pk]
    job.refresh_from_db()
    ready.refresh_from_db()
    assert ready.status == Fixture.Status.SIMULATING
    assert (job.state, job.progress, job.attempts) == (SimulationJob.State.QUEUED, 0, 0)
    assert job.sent_at is not None
    assert job.seed >= 0
    assert job.engine_version
    assert job.requested_by == world.commissioner
    entry = AuditEntry.objects.get(action="simulation.request")
    assert entry.actor == world.commissioner
    assert entry.after["seed"] == job.seed


def test_with_the_broker_away_the_request_still_stores_the_job_and_says_so(
    ready, world, django_capture_on_commit_callbacks
):
    down = OSError("Connection refused")
    with (
        mock.patch("games.services.job_queue.app.send_task", side_effect=down),
        django_capture_on_commit_callbacks(execute=True),
    ):
        job = simulation_request(fixture=ready, actor=world.commissioner)
    job.refresh_from_db()
    assert (job.state, job.sent_at) == (SimulationJob.State.QUEUED, None)
    assert "cannot be reached" in job_requested_message(job)
    assert "starts as soon as the queue is back" in simulation_job_status(job_id=job.pk).queue_note


def test_only_a_fixture_to_play_without_a_live_job_can_be_requested(queued, world):
    with pytest.raises(GamesError) as refused:
        simulation_request(fixture=queued.fixture, actor=world.commissioner)
    assert refused.value.code == "job_exists"
    Fixture.objects.filter(pk=queued.fixture_id).update(status=Fixture.Status.READY)
    with pytest.raises(GamesError) as refused:
        simulation_request(fixture=queued.fixture, actor=world.commissioner)
    assert refused.value.code == "job_exists"
    with pytest.raises(GamesError) as refused:
        simulation_request(fixture=_later(world), actor=world.commissioner)
    assert refused.value.code == "fixture_not_ready"  # its round is not open
    assert SimulationJob.objects.count() == 1


def test_only_a_commissioner_or_the_server_requests_a_simulation(ready, world):
    with pytest.raises(PermissionRefused):
        simulation_request(fixture=ready, actor=world.home_coach)
    ready.refresh_from_db()
    assert ready.status == Fixture.Status.READY
    assert not SimulationJob.objects.exists()


def test_a_finished_season_takes_no_simulation_request(ready, world, sent):
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.FINISHED)
    with pytest.raises(GamesError) as refused:
        simulation_request(fixture=ready, actor=world.commissioner)
    assert refused.value.code == "season_not_running"
    with pytest.raises(GamesError):
        simulation_request_rest_of_season(season=world.season, actor=world.commissioner)


def test_a_round_request_needs_the_round_open_and_queues_its_fixtures(ready, world, sent):
    with pytest.raises(GamesError) as refused:
        simulation_request_round(round_=_later(world).round, actor=None)
    assert refused.value.code == "round_not_open"
    batch = simulation_request_round(round_=ready.round, actor=world.commissioner)
    assert [job.fixture_id for job in batch.jobs] == [ready.pk]
    assert [job.state for job in batch.jobs] == [SimulationJob.State.QUEUED]
    again = simulation_request_round(round_=ready.round, actor=world.commissioner)
    assert (again.jobs, [s.fixture_id for s in again.skipped]) == ([], [ready.pk])


def test_the_rest_of_the_season_queues_what_can_run_and_says_what_the_rest_waits_for(
    ready, world, sent
):
    later = _later(world)
    batch = simulation_request_rest_of_season(season=world.season, actor=None)
    assert [job.fixture_id for job in batch.jobs] == [ready.pk, later.pk]
    assert [job.state for job in batch.jobs] == ["queued", "waiting"]
    assert Round.objects.get(pk=later.round_id).status == Round.Status.OPEN
    assert [w.fixture_id for w in batch.waiting] == [later.pk]
    assert batch.waiting[0].reason == (f"Waits for {ready}, round 1, which is being simulated.")
    assert Fixture.objects.get(pk=later.pk).status == Fixture.Status.READY  # not yet simulating
    again = simulation_request_rest_of_season(season=world.season, actor=None)
    assert again.jobs == []
    assert {s.fixture_id for s in again.skipped} == {ready.pk, later.pk}
    with pytest.raises(PermissionRefused):
        simulation_request_rest_of_season(season=world.season, actor=world.outsider)


def test_a_pending_decision_is_a_wait_in_words_not_a_failure(detected, world, sent):
    # The coil comes off after its detection, so round 2 opens with no detection of its own.
    Enhancement.objects.update(removed_at=timezone.now(), removal=Enhancement.Removal.REMOVED)
    batch = simulation_request_rest_of_season(season=world.season, actor=None)
    first, second = batch.jobs
    coach = detected.away_team.coach  # the inspecting coach decides (M-E2)
    assert first.state == second.state == SimulationJob.State.WAITING
    assert first.waiting_reason.startswith(
        f"Waits for {coach.get_full_name() or coach.username}'s decision on EM Coil ("
    )
    assert second.waiting_reason == (
        f"Waits for {detected}, round 1, which awaits "
        f"{first.waiting_reason.removeprefix('Waits for ').removesuffix('.')}."
    )
    assert sent == []  # nothing holds a worker while it waits


# --- waiting jobs start on their own ------------------------------------------------------------


def test_a_later_fixture_runs_once_the_earlier_one_is_played(
    ready, world, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
    assert sent == [first.pk]
    with django_capture_on_commit_callbacks(execute=True):
        assert simulation_run(job_id=first.pk, worker="w1").state == "succeeded"
    assert sent == [first.pk, second.pk]
    second.refresh_from_db()
    assert (second.state, second.waiting_reason, second.attempts) == ("queued", "", 0)
    assert simulation_run(job_id=second.pk, worker="w1").state == "succeeded"
    assert Fixture.objects.get(pk=second.fixture_id).status == Fixture.Status.PLAYED


def test_a_decision_lets_the_waiting_job_run(
    detected, world, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = simulation_request(fixture=detected, actor=world.commissioner)
    assert job.state == SimulationJob.State.WAITING
    with django_capture_on_commit_callbacks(execute=True):
        for inspection in Inspection.objects.filter(fixture=detected):
            inspection_decide(inspection=inspection, allow=True, actor=detected.away_team.coach)
    job.refresh_from_db()
    assert job.state == SimulationJob.State.QUEUED
    assert sent == [job.pk]
    assert Fixture.objects.get(pk=detected.pk).status == Fixture.Status.SIMULATING


def test_a_result_reported_meanwhile_cancels_the_waiting_job(
    ready, world, sent, django_capture_on_commit_callbacks
):
    first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
    SimulationJob.objects.filter(pk=first.pk).update(state=SimulationJob.State.CANCELLED)
    Fixture.objects.filter(pk=first.fixture_id).update(status=Fixture.Status.PLAYED)
    Fixture.objects.filter(pk=second.fixture_id).update(status=Fixture.Status.PLAYED)
    assert jobs_dispatch_waiting(season_id=world.season.pk) == []
    second.refresh_from_db()
    assert (second.state, second.error) == ("cancelled", "A result was recorded meanwhile.")


def test_closing_the_season_cancels_what_still_waits(ready, world, sent):
    _first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.FINISHED)
    jobs_dispatch_waiting(season_id=world.season.pk)
    second.refresh_from_db()
    assert second.state == SimulationJob.State.CANCELLED
    assert "is over" in second.error


def test_season_close_dispatches_on_commit(world, django_capture_on_commit_callbacks):
    """A season with no fixture left closes, and its commit looks at waiting jobs."""
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.ACTIVE)
    world.season.refresh_from_db()
    with (
        mock.patch("games.ruleset.dispatch_after_commit") as dispatch,
        django_capture_on_commit_callbacks(execute=True),
    ):
        season_close(season=world.season, actor=world.commissioner)
    dispatch.assert_called_once_with(season_id=world.season.pk)


def test_a_queued_job_whose_earlier_result_was_voided_waits_again(
    ready, world, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
        simulation_run(job_id=first.pk, worker="w1")
    result_void(result=Result.objects.get(fixture_id=first.fixture_id), actor=None)
    job = simulation_run(job_id=second.pk, worker="w1")
    assert job.state == SimulationJob.State.WAITING
    assert job.waiting_reason == f"Waits for {ready}, round 1, which has no result yet " + (
        "(report it or simulate it)."
    )
    assert Fixture.objects.get(pk=second.fixture_id).status == Fixture.Status.READY


# --- a commissioner's hand ----------------------------------------------------------------------


def test_a_commissioner_cancels_a_queued_job_and_the_fixture_is_ready(queued, world):
    with pytest.raises(PermissionRefused):
        simulation_cancel(job=queued, actor=world.home_coach)
    job = simulation_cancel(job=queued, actor=world.commissioner)
    assert job.state == SimulationJob.State.CANCELLED
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.READY
    assert AuditEntry.objects.filter(action="simulation.cancel", actor=world.commissioner)
    with pytest.raises(GamesError) as refused:
        simulation_cancel(job=job, actor=world.commissioner)
    assert refused.value.code == "job_not_cancellable"
    # A worker that comes for it later finds nothing to do.
    assert simulation_run(job_id=job.pk, worker="w1").state == SimulationJob.State.CANCELLED
    assert not Result.objects.exists()


def test_a_failed_job_is_retried_with_a_new_seed_or_dismissed(queued, world, sent):
    with mock.patch.object(job_runner, "simulate_match", side_effect=ValueError("bad sheet")):
        failed = simulation_run(job_id=queued.pk, worker="w1")
    assert failed.state == SimulationJob.State.FAILED
    with pytest.raises(PermissionRefused):
        simulation_retry(job=failed, actor=world.away_coach)
    retried = simulation_retry(job=failed, actor=world.commissioner)
    assert retried.pk != failed.pk
    assert retried.state == SimulationJob.State.QUEUED
    failed.refresh_from_db()
    assert failed.dismissed_at is not None
    with pytest.raises(GamesError) as refused:
        simulation_dismiss(job=failed, actor=world.commissioner)
    assert refused.value.code == "job_dismissed"
    with pytest.raises(GamesError) as refused:
        simulation_dismiss(job=retried, actor=world.commissioner)
    assert refused.value.code == "job_not_failed"


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


def test_progress_and_heartbeat_are_written_a_few_times_a_match(queued):
    real = job_runner.simulate_match
    seen: list[tuple[int, object]] = []

    def slow_match(**kwargs):
        limit = kwargs["settings"].activation_limit
        for activations in range(50, 2 * limit, 50):
            kwargs["progress"](activations)
            row = SimulationJob.objects.values("progress", "heartbeat_at").get(pk=queued.pk)
            seen.append((row["progress"], row["heartbeat_at"]))
        return real(**kwargs)

    with mock.patch.object(job_runner, "simulate_match", slow_match):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert job.progress == 100
    assert len(seen) > 10
    assert sorted({progress for progress, _ in seen}) == [0, 25, 50, 75]
    assert len({beat for _, beat in seen}) == 4  # the claim's, then one per progress write


def test_a_refused_result_fails_the_job_and_the_fixture_is_ready_again(queued, world, sent):
    refusal = GamesError("the season is not running", code="season_not_running")
    with mock.patch.object(job_runner, "result_record_simulation", side_effect=refusal):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.error) == ("failed", "the season is not running")
    assert job.finished_at
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.READY
    assert not Result.objects.exists()
    assert AuditEntry.objects.filter(action="simulation.failed").exists()
    # Failed is finished: running it again changes nothing, and a new request may follow.
    assert simulation_run(job_id=queued.pk, worker="w2").attempts == 1
    simulation_request(fixture=job.fixture, actor=world.commissioner)


def test_an_engine_error_is_recorded_as_failed(queued):
    with mock.patch.object(job_runner, "simulate_match", side_effect=ValueError("bad sheet")):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.error) == ("failed", "ValueError: bad sheet")
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.READY


def test_a_database_error_leaves_the_job_for_the_same_workers_retry(queued):
    with (
        mock.patch.object(
            job_runner, "result_record_simulation", side_effect=OperationalError("gone")
        ),
        pytest.raises(OperationalError),
    ):
        simulation_run(job_id=queued.pk, worker="w1")
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("running", 1)
    # The same worker's retry takes it up again under the same attempt.
    job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.attempts, job.worker) == ("succeeded", 1, "w1")


@pytest.mark.skipif(
    connection.vendor == "postgresql",
    reason="on PostgreSQL a free advisory lock proves no worker runs the job: it is claimed",
)
def test_on_sqlite_another_worker_leaves_a_running_job_with_a_fresh_heartbeat_alone(queued):
    SimulationJob.objects.filter(pk=queued.pk).update(
        state="running", attempts=1, worker="w1", heartbeat_at=timezone.now()
    )
    assert simulation_run(job_id=queued.pk, worker="w2").state == "running"
    queued.refresh_from_db()
    assert (queued.attempts, queued.worker) == (1, "w1")


def test_a_database_outage_never_fails_the_job(queued):
    """Out of retries, the task gives up but the job stays running for the sweep: a
    restarted database costs a wait, not a lost job."""
    with mock.patch.object(
        job_runner, "result_record_simulation", side_effect=OperationalError("gone")
    ):
        outcome = simulate_fixture.apply(args=[queued.pk])
    assert outcome.failed()
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("running", 1)
    assert Fixture.objects.get(pk=queued.fixture_id).status == Fixture.Status.SIMULATING


def test_a_job_whose_worker_went_silent_is_claimed_again(queued):
    silent = timezone.now() - job_runner.STALE_AFTER * 2
    SimulationJob.objects.filter(pk=queued.pk).update(
        state="running", attempts=1, worker="dead", heartbeat_at=silent
    )
    job = simulation_run(job_id=queued.pk, worker="w2")
    assert (job.state, job.attempts, job.worker) == ("succeeded", 2, "w2")
    assert Result.objects.filter(fixture=job.fixture).count() == 1


def test_a_job_that_lost_too_many_workers_is_failed(queued):
    SimulationJob.objects.filter(pk=queued.pk).update(attempts=MAX_ATTEMPTS)
    job = simulation_run(job_id=queued.pk, worker="w9")
    assert (job.state, job.attempts) == ("failed", MAX_ATTEMPTS)
    assert "Given up after" in job.error
    assert Fixture.objects.get(pk=job.fixture_id).status == Fixture.Status.READY


def test_a_run_whose_claim_was_taken_over_writes_nothing(queued):
    """The fencing token: another worker claimed the job (attempt 2) while this run played."""
    real = job_runner.simulate_match

    def taken_over(**kwargs):
        SimulationJob.objects.filter(pk=queued.pk).update(attempts=2, worker="w2")
        return real(**kwargs)

    with mock.patch.object(job_runner, "simulate_match", taken_over):
        job = simulation_run(job_id=queued.pk, worker="w1")
    assert (job.state, job.attempts, job.worker) == ("running", 2, "w2")
    assert not Result.objects.exists()


def test_status_for_a_polling_page(queued, world):
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
def test_a_job_held_by_a_live_worker_is_left_alone_by_a_second_delivery(queued):
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_NAMESPACE, queued.pk])
        assert simulation_run(job_id=queued.pk, worker="w2").state == "queued"
    finally:
        other.close()
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("queued", 0)


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_concurrent_deliveries_play_the_fixture_once(world):
    fixture = _open_first_round(world)
    with mock.patch("games.services.job_queue.app.send_task"):
        job = simulation_request(fixture=fixture, actor=None)
    real = job_runner.simulate_match
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def slow_match(**kwargs):
        threading.Event().wait(0.3)  # the others arrive while this run plays
        return real(**kwargs)

    def deliver(name: str) -> None:
        try:
            start.wait()
            simulation_run(job_id=job.pk, worker=name)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    with mock.patch.object(job_runner, "simulate_match", slow_match):
        threads = [threading.Thread(target=deliver, args=(f"w{i}",)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("succeeded", 1)
    assert Result.objects.filter(fixture=fixture).count() == 1


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_a_seasons_dispatches_take_turns(ready, world):
    """Two results committing together each dispatch the season's waiting jobs and restate
    the waits of many of the same jobs: in no set order, their updates deadlocked and one
    dispatch died. A dispatch holds the season's lock until it commits, so the second waits
    for the first, then does its work."""
    with mock.patch("games.services.job_queue.app.send_task"):
        first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
    Result.objects.create(fixture=first.fixture, home_score=1, away_score=0, source="reported")
    Fixture.objects.filter(pk=first.fixture_id).update(status=Fixture.Status.PLAYED)
    assert SimulationJob.objects.get(pk=second.pk).state == SimulationJob.State.WAITING
    season = world.season.pk
    other = connections.create_connection("default")
    errors: list[BaseException] = []
    queued: list[list[int]] = []

    def dispatch() -> None:
        try:
            with mock.patch("games.services.job_queue.app.send_task"):
                queued.append(jobs_dispatch_waiting(season_id=season))
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    try:
        other.set_autocommit(False)
        with other.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s, %s)", [DISPATCH_LOCK_NAMESPACE, season]
            )
        thread = threading.Thread(target=dispatch)
        thread.start()
        waiting = 0
        for _ in range(500):  # until the dispatch waits for the lock (at most ten seconds)
            with other.cursor() as cursor:
                cursor.execute(
                    "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
                    "AND classid = %s AND objid = %s",
                    [DISPATCH_LOCK_NAMESPACE, season],
                )
                (waiting,) = cursor.fetchone()
            if waiting:
                break
            threading.Event().wait(0.02)
        assert waiting == 1
        assert thread.is_alive()
        assert queued == []
        other.rollback()  # the first dispatch commits: the second goes on
        thread.join(timeout=30)
    finally:
        other.close()
    assert errors == []
    assert queued == [[second.pk]]
    second.refresh_from_db()
    assert second.state == SimulationJob.State.QUEUED


def test_the_workers_one_query_check_agrees_with_the_queues_words(ready, world, sent):
    """Before each job a worker asks in one query whether the fixture may be blocked
    (queued_job_maybe_blocked); it names a job exactly when SeasonQueue.blocker has words
    for it: an unplayed earlier fixture of a team (M-P3), its own inspections or round."""
    first, second = simulation_request_rest_of_season(season=world.season, actor=None).jobs
    SimulationJob.objects.filter(pk=second.pk).update(state=SimulationJob.State.QUEUED)
    season = world.season.pk

    def agree() -> list[bool]:
        answers = []
        for job in (first, second):
            blocker = SeasonQueue(season).blocker(job.fixture_id)
            answers.append(queued_job_maybe_blocked(job.pk) is not None)
            assert answers[-1] == bool(blocker), (job, blocker)
        return answers

    assert agree() == [False, True]  # the second waits for the first (round 1)
    Fixture.objects.filter(pk=first.fixture_id).update(status=Fixture.Status.INSPECTIONS)
    assert agree() == [True, True]
    Fixture.objects.filter(pk=first.fixture_id).update(status=Fixture.Status.PLAYED)
    assert agree() == [False, False]
    SimulationJob.objects.filter(pk=second.pk).update(state=SimulationJob.State.RUNNING)
    assert queued_job_maybe_blocked(second.pk) is None  # not queued: the claim decides
