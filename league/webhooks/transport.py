"""One POST to a checked address (addresses.Target) by urllib3, within a total deadline: no
redirects followed, no retries of its own (the delivery's schedule retries), TLS verified
against the URL's host name while connecting to the checked address.

Socket timeouts bound each wait, not the whole: a receiver sending a byte every 8 seconds
held a worker 200 seconds under a 10-second read timeout (issue #44). So the attempt also has
a deadline (``WEBHOOKS_DEADLINE_SECONDS``, 10 by default) for the connection and every read
together: when it passes, a timer shuts the socket, the read under way ends at once, and the
attempt fails with ``DeadlineExceeded``."""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Mapping
from dataclasses import dataclass

from django.conf import settings
from urllib3.connection import HTTPConnection, HTTPSConnection

from league.webhooks.addresses import Target

#: How much of a receiver's answer the delivery log keeps.
EXCERPT_BYTES = 500


@dataclass(frozen=True)
class Response:
    status: int
    excerpt: str


class DeadlineExceeded(Exception):
    """The receiver did not answer whole within the deadline."""


def deadline_seconds() -> float:
    return float(settings.WEBHOOKS_DEADLINE_SECONDS)


def post(*, target: Target, body: bytes, headers: Mapping[str, str]) -> Response:
    """POST `body` to `target`; raises urllib3's errors (timeouts, refused connections, TLS)
    or DeadlineExceeded."""
    deadline = deadline_seconds()
    connection = _connection(target, deadline)
    cut = threading.Event()

    def shut() -> None:  # the timer's thread: ends the read the worker is blocked in
        cut.set()
        if connection.sock is not None:
            with contextlib.suppress(OSError):  # closed already
                connection.sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(deadline, shut)
    timer.daemon = True
    timer.start()
    try:
        connection.request(
            "POST",
            target.path,
            body=body,
            headers={**headers, "Host": _host_header(target)},
            preload_content=False,  # read only the excerpt the log keeps
        )
        connection.timeout = min(settings.WEBHOOKS_READ_TIMEOUT, deadline)  # each read's
        response = connection.getresponse()
        head = response.read(EXCERPT_BYTES, decode_content=False)
        status = response.status
    except Exception:
        if cut.is_set():
            raise DeadlineExceeded(f"No whole answer within {deadline:g} s.") from None
        raise
    finally:
        timer.cancel()
        connection.close()
    if cut.is_set():
        raise DeadlineExceeded(f"No whole answer within {deadline:g} s.")
    return Response(status, head.decode("utf-8", "replace"))


def _connection(target: Target, deadline: float) -> HTTPConnection:
    timeout = min(settings.WEBHOOKS_CONNECT_TIMEOUT, deadline)  # to connect; reads: post()
    if target.scheme == "https":
        return HTTPSConnection(
            target.address,
            target.port,
            timeout=timeout,
            cert_reqs="CERT_REQUIRED",
            server_hostname=target.host,
            assert_hostname=target.host,
        )
    return HTTPConnection(target.address, target.port, timeout=timeout)


def _host_header(target: Target) -> str:
    default_port = 443 if target.scheme == "https" else 80
    if target.port == default_port:
        return target.host
    if ":" in target.host:  # an IPv6 literal
        return f"[{target.host}]:{target.port}"
    return f"{target.host}:{target.port}"
