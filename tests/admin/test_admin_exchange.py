"""The admin's league export download and its import page (docs/data.md, "In the admin"):
who may use them, the dry run's problems table, and the import after it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from league.models import League
from tests.factories import UserFactory
from tests.league.exchange_helpers import COPY_SLUG, as_copy, export
from tests.world import World, make_commissioner, sign_in

pytestmark = pytest.mark.django_db

IMPORT_URL = "/admin/league/league/import/"


def _export_url(league: League) -> str:
    return reverse("admin:league_league_export", args=[league.pk])


@pytest.fixture
def league_commissioner(world: World) -> User:
    """A commissioner of the world's league, in the Commissioners group (he may use the
    admin and create leagues)."""
    user = make_commissioner("staff-commissioner")
    world.league.commissioners.add(user)
    return user


def _upload(client: Client, document: dict[str, Any], name: str = "league.json") -> Any:
    data = json.dumps(document).encode()
    return client.post(IMPORT_URL, {"file": SimpleUploadedFile(name, data)})


def test_the_league_page_offers_its_commissioner_the_download(
    client: Client, world: World, league_commissioner: User
) -> None:
    sign_in(client, league_commissioner)

    page = client.get(reverse("admin:league_league_change", args=[world.league.pk]))

    assert "Download export (JSON)" in page.content.decode()
    download = client.get(_export_url(world.league))
    assert download.status_code == 200
    assert "attachment" in download["Content-Disposition"]
    document = json.loads(
        b"".join(download.streaming_content) if download.streaming else download.content
    )
    assert document["format"] == "magnoball-league-export"
    assert document["league"]["slug"] == world.league.slug


def test_a_superuser_may_download_any_league(client: Client, world: World, superuser: User) -> None:
    client.force_login(superuser)

    assert client.get(_export_url(world.league)).status_code == 200


@pytest.mark.parametrize("who", ["other_commissioner", "coach", "outsider", "anonymous"])
def test_no_one_else_may_download_it(client: Client, world: World, who: str) -> None:
    if who == "other_commissioner":
        sign_in(client, make_commissioner("other-commissioner"))
    elif who == "coach":
        sign_in(client, world.home_coach)
    elif who == "outsider":
        sign_in(client, world.outsider)

    response = client.get(_export_url(world.league))

    # The admin hides another league (back to the index) and refuses non-staff (sign in).
    assert response.status_code in (302, 403, 404)
    assert not response.get("Content-Disposition")


def test_the_dry_run_lists_every_problem_and_imports_nothing(
    client: Client, world: World, league_commissioner: User
) -> None:
    sign_in(client, league_commissioner)
    document = as_copy(export(world.league.pk))
    document["teams"][0]["colour"] = "blue"
    document["seasons"][0]["status"] = "paused"

    page = _upload(client, document)

    text = page.content.decode()
    assert page.status_code == 200
    assert "Nothing was imported: 2 problems in the file." in text
    assert "teams[0]" in text
    assert "colour" in text
    assert "seasons[0]" in text
    assert "Yes, import the league" not in text
    assert not League.objects.filter(slug=COPY_SLUG).exists()


def test_a_clean_dry_run_then_imports_on_confirmation(
    client: Client, world: World, league_commissioner: User
) -> None:
    sign_in(client, league_commissioner)
    document = as_copy(export(world.league.pk))

    page = _upload(client, document)

    assert "can be imported" in page.content.decode()
    assert not League.objects.filter(slug=COPY_SLUG).exists()
    done = client.post(IMPORT_URL, {"confirm": "import"})
    league = League.objects.get(slug=COPY_SLUG)
    assert done.status_code == 302
    assert done["Location"] == reverse("admin:league_league_change", args=[league.pk])
    assert league.teams.count() == 2
    # The upload is used once: confirming again finds nothing to import.
    again = client.post(IMPORT_URL, {"confirm": "import"})
    assert again.status_code == 302
    assert again["Location"] == IMPORT_URL


def test_the_leagues_list_offers_the_import_to_who_may_create_leagues(
    client: Client, world: World, league_commissioner: User
) -> None:
    sign_in(client, league_commissioner)

    page = client.get(reverse("admin:league_league_changelist"))

    assert "Import a league (JSON)" in page.content.decode()
    assert client.get(IMPORT_URL).status_code == 200


@pytest.mark.parametrize("who", ["staff_without_permission", "coach", "outsider", "anonymous"])
def test_no_one_else_may_import(client: Client, world: World, who: str) -> None:
    if who == "staff_without_permission":
        sign_in(client, UserFactory.create(username="clerk", is_staff=True))
    elif who == "coach":
        sign_in(client, world.home_coach)
    elif who == "outsider":
        sign_in(client, world.outsider)
    document = as_copy(export(world.league.pk))

    page = client.get(IMPORT_URL)
    posted = _upload(client, document)

    assert page.status_code in (302, 403)
    assert posted.status_code in (302, 403)
    assert not League.objects.filter(slug=COPY_SLUG).exists()
