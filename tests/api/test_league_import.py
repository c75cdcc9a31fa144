"""A whole league's JSON document through the API (docs/data.md, "The JSON document"): its
export job for commissioners only, and its import as a new league by upload or JSON body,
a dry run, every problem in a 422, and who may."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User

from league.exchange.document_export import league_document_export
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import exchange_job_run
from league.models import AuditEntry, League
from tests.api.client import Api
from tests.api.conftest import ROLES
from tests.world import World, make_commissioner

EXPORTS = "/api/v1/leagues/test-league/exports/"
IMPORT = "/api/v1/league-imports/"


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def sent() -> Iterator[mock.MagicMock]:
    with mock.patch("league.exchange_jobs.services.app.send_task") as send_task:
        yield send_task


def _document(world: World, **league: Any) -> dict[str, Any]:
    """The world's league as its document, renamed so it can be imported beside itself."""
    document = league_document_export(league_id=world.league.pk)
    document["league"].update({"name": "Test League II", "slug": "test-league-ii", **league})
    return document


def _upload(api: Api, document: Any, **fields: str) -> Any:
    data = document if isinstance(document, bytes) else json.dumps(document).encode()
    upload = io.BytesIO(data)
    upload.name = "league.json"
    return api.client.post(IMPORT, {**fields, "file": upload}, headers=api._headers({}))


# --- the export job ----------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_the_json_document_export_is_for_commissioners_only(
    role: str,
    role_user: Callable[[str], User | None],
    api_as: Callable[[User | None], Api],
    sent: mock.MagicMock,
) -> None:
    response = api_as(role_user(role)).post(EXPORTS, {"format": "json-document"})
    if role == "anonymous":
        assert response.status_code == 401
    elif role == "commissioner":
        assert response.status_code == 202, response.json()
        assert (response.json()["format"], response.json()["season"]) == ("json-document", None)
    else:
        # A coach may export the CSV tables, not the document (people's e-mails, the log).
        assert response.status_code == 403, response.json()
        assert response.json()["error"]["code"] == "forbidden"
        if role in ("coach", "other_coach"):
            assert "Coaches may export the CSV tables" in response.json()["error"]["message"]
    assert ExchangeJob.objects.exists() == (role == "commissioner")


def test_the_document_job_builds_the_league_with_its_progress_and_only_its_commissioners_see_it(
    world: World, api_as: Callable[[User | None], Api], sent: mock.MagicMock
) -> None:
    api = api_as(world.commissioner)
    job_url = api.post(EXPORTS, {"format": "json-document"}).json()["url"]
    job = ExchangeJob.objects.get()
    real = "league.exchange_jobs.formats.league_document_export"
    with mock.patch(real, side_effect=league_document_export) as export:
        exchange_job_run(job_id=job.pk)
        progress = export.call_args.kwargs["progress"]
        assert export.call_args.kwargs["league_id"] == world.league.pk
    job.refresh_from_db()
    assert progress is not None
    assert job.progress_total > 1  # the document's own steps, passed through
    body = api.get(job_url).json()
    assert body["status"] == "done", body
    download = api.get(body["download_url"])
    assert download["Content-Type"] == "application/json"
    document = json.loads(b"".join(download.streaming_content))
    assert (document["format"], document["league"]["slug"]) == (
        "magnoball-league-export",
        "test-league",
    )
    assert job.filename.startswith("test-league-json-document-")
    # A coach follows the league's CSV jobs, but this one is not his business at all.
    coach = api_as(world.home_coach)
    assert coach.get(job_url).status_code == 404
    assert coach.get(body["download_url"]).status_code == 404


# --- the import ----------------------------------------------------------------------------------


IMPORT_ROLES = (*ROLES, "league_creator", "superuser")


@pytest.mark.parametrize("role", IMPORT_ROLES)
def test_an_import_per_role(
    role: str,
    world: World,
    role_user: Callable[[str], User | None],
    api_as: Callable[[User | None], Api],
) -> None:
    if role == "league_creator":
        user: User | None = make_commissioner("creator")
    elif role == "superuser":
        user = User.objects.create_superuser("root", "root@example.com", "pw")
    else:
        user = role_user(role)
    response = _upload(api_as(user), _document(world))
    imported = League.objects.filter(slug="test-league-ii").first()
    if role == "anonymous":
        assert response.status_code == 401
    elif role in ("league_creator", "superuser"):
        assert response.status_code == 201, response.json()
        assert imported is not None
        url = f"http://testserver/api/v1/leagues/{imported.pk}/"
        assert response["Location"] == url
        body = response.json()
        assert body["league"] == {
            "name": "Test League II",
            "slug": "test-league-ii",
            "api_url": url,
        }
        assert (body["ok"], body["dry_run"], body["problems"]) == (True, False, [])
        assert body["counts"]["teams"] == 2
        assert body["rows"] == sum(body["counts"].values())
        job = ExchangeJob.objects.get(league=imported)
        assert (job.kind, job.format, job.status, job.requested_by) == (
            "import",
            "json-document",
            "done",
            user,
        )
        assert AuditEntry.objects.filter(league=imported, action="league.import").exists()
    else:
        # A league's commissioner is not thereby allowed to create leagues.
        assert response.status_code == 403, response.json()
        assert response.json()["error"]["code"] == "forbidden"
    if role not in ("league_creator", "superuser"):
        assert imported is None


@pytest.fixture
def creator(db: None) -> User:
    return make_commissioner("creator")


def test_a_dry_run_says_what_it_would_make_and_writes_nothing(
    world: World, creator: User, api_as: Callable[[User | None], Api]
) -> None:
    leagues = League.objects.count()
    response = _upload(api_as(creator), _document(world), dry_run="true")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["ok"], body["dry_run"]) == (True, True)
    assert body["league"] == {"name": "Test League II", "slug": "test-league-ii", "api_url": None}
    assert body["counts"]["teams"] == 2
    assert League.objects.count() == leagues
    assert not ExchangeJob.objects.exists()


def test_a_dry_run_of_a_bad_file_lists_every_problem(
    world: World, creator: User, api_as: Callable[[User | None], Api]
) -> None:
    document = _document(world, slug="test-league", name="Test League")
    document["standings"].append({**document["standings"][0], "id": 99, "team": 99})
    response = _upload(api_as(creator), document, dry_run="true")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["ok"], body["league"], body["counts"]) == (False, None, {})
    places = {(p["where"], p["field"]) for p in body["problems"]}
    assert {("league", "slug"), ("league", "name"), ("standings[2]", "team")} <= places


def test_a_refused_import_is_422_with_every_problem_and_changes_nothing(
    world: World, creator: User, api_as: Callable[[User | None], Api]
) -> None:
    document = _document(world)
    document["teams"][0]["colour"] = "blue"
    document["seasons"][0]["status"] = "paused"
    response = _upload(api_as(creator), document)
    assert response.status_code == 422, response.json()
    error = response.json()["error"]
    assert error["code"] == "invalid_import"
    assert set(error["fields"]) == {"teams[0].colour", "seasons[0].status"}
    assert {(p["where"], p["field"]) for p in error["problems"]} == {
        ("teams[0]", "colour"),
        ("seasons[0]", "status"),
    }
    assert not League.objects.filter(slug="test-league-ii").exists()
    assert not User.objects.filter(is_active=False).exists()


def test_a_file_that_is_not_json_is_refused_with_its_line(
    world: World, creator: User, api_as: Callable[[User | None], Api]
) -> None:
    response = _upload(api_as(creator), b'{\n  "format": oops\n}')
    assert response.status_code == 422
    assert response.json()["error"]["problems"][0]["where"] == "line 2, column 13"


def test_an_upload_bigger_than_the_request_body_limit_goes_through_as_a_file(
    world: World, creator: User, api_as: Callable[[User | None], Api], settings: Any
) -> None:
    # Django keeps a body in memory up to DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB); a big
    # league's document (28 MB) is a file upload, which that limit does not cover.
    data = json.dumps(_document(world), indent=2).encode()
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = len(data) // 4
    response = _upload(api_as(creator), data)
    assert response.status_code == 201, response.json()


def test_a_file_over_the_import_limit_is_refused_by_its_size(
    world: World, creator: User, api_as: Callable[[User | None], Api], settings: Any
) -> None:
    settings.LEAGUE_IMPORT_MAX_BYTES = 1000
    response = _upload(api_as(creator), b" " * 5000)
    assert response.status_code == 422
    assert "at most" in response.json()["error"]["problems"][0]["message"]


def test_a_small_document_as_a_json_body_with_an_idempotency_key(
    world: World, creator: User, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(creator)
    body = {"document": _document(world)}
    first = api.post(IMPORT, body, **{"Idempotency-Key": "import-1"})
    assert first.status_code == 201, first.json()
    again = api.post(IMPORT, body, **{"Idempotency-Key": "import-1"})
    assert again.status_code == 201
    assert again.json() == first.json()
    assert League.objects.filter(slug="test-league-ii").count() == 1
    # Without the key, the same file again is refused: its slug is taken now.
    third = api.post(IMPORT, body)
    assert third.status_code == 422
    assert ("league", "slug") in {
        (p["where"], p["field"]) for p in third.json()["error"]["problems"]
    }


def test_an_import_without_a_document_or_with_unknown_fields_is_refused(
    world: World, creator: User, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(creator)
    response = api.post(IMPORT, {"dry_run": True})
    assert (response.status_code, list(response.json()["error"]["fields"])) == (400, ["file"])
    response = api.post(IMPORT, {"document": {}, "league": "x"})
    assert response.status_code == 400
    assert "league" in response.json()["error"]["fields"]


def test_an_upload_with_an_idempotency_key_is_refused(
    world: World, creator: User, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(creator)
    upload = io.BytesIO(json.dumps(_document(world)).encode())
    upload.name = "league.json"
    response = api.client.post(
        IMPORT, {"file": upload}, headers=api._headers({"Idempotency-Key": "k"})
    )
    assert response.status_code == 400
    assert not League.objects.filter(slug="test-league-ii").exists()
