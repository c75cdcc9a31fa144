"""Schemathesis against the API's own schema, in-process through the WSGI app: generated
requests (valid and not) for every operation, each answered without a server error and as
the schema says (status codes, content types, bodies). Bounded: a few examples each."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from league.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/v1/schema/?format=json", application)

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


@pytest.fixture
def _keep_test_connection() -> Iterator[None]:
    """The WSGI app closes the database connection after each request; inside a test's
    transaction it must not (Django's test client does the same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def commissioner_key(world, match_day, api_as, _keep_test_connection) -> str:
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
