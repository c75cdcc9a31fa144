"""Reporting a result through the API (issue #16): around the result service's own queries,
the API adds only the token, the fixture it checks, the idempotency key (its insert and its
response) and the response's lines, stat lines and injuries."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import LineupEntry
from league.models import IdempotencyRecord
from tests.api.conftest import result_body, result_url


def test_a_result_posted_with_an_idempotency_key_costs_few_queries_beyond_the_service(
    world: Any, match_day: Any, api_as: Any
) -> None:
    api = api_as(world.home_coach)
    body = result_body(world)
    api.get("/api/v1/fixtures/")  # the token's last use noted once, not on every post
    with CaptureQueriesContext(connection) as queries:
        response = api.post(result_url(match_day), body, **{"Idempotency-Key": "k1"})
    assert response.status_code == 201, response.content
    sql = [query["sql"] for query in queries]
    api_own = [
        s
        for s in sql
        if "league_apitoken" in s.split(" WHERE ")[0]
        or "league_idempotencyrecord" in s.split(" WHERE ")[0]
        or "SAVEPOINT" in s
    ]
    # The token read; the key inserted and its response stored; two savepoints (their
    # SAVEPOINT and RELEASE): the service's transaction inside the key's, and the key's inside
    # the test's own (in production a plain BEGIN). There used to be a read of the key first
    # and a savepoint more.
    assert len(api_own) <= 7, api_own
    assert IdempotencyRecord.objects.get().response_status == 201

    replayed = api.post(result_url(match_day), body, **{"Idempotency-Key": "k1"})
    assert replayed.status_code == 201
    assert replayed.json() == response.json()
    assert replayed["Idempotent-Replayed"] == "true"


def test_the_answer_to_a_result_is_built_from_what_the_service_stored_and_equals_a_read(
    world: Any, match_day: Any, api_as: Any
) -> None:
    """The service leaves the lines, stat lines and injuries it wrote on the result, so the
    answer reads none of them back; it is the result a later read gives. A commissioner
    posts: that he is one is read with the fixture."""
    api = api_as(world.commissioner)
    body = result_body(world)
    scorer = body["lines"][0]["player"]
    body["incapacitated"] = [body["lines"][1]["player"], scorer]
    body["lines"][0]["stats"]["tackles"] = {"attempts": 4, "successes": 1}
    api.get("/api/v1/fixtures/")
    with CaptureQueriesContext(connection) as queries:
        response = api.post(result_url(match_day), body)
    assert response.status_code == 201, response.content
    reads = [
        q["sql"]
        for q in queries
        if q["sql"].startswith(('SELECT "games_appearance"."id"', 'SELECT "games_statline"'))
    ]
    assert reads == []
    # Whether the poster is a commissioner comes with the fixture's reads (the view's and
    # the lock's), not in queries of its own.
    commissioner_checks = [
        q["sql"] for q in queries if q["sql"].startswith('SELECT 1 AS "a" FROM "auth_user"')
    ]
    assert commissioner_checks == []
    answer = response.json()
    assert answer == api.get(f"/api/v1/fixtures/{match_day.pk}/").json()["result"]
    assert answer["incapacitated"] == body["incapacitated"]
    (line,) = [line for line in answer["lines"] if line["player"] == scorer]
    assert line["stats"] == body["lines"][0]["stats"]
    # Every starter has his line, named or not (M-P3), in the order a read gives them.
    starters = LineupEntry.objects.filter(fixture=match_day, starter=True)
    assert [line["player"] for line in answer["lines"]] == sorted(
        {line["player"] for line in body["lines"]} | set(starters.values_list("player", flat=True))
    )
