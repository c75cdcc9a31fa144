"""Schemathesis on the import endpoints, harder than on the rest (tests/api/test_schemathesis
.py): generated CSV texts, documents and uploads, valid and not, sent by someone allowed to
import, each answered without a server error and as the schema says (issue #44: imports
answered 500)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.api.served_schema import CHECKS, schema

imports = schema.include(path_regex="imports/$")


@pytest.fixture
def importer_key(world, api_as, keep_test_connection) -> str:
    world.commissioner.is_superuser = True  # may create leagues, and import into any
    world.commissioner.save()
    return str(api_as(world.commissioner).key)


@pytest.mark.slow
@imports.parametrize()
@settings(
    max_examples=int(os.environ.get("SCHEMATHESIS_IMPORT_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_import_endpoints_answer_every_input_as_their_schema_says(case, importer_key):
    case.call_and_validate(headers={"Authorization": f"Token {importer_key}"}, checks=CHECKS)
