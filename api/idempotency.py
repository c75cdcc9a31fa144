"""Idempotent posts (docs/api.md, "Retrying safely").

A post with an ``Idempotency-Key`` header runs in one transaction that first inserts the
user's key with the request's fingerprint, then calls the service, then stores the response
beside the key. The unique (user, key) row is the lock: a concurrent request with the same
key waits on the insert until the first commits (and then, its insert refused and its
transaction rolled back with nothing done yet, replays the first's response) or rolls back
(and then runs itself). No read before the insert and no savepoint: a new key costs its
insert and its update. A refusal rolls the key back with everything else, so only a
success is ever replayed and a corrected body may reuse the key.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from rest_framework.request import Request
from rest_framework.response import Response

from api.errors import IdempotencyKeyReused
from league.errors import DomainError
from league.models import IdempotencyRecord

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
MAX_KEY_LENGTH = 255


def idempotent(request: Request, run: Callable[[], Response]) -> Response:
    """``run()`` once per (user, Idempotency-Key); without the header, just ``run()``."""
    key = request.headers.get(HEADER)
    if key is None:
        return run()
    if not key or len(key) > MAX_KEY_LENGTH or not key.isascii() or not key.isprintable():
        raise DomainError(
            f"An {HEADER} is 1 to {MAX_KEY_LENGTH} printable ASCII characters.",
            code="invalid",
            field=HEADER,
        )
    fingerprint = request_fingerprint(request)
    user_id = request.user.pk
    assert user_id is not None, "idempotent posts need a signed-in user"
    inserted = False
    try:
        with transaction.atomic():
            # The key first: waits while a concurrent request holds the same key, until it
            # ends; a key already stored fails here, before anything else ran.
            record = IdempotencyRecord.objects.create(
                user_id=user_id,
                key=key,
                fingerprint=fingerprint,
                response_status=0,
                response_body={},
            )
            inserted = True
            response = run()
            record.response_status = response.status_code
            record.response_body = json.loads(json.dumps(response.data, cls=DjangoJSONEncoder))
            record.save(update_fields=["response_status", "response_body"])
            return response
    except IntegrityError:
        if inserted:
            raise  # the service's own, not the key's
    # That request committed first (or long ago): replay it.
    stored = IdempotencyRecord.objects.get(user_id=user_id, key=key)
    if stored.fingerprint != fingerprint:
        raise IdempotencyKeyReused()
    return Response(
        stored.response_body, status=stored.response_status, headers={REPLAYED_HEADER: "true"}
    )


def request_fingerprint(request: Request) -> str:
    """The method, path and body (as canonical JSON: key order and spacing do not matter)."""
    body: Any = request.data
    canonical = json.dumps(
        [request.method, request.path, body], sort_keys=True, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode()).hexdigest()
