"""The OpenAPI schema: valid, served as JSON, and naming every error the API can answer."""

from __future__ import annotations

import inspect
import re

import pytest
from django.core.exceptions import ImproperlyConfigured

from api.schema import ERROR_CODES, error_codes
from arenaball.api import access as arenaball_access
from arenaball.services import crews, designs, reports
from games.api import access
from games.services import inspections as table_inspections
from games.services import jobs, lineups, matchday, results
from injuries import services as injury_services
from league.rulesets import ruleset_get
from league.services.result_steps import result_change_refusal
from league.services.results import _played_lock, result_correct, result_record, result_void
from mn11 import selectors as mn11_selectors
from mn11.api import access as mn11_access
from mn11.services import match_day as mn11_match_day
from mn11.services import reports as mn11_reports
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

    # MagnoBall's 6, Arenaball's 5, Magic Number Eleven's 3, the webhooks' 4,
    # a league's export and import, a league's JSON document imported
    assert len(posts) == 21
    # A league import changes no league's state, so nothing of it conflicts (no 409):
    # whatever the file or the installation refuses is a 422 naming its place.
    no_state = {schema["paths"]["/api/v1/league-imports/"]["post"]["operationId"]}
    for operation in posts:
        refusals = {"400", "401", "403", "404", "422", "429"}
        if operation["operationId"] not in no_state:
            refusals.add("409")
        assert refusals <= set(operation["responses"])
        assert "Idempotency-Key" in [p["name"] for p in operation["parameters"]]


def test_the_error_shape_lists_every_code(schema):
    detail = schema["components"]["schemas"]["ErrorDetail"]["properties"]
    codes = schema["components"]["schemas"]["CodeEnum"]["enum"]

    assert set(detail) == {"code", "message", "fields", "problems"}
    assert sorted(codes) == sorted(error_codes())


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
    access.require_magnoball_fixture,
    arenaball_access.team_for_pits,
    designs.design_save,
    designs.design_delete,
    crews.team_cars_set,
    crews.character_sign,
    crews.character_rename,
    crews.character_release,
    reports.pits_choose,
    reports.report_check,
    reports.report_record,
    reports.report_correct,
    reports.report_void,
    result_record,
    result_correct,
    result_void,
    _played_lock,
    result_change_refusal,
    mn11_access.side_for_team,
    mn11_selectors.side_of,
    mn11_match_day._locked_day,
    mn11_match_day.gk_pick_choose,
    mn11_match_day.lineup_submit,
    mn11_reports.report_check,
    mn11_reports.report_record,
    mn11_reports.report_correct,
    mn11_reports.report_void,
]


@pytest.mark.parametrize("service", SERVICES, ids=lambda f: f.__name__)
def test_every_code_the_called_services_raise_is_documented(service):
    raised = set(re.findall(r'code="(\w+)"', inspect.getsource(service)))

    assert raised <= set(error_codes())


def test_each_game_declares_only_its_own_codes():
    # A code more than one game answers is the core's, with a meaning that names no game.
    assert {"design_illegal", "gk_pick_refused", "bad_faces"} <= set(error_codes())
    assert "design_illegal" not in ERROR_CODES


def test_a_game_may_not_give_a_core_code_a_meaning_of_its_own(monkeypatch):
    monkeypatch.setattr(type(ruleset_get("mn11")), "api_error_codes", "api.schema.ERROR_CODES")

    with pytest.raises(ImproperlyConfigured, match="not_played"):
        error_codes()


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


ARENABALL_OPERATIONS = {
    ("/api/v1/arenaball/seasons/{season_id}/settings/", "get"),
    ("/api/v1/arenaball/seasons/{season_id}/settings/", "patch"),
    ("/api/v1/arenaball/leagues/{league_id}/parts/", "get"),
    ("/api/v1/arenaball/teams/{team_id}/", "get"),
    ("/api/v1/arenaball/teams/{team_id}/designs/", "get"),
    ("/api/v1/arenaball/teams/{team_id}/designs/", "post"),
    ("/api/v1/arenaball/teams/{team_id}/designs/check/", "post"),
    ("/api/v1/arenaball/teams/{team_id}/cars/", "put"),
    ("/api/v1/arenaball/teams/{team_id}/characters/", "post"),
    ("/api/v1/arenaball/designs/{design_id}/", "get"),
    ("/api/v1/arenaball/designs/{design_id}/", "put"),
    ("/api/v1/arenaball/designs/{design_id}/", "delete"),
    ("/api/v1/arenaball/characters/{character_id}/", "get"),
    ("/api/v1/arenaball/characters/{character_id}/", "patch"),
    ("/api/v1/arenaball/characters/{character_id}/release/", "post"),
    ("/api/v1/arenaball/fixtures/{fixture_id}/", "get"),
    ("/api/v1/arenaball/fixtures/{fixture_id}/pits/", "put"),
    ("/api/v1/arenaball/fixtures/{fixture_id}/result/", "post"),
    ("/api/v1/arenaball/fixtures/{fixture_id}/result/", "put"),
    ("/api/v1/arenaball/fixtures/{fixture_id}/result/", "delete"),
}
#: Writes whose body is empty by design.
NO_BODY = {
    ("/api/v1/arenaball/designs/{design_id}/", "delete"),
    ("/api/v1/arenaball/characters/{character_id}/release/", "post"),
    ("/api/v1/arenaball/fixtures/{fixture_id}/result/", "delete"),
}


def test_every_arenaball_operation_has_typed_bodies(schema):
    found = {
        (path, method)
        for path, ops in schema["paths"].items()
        if path.startswith("/api/v1/arenaball/")
        for method in ops
        if method != "parameters"
    }
    assert found == ARENABALL_OPERATIONS
    for path, method in sorted(ARENABALL_OPERATIONS):
        operation = schema["paths"][path][method]
        ok = next(code for code in operation["responses"] if code.startswith("2"))
        response = operation["responses"][ok]
        if ok != "204":
            ref = response["content"]["application/json"]["schema"]
            assert "$ref" in ref or "$ref" in ref.get("items", {}), (path, method)
        if method != "get" and (path, method) not in NO_BODY:
            assert "requestBody" in operation, (path, method)
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            assert "$ref" in body, (path, method)
        if method != "get":
            assert {"400", "401", "403", "404"} <= set(operation["responses"]), (path, method)


MN11_OPERATIONS = {
    ("/api/v1/mn11/fixtures/{fixture_id}/", "get"),
    ("/api/v1/mn11/fixtures/{fixture_id}/away-set/", "put"),
    ("/api/v1/mn11/fixtures/{fixture_id}/gk/", "put"),
    ("/api/v1/mn11/fixtures/{fixture_id}/lineup/", "put"),
    ("/api/v1/mn11/fixtures/{fixture_id}/result/", "post"),
    ("/api/v1/mn11/fixtures/{fixture_id}/result/", "put"),
    ("/api/v1/mn11/fixtures/{fixture_id}/result/", "delete"),
    ("/api/v1/mn11/seasons/{season_id}/discipline/", "get"),
}


def test_every_mn11_match_operation_has_typed_bodies(schema):
    for path, method in sorted(MN11_OPERATIONS):
        operation = schema["paths"][path][method]
        ok = next(code for code in operation["responses"] if code.startswith("2"))
        ref = operation["responses"][ok]["content"]["application/json"]["schema"]
        assert "$ref" in ref or "$ref" in ref.get("items", {}), (path, method)
        if method in ("post", "put"):
            body = operation["requestBody"]["content"]["application/json"]["schema"]
            assert "$ref" in body, (path, method)
        if method != "get":
            assert {"400", "401", "403", "404"} <= set(operation["responses"]), (path, method)


def test_arenaball_refusals_describe_their_problems(schema):
    detail = schema["components"]["schemas"]["ErrorDetail"]
    problem = schema["components"]["schemas"]["Problem"]["properties"]

    assert "problems" in detail["properties"]
    assert "problems" not in detail.get("required", [])
    assert set(problem) == {"code", "rule", "field", "message"}


def test_the_schema_generates_without_warnings(db, tmp_path):
    from django.core.management import call_command

    call_command("spectacular", "--fail-on-warn", "--file", str(tmp_path / "schema.yml"))
