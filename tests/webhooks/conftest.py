"""A real HTTP receiver for the webhooks' tests (a threaded ``http.server`` on 127.0.0.1)
and the broker's stand-in: the ids sent to it are kept, and ``drain`` runs them as a worker
would."""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from league.webhooks.models import Subscription
from league.webhooks.services.events import event_publish
from league.webhooks.services.sending import delivery_send


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def payload(self) -> dict[str, Any]:
        return json.loads(self.body)


@dataclass
class Receiver:
    """Answers each POST with the next of `script`'s statuses (200 once it runs out)."""

    server: ThreadingHTTPServer
    script: deque[int] = field(default_factory=deque)
    received: list[Received] = field(default_factory=list)
    delay: float = 0.0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks"

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])


@pytest.fixture
def receiver():
    state: dict[str, Receiver] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            me = state["receiver"]
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            me.received.append(Received(self.path, dict(self.headers.items()), body))
            if me.delay:
                time.sleep(me.delay)
            status = me.script.popleft() if me.script else 200
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", "http://127.0.0.1:9/elsewhere")
            self.end_headers()
            self.wfile.write(b'{"ok": true}' if status < 300 else b"receiver says no")

        def log_message(self, *args: Any) -> None:  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    state["receiver"] = Receiver(server)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state["receiver"]
    server.shutdown()
    server.server_close()


@dataclass
class Broker:
    capture: Any = None
    sent: list[tuple[int, float | None]] = field(default_factory=list)

    def publish(self, **event: Any) -> list[int]:
        """``event_publish`` in a transaction that commits (its on-commit hooks run)."""
        with self.capture(execute=True):
            return event_publish(**event)

    def drain(self) -> list[str]:
        """Run every sent delivery whose countdown is none (as a worker would, now)."""
        done: list[str] = []
        while True:
            ready = [item for item in self.sent if item[1] is None]
            if not ready:
                return done
            for item in ready:
                self.sent.remove(item)
                done.append(delivery_send(delivery_id=item[0]))


@pytest.fixture
def broker(monkeypatch, django_capture_on_commit_callbacks) -> Broker:
    broker = Broker(django_capture_on_commit_callbacks)

    def send_task(name: str, args: list[int], countdown: float | None = None) -> None:
        assert name == "league.webhooks.tasks.send_delivery"
        broker.sent.append((args[0], countdown))

    monkeypatch.setattr("league.webhooks.services.events.app.send_task", send_task)
    return broker


@pytest.fixture
def allow_private(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.SITE_URL = "https://league.example"


def subscribe(league, owner, url, events=("result.recorded",), team=None) -> Subscription:
    return Subscription.objects.create(
        league=league, owner=owner, team=team, url=url, events=list(events)
    )
