"""Measure how soon a script hears of a result (issue 18: "within seconds"): a throw-away
installation (SQLite and the filesystem broker in a temporary MAGNOBALL_VAR_DIR), one real
Celery worker, a local HTTP receiver, and the time from the service's return (its
transaction committed) to the signed delivery's arrival, for a recorded result and for
``--pings`` test events; each signature is checked as docs/data.md says.

Run: ``.venv/bin/python bench/webhooks.py`` (``--pings 10``). Goal: under 2 s each (the
filesystem broker polls every 0.2 s; Redis is faster still).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GOAL_SECONDS = 2.0


class Receiver(BaseHTTPRequestHandler):
    arrived: list[tuple[float, dict[str, str], bytes]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.arrived.append((time.monotonic(), dict(self.headers.items()), body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def signed(secret: str, headers: dict[str, str], body: bytes) -> bool:
    fields = dict(part.split("=", 1) for part in headers["MagnoBall-Signature"].split(","))
    message = f"{fields['t']}.".encode() + body
    expected = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields["v1"])


def wait_for(count: int, since: float) -> float:
    while len(Receiver.arrived) < count:
        if time.monotonic() - since > 30:
            raise SystemExit("no delivery within 30 s: is the worker running?")
        time.sleep(0.01)
    return Receiver.arrived[count - 1][0] - since


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pings", type=int, default=10)
    options = parser.parse_args()
    var = tempfile.mkdtemp(prefix="bench-webhooks-")
    os.environ.update(
        MAGNOBALL_VAR_DIR=var, WEBHOOKS_ALLOW_PRIVATE="1", DJANGO_SETTINGS_MODULE="config.settings"
    )
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    sys.path.insert(0, str(ROOT))
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
    worker = subprocess.Popen(
        [python, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-l", "WARNING"],
        cwd=ROOT,
    )
    try:
        import django

        django.setup()
        from games.services import ResultReport, result_record
        from league.webhooks.models import Subscription
        from league.webhooks.services.subscriptions import subscription_test
        from tests.world import match_day_open, world_build

        server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        world = world_build()
        fixture = match_day_open(world)
        hook = Subscription.objects.create(
            league=world.league,
            owner=world.commissioner,
            url=f"http://127.0.0.1:{server.server_address[1]}/in",
            events=["result.recorded"],
        )
        time.sleep(3)  # the worker's start-up
        started = time.monotonic()
        result_record(fixture=fixture, report=ResultReport(0, 0), actor=world.home_coach)
        result_seconds = wait_for(1, started)
        pings = []
        for number in range(2, options.pings + 2):
            started = time.monotonic()
            subscription_test(subscription=hook, actor=world.commissioner)
            pings.append(wait_for(number, started))
        good = all(signed(hook.secret, headers, body) for _, headers, body in Receiver.arrived)
        print(f"result.recorded arrived {result_seconds:.2f} s after the result was recorded")
        print(
            f"{len(pings)} pings: median {statistics.median(pings):.2f} s, "
            f"worst {max(pings):.2f} s; every signature verified: {good}"
        )
        worst = max([result_seconds, *pings])
        print(
            f"goal: under {GOAL_SECONDS:.0f} s each: {'met' if worst < GOAL_SECONDS else 'MISSED'}"
        )
    finally:
        worker.terminate()
        worker.wait(20)
        shutil.rmtree(var, ignore_errors=True)


if __name__ == "__main__":
    main()
