"""Simulations that never strand, with real parts: real Celery workers and beat, a real
broker (a private redis-server, or the embedded filesystem broker), a real database (a
fresh PostgreSQL database, or an SQLite file), and the demo league built by its command.

- The rest of the season with pending decisions: nothing fails; once the decisions are
  taken, every fixture is played exactly once.
- Redis stopped around a simulate request: the request is answered (202), reads go on, and
  the job runs once Redis is back.
- A worker SIGKILLed (its whole process group) in the middle of a job: the job is taken back
  by heartbeat and finished by another worker within two minutes, played once.

Each test prints its figures (jobs, failed, seconds to recover); docs/operations.md quotes
them. The sweep runs at the installations' fast cadence (tests/games/installation.py: every
2 s, a worker silent for 10 s is lost); the deadlines are the defaults' (a minute or two),
so a loaded machine makes a test slower, never wrong.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg
import pytest
from django.conf import settings

from tests.games.installation import (
    DemoTemplate,
    Installation,
    PrivateRedis,
    postgres_server,
    wait_for,
)

# One installation at a time on a machine (tests/conftest.py: "installations").
pytestmark = [pytest.mark.slow, pytest.mark.django_db, pytest.mark.xdist_group("installations")]

# The server's maintenance database: each installation creates (and drops) its own.
_POSTGRES = postgres_server(str(settings.DATABASE_URL or ""))
_REDIS_SERVER = shutil.which("redis-server")

BACKENDS = [
    pytest.param("embedded", id="sqlite-filesystem-broker"),
    pytest.param(
        "servers",
        id="postgresql-redis",
        marks=pytest.mark.skipif(
            not (_POSTGRES and _REDIS_SERVER),
            reason="needs a PostgreSQL DATABASE_URL and redis-server on the PATH",
        ),
    ),
]

_SEASON = "season = Season.objects.get(name='2026 Season', league__ruleset='magnoball')\n"
_IMPORTS = (
    "from league.models import Season, Fixture, Round, Result\n"
    "from games.models import SimulationJob, Inspection\n"
)
_STATES = ("waiting", "queued", "running", "succeeded", "failed", "cancelled")
# Polled straight from the database: the demo's simulation jobs are all its MagnoBall
# season's (the other games do not simulate).
_JOB_COUNTS = "SELECT state, count(*) FROM games_simulationjob GROUP BY state"


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def installation(request, tmp_path: Path, demo_template: DemoTemplate) -> Iterator[Installation]:
    """A copy of the demo, as `./dev run` builds it, on the backend the test names."""
    backend = request.param
    redis = None
    if backend == "servers":
        redis = request.getfixturevalue("redis_server")
    site = Installation(
        tmp_path / "site",
        postgres=_POSTGRES if backend == "servers" else None,
        redis=redis,
        template=demo_template.of(backend),
    )
    try:
        yield site
    finally:
        site.close()


def _counts(site: Installation) -> dict[str, int]:
    return dict.fromkeys(_STATES, 0) | dict(site.sql(_JOB_COUNTS))


def _job_state(site: Installation, job_id: int) -> str:
    rows = site.sql("SELECT state FROM games_simulationjob WHERE id = %s", (job_id,))
    return str(rows[0][0]) if rows else ""


def _idle(site: Installation) -> bool:
    counts = _counts(site)
    return counts["queued"] == 0 and counts["running"] == 0


@pytest.mark.parametrize("installation", BACKENDS, indirect=True)
def test_the_rest_of_a_season_with_pending_decisions_fails_nothing(installation):
    site = installation
    site.start_worker("one", concurrency=2)
    site.start_worker("two", concurrency=2)
    site.start_worker("beat", beat=True)  # the sweep; it plays jobs too
    request = site.query(
        _IMPORTS + _SEASON + "from rosters.models import Enhancement\n"
        "from games.services import simulation_request_rest_of_season\n"
        "team = season.league.teams.order_by('name').first()\n"
        "for player in team.players.filter(roster_state='active'):\n"
        "    Enhancement.objects.create(player=player, kind='pulse_magnet')\n"
        "batch = simulation_request_rest_of_season(season=season, actor=None)\n"
        "out = {'jobs': len(batch.jobs), 'waiting': len(batch.waiting),\n"
        "       'pending': Inspection.objects.filter(decision='pending').count(),\n"
        "       'reasons': [w.reason for w in batch.waiting]}"
    )
    assert request["jobs"] == 48  # 8 clubs, a double round robin, two rounds played
    assert request["pending"] > 0, "the test needs a detection awaiting its decision"
    assert all(reason.startswith("Waits for ") for reason in request["reasons"])

    started = time.monotonic()
    wait_for("every job that can run has run", lambda: _idle(site), timeout=240)
    held = _counts(site)
    assert held["failed"] == 0, site.log("one")
    assert held["waiting"] > 0  # what the decisions hold up waits, in words
    reasons = site.query(
        _IMPORTS + _SEASON + "out = sorted(set(SimulationJob.objects.filter("
        "fixture__round__season=season, state='waiting').values_list('waiting_reason', "
        "flat=True)))"
    )
    assert any("decision on Pulse Magnet" in reason for reason in reasons), reasons

    site.query(
        _IMPORTS + "from games.services import inspection_decide\n"
        "for inspection in Inspection.objects.filter(decision='pending'):\n"
        "    inspection_decide(inspection=inspection, allow=True, actor=None)\n"
    )
    wait_for(
        "the decided fixtures and those after them are played",
        lambda: _counts(site)["waiting"] == 0 and _idle(site),
        timeout=240,
    )
    final = _counts(site)
    played = site.query(
        _IMPORTS + _SEASON + "out = {'fixtures': Fixture.objects.filter(round__season=season,"
        " round__stage='regular').count(), 'results': Result.objects.filter("
        "fixture__round__season=season).count(), 'unplayed': Fixture.objects.filter("
        "round__season=season).exclude(status='played').count()}"
    )
    print(
        f"\n[{site.database or 'sqlite'}] rest of season: {request['jobs']} jobs, "
        f"{request['pending']} pending decisions, {held['waiting']} waited for them; "
        f"after the decisions {final['succeeded']} succeeded, {final['failed']} failed "
        f"in {time.monotonic() - started:.1f}s"
    )
    assert final == {**final, "succeeded": 48, "failed": 0, "waiting": 0, "cancelled": 0}
    assert played == {"fixtures": 56, "results": 56, "unplayed": 0}


def _http(port: int, method: str, path: str, token: str = "", body: object = None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode(errors="replace")


@pytest.mark.skipif(not (_POSTGRES and _REDIS_SERVER), reason="needs PostgreSQL and redis-server")
@pytest.mark.parametrize("installation", BACKENDS[1:], indirect=True)
def test_redis_stopped_around_a_simulate_request_costs_a_wait_not_the_job(
    installation, redis_server
):
    site = installation
    fixture, token = site.query(
        _IMPORTS + _SEASON + "from django.contrib.auth.models import User\n"
        "from api.tokens import api_token_create\n"
        # The demo leaves its next round open to report.
        "round_ = season.rounds.get(status='open')\n"
        "fixture = round_.fixtures.filter(status='ready').order_by('id').first()\n"
        "_, key = api_token_create(user=User.objects.get(username='commissioner'),"
        " name='bot', actor=None)\n"
        "out = [fixture.pk, key]"
    )
    port = site.start_web()
    site.start_worker("one")
    site.start_worker("beat", beat=True)
    wait_for("the web server answers", lambda: _web_up(port), timeout=60)

    redis_server.stop()
    started = time.monotonic()
    read = _http(port, "GET", "/api/v1/leagues/")
    assert read[0] == 200, read  # the throttle's cache is down: it fails open
    status, _headers, job = _http(
        port, "POST", f"/api/v1/fixtures/{fixture}/simulate/", token=token, body={}
    )
    answered = time.monotonic() - started
    assert status == 202, job
    assert job["state"] == "queued"
    assert "cannot be reached" in job["queue_note"]
    page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30)
    assert page.status == 200

    time.sleep(5)  # the outage goes on a little
    redis_server.start()
    back = time.monotonic()
    waited = wait_for(
        "the job runs once Redis is back",
        lambda: (
            _http(port, "GET", f"/api/v1/jobs/{job['job_id']}/", token=token)[2]["state"]
            == "succeeded"
        ),
        timeout=120,
    )
    ran_after = time.monotonic() - back
    assert waited < 120

    # Frozen rather than stopped: every client gives up after its timeout, nothing hangs.
    assert redis_server.process is not None
    os.kill(redis_server.process.pid, signal.SIGSTOP)
    try:
        started = time.monotonic()
        frozen_read = _http(port, "GET", "/api/v1/leagues/")
        frozen_post = _http(
            port, "POST", f"/api/v1/fixtures/{fixture}/simulate/", token=token, body={}
        )
        frozen = time.monotonic() - started
    finally:
        os.kill(redis_server.process.pid, signal.SIGCONT)
    assert frozen_read[0] == 200, frozen_read
    assert frozen_post[0] == 409, frozen_post  # played already: refused, and quickly
    print(
        f"\nRedis outage: request answered in {answered:.1f}s with Redis down; the job ran "
        f"{ran_after:.1f}s after Redis came back; with Redis frozen a read and a post took "
        f"{frozen:.1f}s together"
    )
    assert frozen < 15


def _web_up(port: int) -> bool:
    try:
        return _http(port, "GET", "/api/v1/")[0] < 500
    except OSError:
        return False


@pytest.mark.parametrize("installation", BACKENDS, indirect=True)
def test_a_worker_killed_mid_job_is_replaced_within_two_minutes(installation):
    site = installation
    fixtures = site.query(
        _IMPORTS + _SEASON + "round_ = season.rounds.get(status='open')\n"  # the demo's
        "out = list(round_.fixtures.filter(status='ready').order_by('id').values_list("
        "'pk', flat=True))"
    )
    # The only worker: it must take the job (on SQLite a slow one: _Holder).
    site.start_worker("first", slow=not site.database)
    wait_for("the first worker is up", lambda: site.worker_ready("first"), timeout=60)

    job_id = None
    for fixture in fixtures:  # SQLite: a quick job can end between two looks; try the next
        with _Holder(site) as holder:
            job_id = holder.request_and_hold(fixture)
            if job_id is None:
                continue
            site.kill("first")
            killed = time.monotonic()
        break
    else:
        pytest.fail("no job could be held mid-way")
    state = site.query(_IMPORTS + f"j = SimulationJob.objects.get(pk={job_id})\n"
                       "out = [j.state, j.attempts]")  # fmt: skip
    assert state == ["running", 1]  # the dead worker's claim, until the sweep takes it back

    site.start_worker("second", beat=True)  # a replacement, with the sweep
    recovered = wait_for(
        "another worker finishes the job",
        lambda: _job_state(site, job_id) == "succeeded",
        timeout=150,
    )
    took = time.monotonic() - killed
    done = site.query(
        _IMPORTS + f"j = SimulationJob.objects.get(pk={job_id})\n"
        "out = [j.attempts, j.worker, Result.objects.filter(fixture=j.fixture).count()]"
    )
    print(f"\n[{site.database or 'sqlite'}] worker killed mid-job: finished {took:.1f}s later")
    assert recovered < 150
    assert took < 120, f"took {took:.0f}s"
    assert done[0] == 2
    assert done[1].startswith("second@")
    assert done[2] == 1


class _Holder:
    """Asks for a fixture's simulation and holds its worker mid-job, for the test to kill it
    there. On PostgreSQL inside its result transaction (a table lock). On SQLite a writer
    stopped or blocked mid-write locks out everyone else, the test too, so instead the
    worker is a slow one (tests/games/installation.py) and the job is watched closely from
    the moment it is asked for (the asking process took longer to end than the job took to
    play): seen running, it is killed at once, a sliver into its match."""

    def __init__(self, site: Installation) -> None:
        self.site = site
        self.pg: psycopg.Connection | None = None
        self.asking = ThreadPoolExecutor(1)

    def __enter__(self) -> _Holder:
        if self.site.database:
            self.pg = psycopg.connect(self.site.env["DATABASE_URL"])
            self.pg.execute("LOCK TABLE league_result IN EXCLUSIVE MODE")  # held till rollback
        return self

    def request_and_hold(self, fixture: int) -> int | None:
        """The fixture's new job, seen running; None when it finished before it was seen."""
        rows = self.site.sql("SELECT COALESCE(MAX(id), 0) FROM games_simulationjob")
        newer_than = int(rows[0][0])
        # Not waited for here: its process ends long after the job starts.
        asked = self.asking.submit(
            self.site.query,
            _IMPORTS + "from games.services import simulation_request\n"
            f"out = simulation_request(fixture=Fixture.objects.get(pk={fixture}), actor=None).pk",
        )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            job = self.site.sql(
                "SELECT id, state FROM games_simulationjob WHERE fixture_id = %s AND id > %s",
                (fixture, newer_than),
            )
            state = job[0][1] if job else "queued"
            if state == "running":
                return int(job[0][0])
            if state != "queued" or (asked.done() and asked.exception() is not None):
                asked.result()  # the asking process's own errors, if any
                return None
        raise AssertionError(f"fixture {fixture}'s job did not run within 120 s")

    def __exit__(self, *exc: object) -> None:
        if self.pg is not None:
            self.pg.rollback()
            self.pg.close()
        self.asking.shutdown(wait=True)
