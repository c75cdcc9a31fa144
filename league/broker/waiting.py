"""What still waits in a queue: the sweeps send a lost message again, and must not send one
whose message is only waiting its turn (an odds run's 817 chunks grew to ~1,088 messages
when they did, issue #44). Read from the broker itself: the messages no worker has taken
yet, whether Redis's lists or the embedded broker's files."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from celery import current_app as app

from league.broker.queues import queue_of

logger = logging.getLogger(__name__)

#: A queue is read at most this far: a sweep looks at what waits, not at a backlog's whole.
READ_LIMIT = 20_000


def ids_waiting(task: str) -> set[int]:
    """The first arguments (the row ids) of `task`'s messages waiting in its queue; empty
    when the broker cannot be read (a sweep then sends, and a duplicate is harmless)."""
    try:
        with app.connection_for_read() as connection:
            channel = connection.default_channel  # type: ignore[attr-defined]
            payloads = channel.waiting_payloads(queue_of(task), limit=READ_LIMIT)
            return {arg for name, arg in _tasks(channel, payloads) if name == task}
    except Exception as error:  # the broker away: nothing is known to wait
        logger.warning("could not read the queue of %s (%s)", task, error)
        return set()


def ids_not_waiting(task: str, ids: Iterable[int]) -> list[int]:
    """`ids` less those whose message for `task` is still waiting in its queue."""
    wanted = list(ids)
    if not wanted:
        return wanted
    waiting = ids_waiting(task)
    return [item for item in wanted if item not in waiting]


def _tasks(channel: Any, payloads: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """(task name, first positional argument) of each message."""
    found = []
    for payload in payloads:
        try:
            message = channel.Message(payload, channel=channel)
            body = message.decode()
            if isinstance(body, dict):  # Celery's message protocol 1
                name, args = body.get("task"), body.get("args") or ()
            else:  # protocol 2: [args, kwargs, embed], the name in the headers
                name, args = message.headers.get("task"), body[0]
            found.append((str(name), args[0] if args else None))
        except Exception:  # not one of ours, or not Celery's format: not a job's
            continue
    return found
