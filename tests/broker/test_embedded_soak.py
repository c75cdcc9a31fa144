"""The embedded stack stays up (issue #44: on ``./dev run`` the worker stopped three times in
20 minutes, reading a message file half-written, and took the web server with it).

The installation runs as ``./dev run`` runs it: SQLite, the filesystem broker, one worker of
two processes with beat inside it, here sending its sweeps every second, from the first
minute on. For ``SOAK_SECONDS`` (900 by default) the test sends jobs from other processes
in waves, a few hundred in all: the rest of the demo season's simulations, exports of every
demo league and webhook test events to a local receiver (with the results' own events).
Then every job must be done exactly once, and the worker must never have stopped.

Run it on its own: ``pytest -m soak`` (``SOAK_SECONDS=120`` for a short one)."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from games.models import SimulationJob
from league.exchange_jobs.models import ExchangeJob
from league.models import Result
from league.webhooks.models import Delivery
from tests.games.installation import DemoTemplate, Installation, demo_installation, wait_for

# Left out of ./dev test (pytest's addopts: -m "not soak"); .ci/run runs it as a phase of
# its own. One installation at a time on a machine (tests/conftest.py: "installations").
pytestmark = [pytest.mark.soak, pytest.mark.slow, pytest.mark.xdist_group("installations")]

SOAK_SECONDS = float(os.environ.get("SOAK_SECONDS", "900"))
WAVES = 24
#: Fast sweeps: beat writes a message a second or more while the others write and read.
FAST_BEAT = {
    "SIMULATION_SWEEP_SECONDS": "1",
    "SIMULATION_RESEND_SECONDS": "5",
    "WEBHOOKS_SWEEP_SECONDS": "1",
    "MN11_DRAFT_SWEEP_SECONDS": "1",
    # Light odds runs: their traffic without their hour of engine matches.
    "ODDS_SAMPLE_SIZE": "100",
    "ODDS_PAIRING_MATCHES": "10",
    "WEBHOOKS_ALLOW_PRIVATE": "1",
}


class Receiver:
    """Counts every webhook delivery by its id, answering 200."""

    def __init__(self) -> None:
        self.seen: Counter[str] = Counter()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.seen[self.headers.get("MagnoBall-Delivery", "")] += 1
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hooks"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    server = Receiver()
    yield server
    server.close()


@pytest.fixture
def site(tmp_path: Path, demo_template: DemoTemplate) -> Iterator[Installation]:
    with demo_installation(
        tmp_path / "site", template=demo_template, env=FAST_BEAT
    ) as installation:
        yield installation


_SETUP = """
from django.contrib.auth.models import User
from league.models import League, Season
from league.webhooks.services.subscriptions import subscription_create
from games.services import simulation_request_rest_of_season
commissioner = User.objects.get(username='commissioner')
for league in League.objects.all():
    subscription_create(owner=commissioner, league=league, team=None, url={url!r},
                        events=['result.recorded', 'round.opened'], description='soak')
season = Season.objects.get(name='2026 Season', league__ruleset='magnoball')
out = len(simulation_request_rest_of_season(season=season, actor=None).jobs)
"""

_WAVE = """
from django.contrib.auth.models import User
from league.errors import DomainError
from league.models import League
from league.exchange_jobs.services import exchange_export_request
from league.webhooks.models import Subscription
from league.webhooks.services.subscriptions import subscription_test
commissioner = User.objects.get(username='commissioner')
sent = 0
for league in League.objects.order_by('pk'):
    season = league.seasons.order_by('-pk').first()
    try:
        exchange_export_request(league=league, season=season, format_key='csv-standings',
                                actor=None)
        sent += 1
    except DomainError:
        pass  # five under way already: the next wave asks again
for subscription in Subscription.objects.all():
    for _ in range(2):
        subscription_test(subscription=subscription, actor=commissioner)
        sent += 1
out = sent
"""


def _read(site: Installation, sql: str) -> list[tuple[Any, ...]]:
    """Read the installation's SQLite file directly: a query costs no process of its own
    (the machine's cores are the worker's)."""
    with sqlite3.connect(site.folder / "magnoball.sqlite3", timeout=30) as db:
        return db.execute(sql).fetchall()


def _unfinished(site: Installation) -> int:
    return sum(
        count
        for ((count,),) in (
            _read(site, f"SELECT count(*) FROM {SimulationJob._meta.db_table} "
                        "WHERE state IN ('waiting', 'queued', 'running')"),
            _read(site, f"SELECT count(*) FROM {ExchangeJob._meta.db_table} "
                        "WHERE status IN ('queued', 'running')"),
            _read(site, f"SELECT count(*) FROM {Delivery._meta.db_table} "
                        "WHERE status IN ('pending', 'sending', 'retrying')"),
        )
    )  # fmt: skip


def test_the_embedded_worker_stays_up_and_does_every_job_once(site, receiver):
    site.start_worker("worker", beat=True, concurrency=2)  # as ./dev run starts it
    wait_for("the worker is ready", lambda: site.worker_ready("worker"), timeout=180)
    started = time.monotonic()
    sent = int(site.query(_SETUP.format(url=receiver.url)))
    for wave in range(WAVES):
        sent += int(site.query(_WAVE))
        assert site.processes["worker"].poll() is None, site.log("worker")
        next_wave = started + SOAK_SECONDS * (wave + 1) / WAVES
        time.sleep(max(0.0, next_wave - time.monotonic()))
    waves_done = time.monotonic()
    wait_for("every job is finished", lambda: _unfinished(site) == 0, timeout=600)
    simulations = _read(site, f"SELECT state, attempts FROM {SimulationJob._meta.db_table}")
    exports = _read(
        site, f"SELECT status, attempts FROM {ExchangeJob._meta.db_table} WHERE kind = 'export'"
    )
    deliveries = _read(site, f"SELECT id, status, attempts FROM {Delivery._meta.db_table}")
    (doubled,) = _read(
        site,
        f"SELECT count(*) - count(DISTINCT fixture_id) FROM {Result._meta.db_table}",
    )[0]
    soaked = time.monotonic() - started
    log = site._log_text("worker")
    unreadable = list((site.folder / "celery" / "processed").glob("*.unreadable"))
    print(
        f"\nsoak: {soaked:.0f}s, {sent} jobs sent, {len(simulations)} simulations, "
        f"{len(exports)} exports, {len(deliveries)} webhook deliveries "
        f"({sum(receiver.seen.values())} received); the last finished "
        f"{time.monotonic() - waves_done:.0f}s after the last wave"
    )

    assert site.processes["worker"].poll() is None, site.log("worker")
    assert "Unrecoverable error" not in log, site.log("worker")
    assert not unreadable
    assert sent >= 200
    assert simulations
    assert set(simulations) == {("succeeded", 1)}
    assert doubled == 0
    assert exports
    assert set(exports) == {("done", 1)}
    assert deliveries
    assert {(status, attempts) for _, status, attempts in deliveries} == {("delivered", 1)}
    delivered = {str(pk) for pk, _, _ in deliveries}
    assert set(receiver.seen) == delivered
    assert set(receiver.seen.values()) == {1}, "a delivery reached the receiver twice"
