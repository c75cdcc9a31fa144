"""The signature every delivery carries (docs/data.md, "Webhooks"):

    MagnoBall-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, f"{t}.{body}")>

Signing the timestamp with the body lets a receiver refuse a replayed old delivery.
"""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "MagnoBall-Signature"
EVENT_HEADER = "MagnoBall-Event"
DELIVERY_HEADER = "MagnoBall-Delivery"


def signature(*, secret: str, timestamp: int, body: bytes) -> str:
    """The hex HMAC-SHA256 of ``f"{timestamp}.{body}"`` under `secret`."""
    message = f"{timestamp}.".encode() + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def signature_header(*, secret: str, timestamp: int, body: bytes) -> str:
    return f"t={timestamp},v1={signature(secret=secret, timestamp=timestamp, body=body)}"
