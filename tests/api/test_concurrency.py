"""Fifty clients post the same result at once, with one Idempotency-Key or with fifty: one
result is stored. Real threads on PostgreSQL, each with its own database connection."""

from __future__ import annotations

import json
import threading
from collections import Counter

import pytest
from django.db import connection, connections

from games.models import Appearance
from league.models import IdempotencyRecord, Result
from tests.api.conftest import Api, result_body, result_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite serialises every writer, so there is no race to test",
    ),
]

CLIENTS = 50
STARTERS = 22  # M-P3: a result's appearances are both line-ups' starters, stored once


def _post_at_once(path: str, body: dict, keys: list[str | None], token: str) -> list:
    barrier = threading.Barrier(len(keys))
    responses: list = [None] * len(keys)

    def post(index: int) -> None:
        try:
            headers = {"Idempotency-Key": keys[index]} if keys[index] else {}
            api = Api(token)
            barrier.wait(timeout=30)
            responses[index] = api.post(path, body, **headers)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(keys))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return responses


@pytest.fixture
def token(world, api_as) -> str:
    return api_as(world.home_coach).key


def _retried(path: str, body: dict, keys: list[str | None], token: str, responses: list) -> list:
    """The responses, each 503 replaced by its client's retry. Fifty threads of one process
    share its GIL: on a loaded machine the post holding the locks can run past the database's
    statement timeout, and a post waiting on it is answered 503 with Retry-After (an outage
    to retry, never a lost or doubled result: docs/api.md). A retry must then succeed."""
    for index, response in enumerate(responses):
        if response.status_code == 503:
            assert int(response["Retry-After"]) > 0
            headers = {"Idempotency-Key": keys[index]} if keys[index] else {}
            responses[index] = Api(token).post(path, body, **headers)
    return responses


def test_fifty_posts_with_one_key_store_one_result_and_all_get_it(world, match_day, token):
    path, body, keys = result_url(match_day), result_body(world), ["same"] * CLIENTS
    responses = _retried(path, body, keys, token, _post_at_once(path, body, keys, token))

    assert Counter(r.status_code for r in responses) == {201: CLIENTS}
    assert len({json.dumps(r.json(), sort_keys=True) for r in responses}) == 1
    assert sum(r.get("Idempotent-Replayed") == "true" for r in responses) == CLIENTS - 1
    assert Result.objects.count() == 1
    assert Appearance.objects.count() == STARTERS
    assert IdempotencyRecord.objects.count() == 1


def test_fifty_posts_with_fifty_keys_store_one_result(world, match_day, token):
    keys: list[str | None] = [f"key-{i}" for i in range(CLIENTS)]
    path, body = result_url(match_day), result_body(world)

    responses = _retried(path, body, keys, token, _post_at_once(path, body, keys, token))

    statuses = Counter(r.status_code for r in responses)
    assert statuses == {201: 1, 409: CLIENTS - 1}
    conflicts = [r.json()["error"] for r in responses if r.status_code == 409]
    assert {error["code"] for error in conflicts} == {"already_played"}
    assert Result.objects.count() == 1
    assert Appearance.objects.count() == STARTERS
    assert IdempotencyRecord.objects.count() == 1  # refusals keep no key


def test_fifty_posts_without_keys_store_one_result(world, match_day, token):
    path, body, keys = result_url(match_day), result_body(world), [None] * CLIENTS
    responses = _retried(path, body, keys, token, _post_at_once(path, body, keys, token))

    assert Counter(r.status_code for r in responses) == {201: 1, 409: CLIENTS - 1}
    assert Result.objects.count() == 1
