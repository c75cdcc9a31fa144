"""A real Celery worker on Redis and PostgreSQL, killed in the middle of a simulation job:
the job is neither lost nor played twice (games/jobs.py, docs/operations.md).

The job is held mid-way without any test hook in the shipped code: the test locks the
result table, so the worker claims the job, plays the match and then waits inside its result
transaction. The whole worker (main process and pool child) is SIGKILLed there; its message
stays unacknowledged in Redis and its PostgreSQL session, with the job's advisory lock and the
open transaction, dies with it. Redis would hand the message to another worker once the
visibility timeout (an hour) has passed; the test ages the message instead of waiting, then
starts a second worker, which restores it on start-up, claims the orphaned job (attempt 2)
and records the one result.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
import redis
from django.conf import settings
from django.db import connection

from games.jobs import simulation_request
from games.matchday import round_open
from games.models import Result, SimulationJob
from league.celery import app
from league.models import Fixture, Season
from league.services import season_generate_schedule, season_transition

ROOT = Path(__file__).resolve().parents[2]
CELERY = Path(sys.executable).with_name("celery")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not settings.REDIS_URL or connection.vendor != "postgresql",
        reason="needs REDIS_URL and a PostgreSQL DATABASE_URL (a real worker on a real broker)",
    ),
]


def _wait_for(what: str, check: Callable[[], object], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f}s waiting until {what}")
        time.sleep(0.1)


def _test_database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db["PASSWORD"] else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


class Workers:
    """Celery workers in their own process groups, consuming only this test's queue."""

    def __init__(self, queue: str, logs: Path) -> None:
        self.queue = queue
        self.logs = logs
        self.processes: list[subprocess.Popen[bytes]] = []
        self.env = {**os.environ, "DATABASE_URL": _test_database_url(), "PYTHONUNBUFFERED": "1"}

    def start(self, name: str) -> subprocess.Popen[bytes]:
        with (self.logs / f"{name}.log").open("wb") as log:  # the worker keeps its own copy
            process = subprocess.Popen(
                [str(CELERY), "-A", "league", "worker", "-Q", self.queue, "-c", "1",
                 "-n", f"{name}-{self.queue}@%h", "--loglevel", "INFO",
                 "--without-gossip", "--without-mingle", "--without-heartbeat"],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        self.processes.append(process)
        return process

    def kill(self, process: subprocess.Popen[bytes]) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def stop_all(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(errors="replace")


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[Workers]:
    queue = f"test-kill-{uuid.uuid4().hex[:10]}"
    previous = app.conf.task_default_queue
    app.conf.task_default_queue = queue  # this test's messages go to its own workers only
    pool = Workers(queue, tmp_path)
    try:
        yield pool
    finally:
        pool.stop_all()
        app.conf.task_default_queue = previous
        broker = redis.Redis.from_url(settings.REDIS_URL)
        broker.delete(queue)
        for tag in _unacked_tags(broker, queue):
            broker.hdel("unacked", tag)
            broker.zrem("unacked_index", tag)


def _unacked_tags(broker: redis.Redis, queue: str) -> list[bytes]:
    """Delivery tags of messages of `queue` that a worker took and has not acknowledged
    (kombu's Redis transport keeps them in the `unacked` hash and `unacked_index` set)."""
    tags = []
    for tag, payload in broker.hgetall("unacked").items():
        _message, _exchange, routing_key = json.loads(payload)
        if routing_key == queue:
            tags.append(tag)
    return tags


def _advisory_locks(job_id: int) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = %s", [job_id]
        )
        (count,) = cursor.fetchone()
    return int(count)


def _ready_fixture(world) -> Fixture:
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    round_open(round_=fixture.round, actor=None)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    return fixture


@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_mid_job_neither_loses_nor_doubles_it(world, workers):
    fixture = _ready_fixture(world)
    broker = redis.Redis.from_url(settings.REDIS_URL)
    db = connection.settings_dict
    blocker = psycopg.connect(
        host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"],
        password=db["PASSWORD"] or None, dbname=db["NAME"],
    )  # fmt: skip
    blocker.execute("LOCK TABLE games_result IN EXCLUSIVE MODE")  # held until rollback

    def waiting_on_the_lock() -> bool:
        row = blocker.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock'"
        ).fetchone()
        return bool(row and row[0])

    first = workers.start("first")
    job = simulation_request(fixture=fixture, actor=world.commissioner)  # queued on commit
    try:
        _wait_for(
            "the first worker claims the job",
            lambda: SimulationJob.objects.get(pk=job.pk).state == SimulationJob.State.RUNNING,
        )
        _wait_for("the first worker waits inside its result transaction", waiting_on_the_lock)
        assert _unacked_tags(broker, workers.queue), "the message should be unacknowledged"

        workers.kill(first)
    finally:
        blocker.rollback()
        blocker.close()

    _wait_for(
        "PostgreSQL ends the dead worker's session and its advisory lock",
        lambda: not _advisory_locks(job.pk),
        timeout=15,
    )
    job.refresh_from_db()
    assert (job.state, job.attempts) == (SimulationJob.State.RUNNING, 1)
    assert not Result.objects.filter(fixture=fixture).exists()
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.SIMULATING

    # Fast-forward the visibility timeout for the dead worker's message only.
    tags = _unacked_tags(broker, workers.queue)
    assert len(tags) == 1
    broker.zadd("unacked_index", {tags[0]: 0})

    workers.start("second")
    _wait_for(
        "the second worker finishes the job",
        lambda: SimulationJob.objects.get(pk=job.pk).state != SimulationJob.State.RUNNING,
        timeout=40,
    )
    job.refresh_from_db()
    assert job.state == SimulationJob.State.SUCCEEDED, (job.error, workers.log("second"))
    assert job.attempts == 2
    assert job.worker.startswith(f"second-{workers.queue}@")
    assert Result.objects.filter(fixture=fixture).count() == 1
    result = Result.objects.get(fixture=fixture)
    assert (result.source, result.seed) == (Result.Source.SIMULATED, job.seed)
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.PLAYED
    assert SimulationJob.objects.filter(fixture=fixture).count() == 1
    _wait_for("the message is acknowledged", lambda: not _unacked_tags(broker, workers.queue))
