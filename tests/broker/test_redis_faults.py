"""Workers on Redis recover from any fault of the broker, with real parts: a private
redis-server, a real Celery worker of two processes, an SQLite installation built by
``demo_league``. Redis is frozen 30 s (SIGSTOP, SIGCONT) while the worker finishes jobs, its
connections reset (CLIENT KILL) and it is restarted empty; after each, the next job is done
within a minute (issue #44: after the freeze the workers never consumed again)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.models import SimulationJob
from tests.games.installation import (
    DemoTemplate,
    Installation,
    PrivateRedis,
    demo_installation,
    wait_for,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server"),
    # One installation at a time on a machine (tests/conftest.py: "installations").
    pytest.mark.xdist_group("installations"),
]

_SEASON = (
    "from league.models import Season\n"
    "from games.models import SimulationJob\n"
    "season = Season.objects.get(name='2026 Season', league__ruleset='magnoball')\n"
)


@pytest.fixture
def site(tmp_path: Path, demo_template: DemoTemplate) -> Iterator[Installation]:
    redis = PrivateRedis(tmp_path)
    redis.start()
    try:
        with demo_installation(
            tmp_path / "site", template=demo_template, redis=redis
        ) as installation:
            yield installation
    finally:
        redis.stop()


def _running_jobs(site: Installation) -> int:
    """Read from the SQLite file itself: a manage.py process takes seconds, and the freeze
    must come while a job runs, so that its acknowledgement meets the frozen Redis."""
    with sqlite3.connect(site.folder / "magnoball.sqlite3", timeout=30) as db:
        (count,) = db.execute(
            f"SELECT count(*) FROM {SimulationJob._meta.db_table} WHERE state = 'running'"
        ).fetchone()
    return int(count)


def _export_done_within(site: Installation, seconds: float) -> float:
    """Ask for an export (its own queue) and wait for a worker to build it."""
    job = site.query(
        "from league.models import League\n"
        "from league.exchange_jobs.services import exchange_export_request\n"
        "league = League.objects.get(ruleset='mn11')\n"
        "out = exchange_export_request(league=league, season=None, "
        "format_key='json-document', actor=None).pk"
    )
    return wait_for(
        f"export job {job} is done",
        lambda: (
            site.query(
                "from league.exchange_jobs.models import ExchangeJob\n"
                f"out = ExchangeJob.objects.get(pk={job}).status"
            )
            == "done"
        ),
        timeout=seconds,
    )


def _redis_command(redis: PrivateRedis, command: str) -> bytes:
    with socket.create_connection(("127.0.0.1", redis.port), timeout=5) as conn:
        conn.sendall(command.encode() + b"\r\n")
        return conn.recv(256)


def test_the_worker_consumes_again_after_redis_froze_reset_and_restarted(site):
    redis = site.redis
    assert redis is not None
    assert redis.process is not None
    site.start_worker("one", concurrency=2)
    wait_for("the worker is ready", lambda: site.worker_ready("one"), timeout=120)
    figures: dict[str, float] = {"first": _export_done_within(site, 120)}

    # Frozen while both processes finish jobs: their acknowledgements fail.
    site.query(
        _SEASON + "from games.services import simulation_request_rest_of_season\n"
        "simulation_request_rest_of_season(season=season, actor=None)"
    )
    started = time.monotonic()
    while _running_jobs(site) == 0:
        assert time.monotonic() - started < 120, "no simulation ran"
        time.sleep(0.02)
    os.kill(redis.process.pid, signal.SIGSTOP)
    try:
        time.sleep(30)
    finally:
        os.kill(redis.process.pid, signal.SIGCONT)
    figures["frozen 30 s"] = _export_done_within(site, 60)

    # Every client's connection reset while the worker is busy with the season.
    assert _redis_command(redis, "CLIENT KILL TYPE normal").startswith(b":")
    figures["connections reset"] = _export_done_within(site, 60)

    # Restarted, empty (no persistence): the worker reconnects on its own.
    redis.stop()
    time.sleep(3)
    redis.start()
    figures["restarted"] = _export_done_within(site, 60)

    log = site.log("one")
    print(
        "\nnext job done after Redis was " + ", ".join(f"{k}: {v:.1f}s" for k, v in figures.items())
    )
    assert site.processes["one"].poll() is None, log  # the worker never exited
    assert "Unrecoverable error" not in log, log
    # The freeze did hit acknowledgements (kombu's own logged "Couldn't ack" and wedged).
    assert "could not acknowledge" in site._log_text("one") or "Couldn't ack" in log, log
