"""No input makes an import answer 500, and no body or file makes a request unbounded
(issue #44): each input that did (JSON nested 5,000 deep, a 5,000-digit number, a lone
surrogate in a name, "game": "x", [], a NUL in a CSV cell) and each that cost gigabytes or
minutes (3,000,000 objects, a 150 KB header of ``,"``, a 150 MB JSON body) is refused with a
4xx naming the problem, and nothing is written."""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest

from league.exchange.document_export import league_document_export
from league.exchange_jobs.models import ExchangeJob
from league.models import AuditEntry, League, Team

IMPORT = "/api/v1/league-imports/"
CSV_IMPORT = "/api/v1/leagues/test-league/imports/"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def importer(world, api_as):
    world.commissioner.is_superuser = True  # may create leagues
    world.commissioner.save()
    return api_as(world.commissioner)


def _document(world) -> dict[str, Any]:
    document = league_document_export(league_id=world.league.pk)
    document["league"].update(name="Copy", slug="copy")
    return document


def _written() -> tuple[int, int, int, int]:
    return (
        League.objects.count(),
        Team.objects.count(),
        ExchangeJob.objects.count(),
        AuditEntry.objects.count(),
    )


def _upload(api, url: str, data: bytes, name: str, **fields: str):
    upload = io.BytesIO(data)
    upload.name = name
    return api.client.post(url, {**fields, "file": upload}, headers=api._headers({}))


DOCUMENTS = {
    "nested 5,000 deep": (lambda d: b"[" * 5000 + b"]" * 5000, "Nested more than 32"),
    "a 5,000-digit number": (
        lambda d: (
            json.dumps({**d, "version": 0})
            .replace('"version": 0', '"version": ' + "9" * 5000)
            .encode()
        ),
        "more than 20 digits",
    ),
    "a lone surrogate in a name": (
        lambda d: json.dumps({**d, "league": {**d["league"], "name": "Copy \ud800"}}).encode(),
        "lone surrogate",
    ),
    "a NUL in a team's name": (
        lambda d: json.dumps(
            {**d, "teams": [{**d["teams"][0], "name": "A\x00B"}, *d["teams"][1:]]}
        ).encode(),
        "NUL character",
    ),
    '"game": "x"': (lambda d: json.dumps({**d, "game": "x"}).encode(), "section"),
    "[]": (lambda d: b"[]", "one JSON object"),
    "commissioners of lists": (
        lambda d: json.dumps({**d, "league": {**d["league"], "commissioners": [[1]]}}).encode(),
        "list of usernames",
    ),
    "a date with month 13": (
        lambda d: json.dumps(
            {**d, "league": {**d["league"], "created_at": "2026-13-45T10:00"}}
        ).encode(),
        "date and time",
    ),
    "3,000,000 objects": (lambda d: b"[" + b"{}," * 3_000_000 + b"{}]", "More than 1,000,000"),
}


@pytest.mark.parametrize("case", list(DOCUMENTS), ids=list(DOCUMENTS))
@pytest.mark.parametrize("dry_run", ["true", "false"])
def test_a_bad_league_document_is_refused_by_name_and_writes_nothing(
    world, importer, case, dry_run
):
    make, words = DOCUMENTS[case]
    before = _written()
    started = time.monotonic()

    response = _upload(importer, IMPORT, make(_document(world)), "league.json", dry_run=dry_run)

    assert response.status_code in (200, 422), response.content[:300]
    body = response.json()
    problems = body.get("problems") or body["error"]["problems"]
    assert any(words in problem["message"] for problem in problems), problems
    assert _written() == before
    assert time.monotonic() - started < 20


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ('{"document": {"league": {"name": "\\ud800"}}}', "lone surrogate"),
        ('{"document": {"league": {"name": "A\\u0000B"}}}', "NUL character"),
        ('{"document": {"version": ' + "1" * 5000 + "}}", "more than 100 digits"),
        ('{"document": {"version": 1e999}}', "out of range"),
    ],
)
def test_a_bad_json_body_is_a_400_naming_it(importer, body, words):
    before = _written()
    response = importer.post(IMPORT, raw=body)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["code"] == "malformed_body"
    assert words in response.json()["error"]["message"]
    assert _written() == before


CSV_FILES = {
    "a NUL in a cell": (b"team,short_name\nA\x00B,AB\n", "NUL character"),
    'a 150 KB header of ,"': (b',"' * 75_000 + b"\n1,2\n", "longer than 4,096"),
    "Latin-1": ("team,short_name\nMünchen,MUN\n".encode("latin-1"), "not UTF-8"),
}


@pytest.mark.parametrize("case", list(CSV_FILES), ids=list(CSV_FILES))
def test_a_bad_csv_file_is_refused_by_name_quickly(world, importer, case):
    data, words = CSV_FILES[case]
    before = _written()
    started = time.monotonic()
    response = _upload(
        importer, CSV_IMPORT, data, "teams.csv", format="csv-teams", season="2026", dry_run="true"
    )
    assert response.status_code == 200, response.content[:300]
    assert not response.json()["ok"]
    assert any(words in problem["message"] for problem in response.json()["problems"])
    assert time.monotonic() - started < 5  # csv.Sniffer took minutes on that header
    assert _written() == before


def test_a_csv_file_past_the_row_limit_is_refused(world, importer, settings):
    settings.EXCHANGE_MAX_ROWS = 10
    data = b"team,short_name\n" + b"".join(b"T%d,T%d\n" % (n, n) for n in range(50))
    response = _upload(
        importer, CSV_IMPORT, data, "teams.csv", format="csv-teams", season="2026", dry_run="true"
    )
    (problem,) = response.json()["problems"]
    assert problem == {
        "where": "row 12",
        "field": "",
        "message": "The file has more than 10 rows: split it and import it in parts.",
    }


def test_a_json_body_over_the_limit_is_a_413_before_it_is_read(world, api_as, settings):
    settings.API_MAX_BODY_BYTES = 10_000
    api = api_as(world.commissioner)
    body = json.dumps({"url": "https://hooks.example/in", "events": ["x" * 20_000]})
    response = api.post("/api/v1/webhooks/", raw=body)
    assert response.status_code == 413
    assert response.json()["error"] == {
        "code": "body_too_large",
        "message": f"The body is {len(body):,} bytes; a JSON body takes at most 10,000 bytes.",
        "fields": {},
    }


def test_an_upload_over_the_limit_is_a_413_before_it_is_stored(world, importer, settings):
    settings.LEAGUE_IMPORT_MAX_BYTES = 1_000
    settings.EXCHANGE_MAX_UPLOAD_BYTES = 1_000
    response = _upload(importer, IMPORT, b" " * 1_100_000, "league.json", dry_run="true")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "body_too_large"
