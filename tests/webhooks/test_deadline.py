"""Every webhook delivery has a total deadline, the connection and every read together
(WEBHOOKS_DEADLINE_SECONDS, 10 by default): a receiver that answers a byte at a time holds a
worker no longer (issue #44: one sending a byte every 8 seconds held a worker 200 s under a
10-second read timeout)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from tests.webhooks.conftest import subscribe


class Trickler:
    """Reads a request, then answers one byte every `every` seconds for up to `lasting`."""

    def __init__(self, *, every: float, lasting: float) -> None:
        self.every, self.lasting = every, lasting
        self.server = socket.create_server(("127.0.0.1", 0))
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.getsockname()[1]}/hooks"

    def _serve(self) -> None:
        try:
            conn, _ = self.server.accept()
        except OSError:
            return
        with conn:
            conn.recv(65536)
            answer = b"HTTP/1.1 200 OK\r\nX-Slow: " + b"z" * 1000
            started = time.monotonic()
            for byte in answer:
                if time.monotonic() - started > self.lasting:
                    return
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    return  # the sender gave up: what the deadline is for
                time.sleep(self.every)

    def close(self) -> None:
        self.server.close()


@pytest.fixture
def trickler() -> Iterator[Trickler]:
    server = Trickler(every=0.4, lasting=20)
    yield server
    server.close()


def test_the_deadline_is_ten_seconds_by_default():
    from config import settings as service_settings

    assert service_settings.WEBHOOKS_DEADLINE_SECONDS == 10


def test_a_receiver_answering_a_byte_at_a_time_is_cut_off_at_the_deadline(
    world, broker, allow_private, settings, trickler
):
    settings.WEBHOOKS_DEADLINE_SECONDS = 2
    settings.WEBHOOKS_READ_TIMEOUT = 10  # each byte comes well within it
    subscribe(world.league, world.commissioner, trickler.url)
    broker.publish(league_id=world.league.pk, event="result.recorded", data={})

    started = time.monotonic()
    (outcome,) = broker.drain()
    took = time.monotonic() - started

    assert took < 4, f"the attempt held the worker {took:.1f}s"
    assert outcome == "retrying: DeadlineExceeded: No whole answer within 2 s."
