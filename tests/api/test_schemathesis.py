"""Schemathesis against the API's own schema, in-process through the WSGI app: generated
requests (valid and not) for every operation, each answered without a server error and as
the schema says (status codes, content types, bodies). Bounded: a few examples each."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.api.served_schema import CHECKS, schema


@pytest.fixture
def commissioner_key(world, match_day, api_as, keep_test_connection) -> str:
    """A season under way: round 1 ready, and the commissioner may do everything."""
    return str(api_as(world.commissioner).key)


@pytest.mark.slow
@schema.parametrize()
@settings(
    max_examples=int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "12")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_every_operation_answers_as_its_schema_says(case, commissioner_key):
    case.call_and_validate(headers={"Authorization": f"Token {commissioner_key}"}, checks=CHECKS)
