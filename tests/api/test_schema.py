"""The OpenAPI schema: valid, served as JSON, and naming every error the API can answer."""

from __future__ import annotations

import inspect
import re

import pytest

from api.schema import ERROR_CODES
from games import jobs, lineups, matchday, results, table_inspections
from injuries import services as injury_services
from rosters import table_dice
from tests.api.conftest import Api

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(db) -> dict:
    response = Api().get("/api/v1/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_the_schema_is_openapi_3_with_the_token_scheme(schema):
    assert schema["openapi"].startswith("3.")
    assert schema["components"]["securitySchemes"]["tokenAuth"]["name"] == "Authorization"


def test_every_post_documents_its_refusals(schema):
    posts = [op for ops in schema["paths"].values() for m, op in ops.items() if m == "post"]

    assert len(posts) == 6
    for operation in posts:
        assert {"400", "401", "403", "404", "409", "422", "429"} <= set(operation["responses"])
        assert "Idempotency-Key" in [p["name"] for p in operation["parameters"]]


def test_the_error_shape_lists_every_code(schema):
    detail = schema["components"]["schemas"]["ErrorDetail"]["properties"]
    codes = schema["components"]["schemas"]["CodeEnum"]["enum"]

    assert set(detail) == {"code", "message", "fields"}
    assert sorted(codes) == sorted(ERROR_CODES)


SERVICES = [
    results._record,
    results._validate,
    jobs.simulation_request,
    matchday.inspection_decide,
    injury_services.injury_force_heal,
    table_inspections.table_inspection_enter,
    table_dice.faces_resolve,
    lineups.lineup_name_reserve,
    lineups._lock_open_fixture,
]


@pytest.mark.parametrize("service", SERVICES, ids=lambda f: f.__name__)
def test_every_code_the_called_services_raise_is_documented(service):
    raised = set(re.findall(r'code="(\w+)"', inspect.getsource(service)))

    assert raised <= set(ERROR_CODES)


def test_the_interactive_docs_are_served(db):
    response = Api().get("/api/v1/docs/")
    # Swagger UI's start-up script is a file of its own: the CSP allows no inline script.
    script = Api().get("/api/v1/docs/", {"script": ""})

    assert response.status_code == 200
    assert b'<script src="/api/v1/docs/?script="></script>' in response.content
    assert b"<script>" not in response.content
    assert script["Content-Type"] == "application/javascript"
    assert b"/api/v1/schema/" in script.content


def test_the_interactive_docs_load_their_scripts_from_our_static_files(client, db):
    page = client.get("/api/v1/docs/").content.decode()
    assert "drf_spectacular_sidecar/swagger-ui-dist" in page
    assert "cdn." not in page
