"""The admin's data in and out (docs/data.md): the season page's CSV downloads, the import
page (upload → dry run problems → import) and the job list, scoped to the commissioner's
leagues."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import exchange_job_run
from league.models import AuditEntry, Season, Team
from tests.world import World, make_commissioner


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def staff_commissioner(world: World) -> User:
    user = make_commissioner("staff_commissioner")
    world.league.commissioners.add(user)
    return user


@pytest.fixture
def rival(world: World) -> User:
    return make_commissioner("rival")  # staff, but no commissioner of the world's league


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _import_url(season: Season) -> str:
    return reverse("admin:exchange_jobs_season_import", args=[season.pk])


def test_the_season_page_links_each_table_and_the_import(
    world: World, staff_commissioner: User
) -> None:
    page = _client(staff_commissioner).get(
        reverse("admin:league_season_change", args=[world.season.pk])
    )
    html = page.content.decode()
    for table in ("standings", "fixtures", "players"):
        assert reverse("admin:exchange_jobs_season_csv", args=[world.season.pk, table]) in html
    assert _import_url(world.season) in html


def test_a_table_downloads_as_csv(world: World, staff_commissioner: User) -> None:
    url = reverse("admin:exchange_jobs_season_csv", args=[world.season.pk, "standings"])
    response = _client(staff_commissioner).get(url)
    assert response.status_code == 200
    assert (
        response["Content-Disposition"] == 'attachment; filename="test-league-2026-standings.csv"'
    )
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert {r["team"] for r in rows} == {world.home.name, world.away.name}


def test_another_leagues_commissioner_gets_nothing(world: World, rival: User) -> None:
    client = _client(rival)
    url = reverse("admin:exchange_jobs_season_csv", args=[world.season.pk, "standings"])
    assert client.get(url).status_code == 404
    assert client.get(_import_url(world.season)).status_code == 404


def _upload(client: Client, season: Season, text: str, format_key: str = "csv-teams") -> Any:
    upload = SimpleUploadedFile("teams.csv", text.encode(), content_type="text/csv")
    return client.post(_import_url(season), {"format": format_key, "file": upload})


def test_check_then_import(world: World, staff_commissioner: User) -> None:
    client = _client(staff_commissioner)
    checked = _upload(client, world.season, "team,short_name\nLisbon Lynx,LIS\n")
    html = checked.content.decode()
    assert "The file holds" in html
    assert "Lisbon Lynx" in html
    assert not Team.objects.filter(name="Lisbon Lynx").exists()  # the dry run wrote nothing
    pending = re.search(r'name="pending" value="([^"]+)"', html)
    assert pending is not None
    done = client.post(_import_url(world.season), {"pending": pending.group(1)})
    assert done.status_code == 302
    assert Team.objects.filter(name="Lisbon Lynx").exists()
    assert AuditEntry.objects.filter(action="import.csv_teams", actor=staff_commissioner).exists()
    # The same check cannot be imported twice.
    again = client.post(_import_url(world.season), {"pending": pending.group(1)}, follow=True)
    assert "imported already" in again.content.decode()
    assert Team.objects.filter(name="Lisbon Lynx").count() == 1
    job = ExchangeJob.objects.get()
    assert (job.kind, job.status, job.requested_by) == ("import", "done", staff_commissioner)


def test_a_check_lists_every_problem_in_a_table(world: World, staff_commissioner: User) -> None:
    text = f"team;short_name;coach\nLisbon Lynx;LIS;ghost\n{world.home.name};HH;\n"
    html = _upload(_client(staff_commissioner), world.season, text).content.decode()
    assert "Nothing can be imported yet: 2 problems" in html
    assert '<th scope="row">row 2</th><td>coach</td><td>No user “ghost”.</td>' in html
    assert 'name="pending"' not in html
    assert Team.objects.count() == 2


def test_a_forged_pending_token_is_refused(world: World, staff_commissioner: User) -> None:
    response = _client(staff_commissioner).post(
        _import_url(world.season), {"pending": "forged"}, follow=True
    )
    assert "That check has expired" in response.content.decode()


def test_the_job_list_downloads_a_finished_export(
    world: World, staff_commissioner: User, rival: User
) -> None:
    from unittest import mock

    from league.exchange_jobs.services import exchange_export_request

    with mock.patch("league.exchange_jobs.services.app.send_task"):
        job = exchange_export_request(
            league=world.league,
            season=world.season,
            format_key="csv-fixtures",
            actor=staff_commissioner,
        )
    exchange_job_run(job_id=job.pk)
    client = _client(staff_commissioner)
    listing = client.get(reverse("admin:exchange_jobs_exchangejob_changelist")).content.decode()
    url = reverse("admin:exchange_jobs_exchangejob_download", args=[job.pk])
    assert url in listing
    download = client.get(url)
    assert download.status_code == 200
    assert b"fixture_id" in b"".join(download.streaming_content)
    assert _client(rival).get(url).status_code == 404


@pytest.mark.parametrize("role", ["anonymous", "coach", "outsider"])
def test_people_without_the_admin_are_sent_to_sign_in(world: World, role: str) -> None:
    client = Client()
    if role != "anonymous":
        client.force_login(world.home_coach if role == "coach" else world.outsider)
    for url in (
        _import_url(world.season),
        reverse("admin:exchange_jobs_season_csv", args=[world.season.pk, "standings"]),
    ):
        response = client.post(url) if url.endswith("import/") else client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    assert Team.objects.count() == 2
