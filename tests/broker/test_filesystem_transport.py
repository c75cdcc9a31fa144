"""The embedded broker (kombu's filesystem transport, as ``./dev run`` uses it) never hands
its reader a message half-written, and a message file it cannot read costs that message
only, never the worker (issue #44: the worker stopped three times in 20 minutes with
``Unrecoverable error: JSONDecodeError``)."""

from __future__ import annotations

import json
import multiprocessing
import os
import socket
import time
from queue import Empty

import pytest
from kombu import Connection, Queue

from league.broker.filesystem_transport import Channel
from tests.broker.conftest import filesystem_options, settings_transport

MESSAGES = 150


def _embedded_transport() -> str | None:
    """The transport the settings name when no REDIS_URL is set (the embedded set-up)."""
    return settings_transport(redis_url="")


def _connection(transport: str | None, options: dict[str, object]) -> Connection:
    return Connection("filesystem://localhost/", transport=transport, transport_options=options)


def _write_messages(transport: str | None, options: dict[str, object]) -> None:
    """Another process sending big messages, as the web server and beat do."""
    with _connection(transport, options) as connection:
        channel = connection.default_channel
        for number in range(MESSAGES):
            channel._put("simulations", {"number": number, "blob": "x" * 200_000})


def test_a_reader_never_takes_a_message_another_process_is_writing(tmp_path):
    transport = _embedded_transport()
    options = filesystem_options(tmp_path)
    writer = multiprocessing.get_context("spawn").Process(
        target=_write_messages, args=(transport, options)
    )
    writer.start()
    numbers: list[int] = []
    try:
        with _connection(transport, options) as connection:
            channel = connection.default_channel
            deadline = time.monotonic() + 120
            while len(numbers) < MESSAGES and time.monotonic() < deadline:
                try:
                    numbers.append(channel._get("simulations")["number"])
                except Empty:
                    continue
    finally:
        writer.join(timeout=60)
    assert numbers == list(range(MESSAGES))  # every one whole, once, in order


def test_an_unreadable_message_file_is_set_aside_and_the_next_one_read(tmp_path, caplog):
    options = filesystem_options(tmp_path)
    with _connection("league.broker.filesystem_transport:Transport", options) as connection:
        channel = connection.default_channel
        assert isinstance(channel, Channel)
        # Written by someone else, cut short: sorted before the good one.
        (tmp_path / "queue" / "1_cut.default.msg").write_text('{"body": "eyJh')
        channel._put("default", {"body": "good"})
        assert channel._get("default") == {"body": "good"}
        with pytest.raises(Empty):
            channel._get("default")
    assert (tmp_path / "processed" / "1_cut.default.msg.unreadable").exists()
    assert "could not be read" in caplog.text


def test_a_message_is_invisible_until_written_whole(tmp_path, monkeypatch):
    """Between the first byte written and the last, the queue folder shows no message."""
    options = filesystem_options(tmp_path)
    seen_while_writing: list[list[str]] = []
    real_fdopen = os.fdopen

    class Spy:
        def __init__(self, handle: int, mode: str) -> None:
            self.file = real_fdopen(handle, mode)

        def write(self, data: bytes) -> int:
            written = self.file.write(data[:10])
            self.file.flush()
            seen_while_writing.append(sorted(os.listdir(tmp_path / "queue")))
            return written + self.file.write(data[10:])

        def __enter__(self) -> Spy:
            return self

        def __exit__(self, *exc: object) -> None:
            self.file.close()

    monkeypatch.setattr("league.broker.filesystem_transport.os.fdopen", Spy)
    with _connection("league.broker.filesystem_transport:Transport", options) as connection:
        connection.default_channel._put("default", {"body": "x" * 1000})
    assert seen_while_writing
    assert not any(name.endswith(".msg") for name in seen_while_writing[0])
    (message,) = (tmp_path / "queue").glob("*.default.msg")
    assert json.loads(message.read_text())["body"] == "x" * 1000
    assert not [name for name in os.listdir(tmp_path / "queue") if name.startswith(".")]


def test_two_processes_binding_queues_at_once_both_keep_theirs(tmp_path):
    options = filesystem_options(tmp_path)
    with (
        _connection("league.broker.filesystem_transport:Transport", options) as one,
        _connection("league.broker.filesystem_transport:Transport", options) as two,
    ):
        one.default_channel._queue_bind("default", "odds", "", "odds")
        two.default_channel._queue_bind("default", "webhooks", "", "webhooks")
        one.default_channel._queue_bind("default", "odds", "", "odds")  # once only
        table = two.default_channel.get_table("default")
    assert sorted(row.queue for row in table) == ["odds", "webhooks"]


def test_a_full_prefetch_window_waits_one_polling_interval_not_two_seconds(tmp_path):
    """Celery's loop acknowledges finished tasks between its waits for a message: a worker
    whose every place is taken must come back to it at once (it ran a task a second)."""
    options = {**filesystem_options(tmp_path), "polling_interval": 0.1}
    with _connection(_embedded_transport(), options) as connection:
        taken: list[object] = []
        consumer = connection.Consumer(
            Queue("default", routing_key="default"),
            callbacks=[lambda body, message: taken.append(body)],
            accept=["json"],
            prefetch_count=1,
        )
        with consumer:
            connection.Producer(serializer="json").publish("one", routing_key="default")
            connection.drain_events(timeout=2)  # the one place taken, not acknowledged yet
            started = time.monotonic()
            with pytest.raises(socket.timeout):
                connection.drain_events(timeout=2)
            waited = time.monotonic() - started
    assert taken == ["one"]
    assert waited < 0.5, f"waited {waited:.1f}s with the worker's place to free"
