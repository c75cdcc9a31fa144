"""The export and import endpoints (docs/api.md, docs/data.md "Export and import jobs"):
an export job per role, its polling and download, and imports answering by row and column."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User

from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import exchange_job_run
from league.models import Result, Team
from tests.api.client import Api
from tests.api.conftest import ROLES
from tests.world import World

EXPORTS = "/api/v1/leagues/test-league/exports/"
IMPORTS = "/api/v1/leagues/test-league/imports/"
#: Who may export the league's tables: its commissioners and its coaches.
MAY_EXPORT = {"commissioner", "coach", "other_coach"}


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def sent() -> Iterator[mock.MagicMock]:
    with mock.patch("league.exchange_jobs.services.app.send_task") as send_task:
        yield send_task


def _standings(api: Api) -> Any:
    return api.post(EXPORTS, {"format": "csv-standings", "season": "2026"})


@pytest.mark.parametrize("role", ROLES)
def test_an_export_per_role(
    role: str,
    role_user: Callable[[str], User | None],
    api_as: Callable[[User | None], Api],
    sent: mock.MagicMock,
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = _standings(api_as(role_user(role)))
    if role == "anonymous":
        assert response.status_code == 401
    elif role in MAY_EXPORT:
        assert response.status_code == 202, response.json()
        job = ExchangeJob.objects.get()
        assert response["Location"] == f"http://testserver{EXPORTS}{job.pk}/"
        assert response.json()["url"] == response["Location"]
        assert response.json()["status"] == "queued"
        sent.assert_called_once_with("league.exchange_jobs.tasks.run_exchange_job", args=[job.pk])
    else:
        # The league is public: an outsider sees it but may not export; a rival neither.
        assert response.status_code == 403, response.json()
        assert response.json()["error"]["code"] == "forbidden"
    if role not in MAY_EXPORT:
        assert not ExchangeJob.objects.exists()


def test_poll_then_download_then_the_file_expires(
    world: World, api_as: Callable[[User | None], Api], sent: mock.MagicMock
) -> None:
    api = api_as(world.commissioner)
    job_url = _standings(api).json()["url"]
    assert api.get(job_url).json()["download_url"] is None
    exchange_job_run(job_id=ExchangeJob.objects.get().pk)
    body = api.get(job_url).json()
    assert (body["status"], body["progress_done"], body["progress_total"]) == ("done", 1, 1)
    assert body["expires_at"] is not None
    download = api.get(body["download_url"])
    assert download.status_code == 200
    assert download["Content-Type"] == "text/csv; charset=utf-8"
    text = b"".join(download.streaming_content).decode("utf-8-sig")
    teams = [row["team"] for row in csv.DictReader(io.StringIO(text))]
    assert sorted(teams) == sorted([world.home.name, world.away.name])
    # The outsider cannot even see that the job exists.
    assert api_as(world.outsider).get(job_url).status_code == 404
    from datetime import timedelta

    from django.utils import timezone

    from league.exchange_jobs.services import exchange_jobs_sweep

    exchange_jobs_sweep(now=timezone.now() + timedelta(days=1, seconds=1))
    assert api.get(job_url).json()["download_url"] is None
    gone = api.get(body["download_url"])
    assert (gone.status_code, gone.json()["error"]["code"]) == (410, "file_expired")


def test_an_export_of_an_unknown_format_or_season_changes_nothing(
    world: World, api_as: Callable[[User | None], Api], sent: mock.MagicMock
) -> None:
    api = api_as(world.commissioner)
    response = api.post(EXPORTS, {"format": "xlsx", "season": "2026"})
    assert response.status_code == 400
    assert "format" in response.json()["error"]["fields"]
    response = api.post(EXPORTS, {"format": "csv-fixtures", "season": "1999"})
    assert response.json()["error"]["fields"] == {"season": ["Test League has no season “1999”."]}
    response = api.post(EXPORTS, {"format": "csv-fixtures"})
    assert (response.status_code, response.json()["error"]["code"]) == (400, "season_required")
    assert not ExchangeJob.objects.exists()


def test_a_sixth_live_export_is_refused(
    world: World, api_as: Callable[[User | None], Api], sent: mock.MagicMock
) -> None:
    api = api_as(world.commissioner)
    for _ in range(5):
        assert _standings(api).status_code == 202
    response = _standings(api)
    assert (response.status_code, response.json()["error"]["code"]) == (409, "too_many_jobs")


def _teams_csv(*rows: str) -> str:
    return "team;short_name;coach\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize("role", ROLES)
def test_an_import_per_role(
    role: str, role_user: Callable[[str], User | None], api_as: Callable[[User | None], Api]
) -> None:
    body = {"format": "csv-teams", "season": "2026", "csv": _teams_csv("Lisbon Lynx;LIS;")}
    response = api_as(role_user(role)).post(IMPORTS, body)
    if role == "anonymous":
        assert response.status_code == 401
    elif role == "commissioner":
        assert response.status_code == 201, response.json()
        assert response.json()["created"] == ["Lisbon Lynx"]
        assert ExchangeJob.objects.get().status == "done"
    else:
        assert response.status_code == 403, response.json()
    assert Team.objects.filter(name="Lisbon Lynx").exists() == (role == "commissioner")


def test_a_dry_run_upload_lists_every_problem_and_writes_nothing(
    world: World, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(world.commissioner)
    upload = io.BytesIO(_teams_csv("Lisbon Lynx;LIS;nobody", f"{world.home.name};HH;").encode())
    upload.name = "teams.csv"
    response = api.client.post(
        IMPORTS,
        {"format": "csv-teams", "season": "2026", "dry_run": "true", "file": upload},
        headers=api._headers({}),
    )
    assert response.status_code == 200, response.json()
    assert response.json() == {
        "ok": False,
        "dry_run": True,
        "rows": 0,
        "created": [],
        "problems": [
            {"where": "row 2", "field": "coach", "message": "No user “nobody”."},
            {
                "where": "row 3",
                "field": "team",
                "message": f"Test League already has a team “{world.home.name}”.",
            },
        ],
    }
    assert not ExchangeJob.objects.exists()
    assert Team.objects.count() == 2


def test_a_refused_import_is_422_with_its_problems_and_kept_as_a_failed_job(
    world: World, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(world.commissioner)
    body = {"format": "csv-results", "season": "2026", "csv": "round,home\n1,A\n"}
    response = api.post(IMPORTS, body)
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "invalid_import"
    assert error["message"] == "Nothing was imported: 3 problems in the file."
    assert error["fields"]["row 1.away"] == ["This column is missing."]
    assert {
        "code": "invalid_import",
        "rule": "",
        "where": "row 1",
        "field": "away",
        "message": "This column is missing.",
    } in error["problems"]
    job = ExchangeJob.objects.get()
    assert (job.kind, job.status) == ("import", "failed")
    assert Result.objects.count() == 0


def test_an_import_without_a_file_is_refused(
    world: World, api_as: Callable[[User | None], Api]
) -> None:
    response = api_as(world.commissioner).post(IMPORTS, {"format": "csv-teams", "season": "2026"})
    assert response.status_code == 400
    assert "file" in response.json()["error"]["fields"]


def test_an_import_retried_with_its_idempotency_key_is_replayed(
    world: World, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(world.commissioner)
    body = {"format": "csv-teams", "season": "2026", "csv": _teams_csv("Lisbon Lynx;LIS;")}
    first = api.post(IMPORTS, body, **{"Idempotency-Key": "import-1"})
    again = api.post(IMPORTS, body, **{"Idempotency-Key": "import-1"})
    assert (first.status_code, again.status_code) == (201, 201)
    assert again["Idempotent-Replayed"] == "true"
    assert Team.objects.filter(name="Lisbon Lynx").count() == 1


def test_an_upload_with_an_idempotency_key_is_refused(
    world: World, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(world.commissioner)
    upload = io.BytesIO(_teams_csv("Lisbon Lynx;LIS;").encode())
    upload.name = "teams.csv"
    response = api.client.post(
        IMPORTS,
        {"format": "csv-teams", "season": "2026", "file": upload},
        headers=api._headers({"Idempotency-Key": "k"}),
    )
    assert response.status_code == 400
    assert list(response.json()["error"]["fields"]) == ["Idempotency-Key"]
    assert not Team.objects.filter(name="Lisbon Lynx").exists()


def test_an_upload_over_the_size_limit_is_refused_by_its_size(
    world: World, api_as: Callable[[User | None], Api], settings: Any
) -> None:
    settings.EXCHANGE_MAX_UPLOAD_BYTES = 1000
    api = api_as(world.commissioner)
    upload = io.BytesIO(_teams_csv(*[f"Team {n};T{n};" for n in range(200)]).encode())
    upload.name = "teams.csv"
    response = api.client.post(
        IMPORTS,
        {"format": "csv-teams", "season": "2026", "file": upload},
        headers=api._headers({}),
    )
    assert response.status_code == 422
    (problem,) = response.json()["error"]["problems"]
    assert problem["where"] == "file"
    assert problem["message"].startswith("The file is larger than the limit of 1,000 bytes")
    assert Team.objects.count() == 2


def test_a_file_in_another_encoding_is_refused_naming_the_row(
    world: World, api_as: Callable[[User | None], Api]
) -> None:
    api = api_as(world.commissioner)
    upload = io.BytesIO("team;short_name\nZürich Zebras;ZUR\n".encode("cp1252"))
    upload.name = "teams.csv"
    response = api.client.post(
        IMPORTS,
        {"format": "csv-teams", "season": "2026", "dry_run": "true", "file": upload},
        headers=api._headers({}),
    )
    assert response.status_code == 200
    (problem,) = response.json()["problems"]
    assert problem["where"] == "row 2"
    assert "not UTF-8" in problem["message"]


def test_a_download_before_the_job_is_done_says_so(
    world: World, api_as: Callable[[User | None], Api], sent: mock.MagicMock
) -> None:
    api = api_as(world.commissioner)
    job_url = _standings(api).json()["url"]
    response = api.get(job_url + "file/")
    assert (response.status_code, response.json()["error"]["code"]) == (409, "export_not_ready")
