"""Benchmark result ingest through the HTTP API: a 20-team league's 380-match season posted
to ``POST /api/v1/fixtures/{id}/result/`` (with idempotency keys) against gunicorn on
PostgreSQL, and the same results recorded directly with ``games.services.result_record``.

The first results are posted by one client alone (the milliseconds a post takes over HTTP,
median), the rest by ``--clients`` at once (results per second). Prints both, the direct rate
and the ratio, and the goals of issue #16 met or not: ≤ 25 ms a post over HTTP; ≥ 50 results a
second with 4 clients on 2 gunicorn workers; and at least a fifth of the direct rate.

Run: ``DATABASE_URL=postgres://… .venv/bin/python bench/api_ingest.py`` (``--teams``,
``--clients`` concurrent posting clients, ``--workers`` gunicorn workers). The leagues live
in a throw-away database beside the one DATABASE_URL names (``<name>_bench_api``, dropped at
the end); gunicorn listens on a free port of 127.0.0.1 and is stopped at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench.common import build_season, database_url, goal  # noqa: E402


def result_bodies(season: Any, seed: int) -> list[tuple[int, dict[str, Any]]]:
    """A plausible result for every fixture: three scorers a side, both goalies, stat lines
    for everyone; the same seed gives the same results."""
    from league.models import Fixture
    from rosters.models import Player

    rng = random.Random(seed)
    firsts: dict[int, list[Player]] = {}
    for player in Player.objects.filter(team__league=season.league, string="first"):
        firsts.setdefault(player.team_id, []).append(player)
    bodies = []
    fixtures = Fixture.objects.filter(round__season=season).order_by("round__number", "id")
    for fixture in fixtures:
        lines, scores = [], []
        for team_id in (fixture.home_team_id, fixture.away_team_id):
            total = 0
            for player in sorted(firsts[team_id], key=lambda p: p.pk):
                scorer = player.position in ("forward", "wingback", "halfback")
                points = rng.randint(0, 2) if scorer else 0
                total += points
                stats = {"tackles": {"attempts": 3, "successes": rng.randint(0, 3)}}
                if scorer:
                    stats["scoring"] = {"attempts": points + 1, "successes": points}
                if player.position == "goalie":
                    stats["saves"] = {"attempts": 4, "successes": rng.randint(0, 4)}
                lines.append({"player": player.pk, "points": points, "stats": stats})
            scores.append(total)
        body = {
            "home_score": scores[0],
            "away_score": scores[1],
            "overtime": False,
            "lines": lines,
            "incapacitated": [],
        }
        bodies.append((fixture.pk, body))
    return bodies


def record_directly(bodies: list[tuple[int, dict[str, Any]]]) -> float:
    """The same rows through the result service, in-process, one after another."""
    from django.contrib.auth.models import User

    from games.api.views.fixtures import report_from_input
    from games.services import result_record
    from league.models import Fixture

    actor = User.objects.get(username="bench-commissioner")
    start = time.perf_counter()
    for fixture_id, body in bodies:
        report = report_from_input({"overtime": False, "table_rolls": {}, **body})
        result_record(fixture=Fixture.objects.get(pk=fixture_id), report=report, actor=actor)
    return time.perf_counter() - start


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_gunicorn(
    port: int, workers: int, database_url: str, extra: list[str] | None = None
) -> subprocess.Popen[bytes]:
    """gunicorn on 127.0.0.1:`port` with the repository's gunicorn.conf.py (threaded workers),
    `extra` options after it; its log (shutdown noise included) goes to a file."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_DEBUG": "0",
        # With DEBUG off the application refuses the development key (league.E001).
        "SECRET_KEY": secrets.token_urlsafe(50),
        "LOG_LEVEL": "WARNING",
    }
    handle, name = tempfile.mkstemp(prefix="magnoball-bench-gunicorn-", suffix=".log")
    os.close(handle)
    log_path = Path(name)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("gunicorn")),
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--log-level",
                "warning",
                *(extra or []),
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.2)
    stop(process)
    raise SystemExit(f"gunicorn did not start; see {log_path}")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def post_all(
    port: int, key: str, bodies: list[tuple[int, dict[str, Any]]], clients: int
) -> tuple[float, list[float], dict[int, int]]:
    """Post every result from `clients` threads, each on its own keep-alive connection."""
    queue = list(reversed(bodies))
    lock = threading.Lock()
    timings: list[float] = []
    statuses: dict[int, int] = {}

    def client() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while True:
            with lock:
                if not queue:
                    break
                fixture_id, body = queue.pop()
            headers = {
                "Authorization": f"Token {key}",
                "Content-Type": "application/json",
                "Idempotency-Key": f"bench-fixture-{fixture_id}",
            }
            start = time.perf_counter()
            connection.request(
                "POST", f"/api/v1/fixtures/{fixture_id}/result/", json.dumps(body), headers
            )
            response = connection.getresponse()
            response.read()
            elapsed = time.perf_counter() - start
            with lock:
                timings.append(elapsed)
                statuses[response.status] = statuses.get(response.status, 0) + 1
        connection.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start, timings, statuses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--alone", type=int, default=40, help="results posted by one client")
    parser.add_argument(
        "--gunicorn",
        default="",
        help='more gunicorn options, e.g. "--worker-class sync" or "--threads 2"',
    )
    options = parser.parse_args()

    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql":
        print("Set DATABASE_URL=postgres://…: the bench runs gunicorn on PostgreSQL.")
        return 2
    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench_api"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        from django.contrib.auth.models import User

        from api.tokens import api_token_create
        from league.models import Result

        print(f"Building two {options.teams}-team leagues in {connection.settings_dict['NAME']}")
        commissioner, _ = User.objects.get_or_create(username="bench-commissioner")
        over_http = result_bodies(
            build_season("HTTP", options.teams, commissioner=commissioner, enhancements=False),
            seed=1,
        )
        direct = result_bodies(
            build_season("Direct", options.teams, commissioner=commissioner, enhancements=False),
            seed=1,
        )
        user = User.objects.get(username="bench-commissioner")
        _, key = api_token_create(user=user, name="bench", actor=None)

        direct_time = record_directly(direct)
        port = free_port()
        server = start_gunicorn(
            port, options.workers, database_url(connection.settings_dict), options.gunicorn.split()
        )
        try:
            # One client warms each worker up, then posts alone: a post's own time.
            _, alone, alone_statuses = post_all(port, key, over_http[: options.alone], 1)
            rest = over_http[options.alone :]
            http_time, timings, statuses = post_all(port, key, rest, options.clients)
            for code, count in alone_statuses.items():
                statuses[code] = statuses.get(code, 0) + count
            # A retry of every post: replayed, nothing recorded twice.
            _, _, replays = post_all(port, key, over_http[:20], options.clients)
        finally:
            stop(server)
        stored = Result.objects.filter(fixture__round__season__league__name="HTTP").count()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

    count = len(over_http)
    posted = count - options.alone
    http_rate, direct_rate = posted / http_time, len(direct) / direct_time
    alone_ms = statistics.median(alone[1:]) * 1000  # the first post warms a worker up
    median_ms = statistics.median(timings) * 1000
    ratio = http_rate / direct_rate
    print(f"statuses: {dict(sorted(statuses.items()))}; retries: {dict(sorted(replays.items()))}")
    print(f"HTTP API, one client: median {alone_ms:.1f} ms a post ({options.alone} results)")
    print(
        f"HTTP API, {options.clients} clients, {options.workers} gunicorn workers: "
        f"{posted} results in {http_time:.2f} s = {http_rate:.1f} results/s, "
        f"median {median_ms:.1f} ms a post"
    )
    print(f"direct (result_record in-process): {direct_rate:.1f} results/s")
    met = [
        goal("1, a result posted over HTTP", alone_ms, 25, "ms"),
        goal(
            f"2, results/s with {options.clients} clients on {options.workers} workers",
            http_rate,
            50,
            "/s",
            at_least=True,
        ),
        goal("HTTP rate / direct rate", ratio, 0.2, "", at_least=True),
    ]
    ok = statuses == {201: count} and replays == {201: 20} and stored == count
    return 0 if ok and all(met) else 1


if __name__ == "__main__":
    sys.exit(main())
