"""One POST to a checked address (addresses.Target) by urllib3: connect and read timeouts,
no redirects followed, no retries of its own (the delivery's schedule retries), TLS
verified against the URL's host name while connecting to the checked address."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import urllib3
from django.conf import settings

from league.webhooks.addresses import Target

#: How much of a receiver's answer the delivery log keeps.
EXCERPT_BYTES = 500


@dataclass(frozen=True)
class Response:
    status: int
    excerpt: str


def post(*, target: Target, body: bytes, headers: Mapping[str, str]) -> Response:
    """POST `body` to `target`; raises urllib3's errors (timeouts, refused connections, TLS)."""
    timeout = urllib3.Timeout(
        connect=settings.WEBHOOKS_CONNECT_TIMEOUT, read=settings.WEBHOOKS_READ_TIMEOUT
    )
    default_port = 443 if target.scheme == "https" else 80
    host_header = target.host if target.port == default_port else f"{target.host}:{target.port}"
    if ":" in target.host and target.port != default_port:  # an IPv6 literal
        host_header = f"[{target.host}]:{target.port}"
    pool: urllib3.HTTPConnectionPool
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            target.address,
            target.port,
            timeout=timeout,
            retries=False,
            cert_reqs="CERT_REQUIRED",
            server_hostname=target.host,
            assert_hostname=target.host,
        )
    else:
        pool = urllib3.HTTPConnectionPool(
            target.address, target.port, timeout=timeout, retries=False
        )
    with pool:
        response = pool.urlopen(
            "POST",
            target.path,
            body=body,
            headers={**headers, "Host": host_header},
            redirect=False,
            retries=False,
            preload_content=False,
            assert_same_host=False,
        )
        try:
            head = response.read(EXCERPT_BYTES, decode_content=False)
        finally:
            response.release_conn()
    return Response(response.status, head.decode("utf-8", "replace"))
