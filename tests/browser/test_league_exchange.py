"""In a real browser: a commissioner downloads his league's JSON export from its admin page,
checks a spoilt copy (the dry run's problems table fits a 375 px phone), then imports a good
copy and lands on the new league's page (docs/data.md, "In the admin")."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from league.models import League
from tests.browser.conftest import screenshot, width_at_phone
from tests.world import make_commissioner

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_commissioner_exports_his_league_and_imports_a_copy(page, world, tmp_path):
    commissioner = make_commissioner("exporter")
    world.league.commissioners.add(commissioner)
    page.goto("/admin/")
    page.get_by_label("Username").fill("exporter")
    page.get_by_label("Password").fill("correct horse battery")
    page.get_by_role("button", name="Log in").click()

    page.goto(f"/admin/league/league/{world.league.pk}/change/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download export (JSON)").click()
    document = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert document["league"]["slug"] == world.league.slug

    document["league"].update(name="Moved League", slug="moved-league")
    spoilt = dict(
        document, teams=[dict(document["teams"][0], colour="blue"), *document["teams"][1:]]
    )
    (tmp_path / "spoilt.json").write_text(json.dumps(spoilt), encoding="utf-8")
    (tmp_path / "good.json").write_text(json.dumps(document), encoding="utf-8")

    page.goto("/admin/league/league/")
    page.get_by_role("link", name="Import a league (JSON)").click()
    page.get_by_label("League export (JSON)").set_input_files(str(tmp_path / "spoilt.json"))
    page.get_by_role("button", name="Check the file (dry run)").click()
    problems = page.get_by_role("table")
    expect(problems.get_by_role("cell", name="teams[0]")).to_be_visible()
    expect(problems.get_by_text("Use a colour like #1f6feb.")).to_be_visible()
    screenshot(page, "admin-league-import-problems")
    assert width_at_phone(page) <= 375
    page.set_viewport_size({"width": 1280, "height": 900})
    assert not League.objects.filter(slug="moved-league").exists()

    page.get_by_label("League export (JSON)").set_input_files(str(tmp_path / "good.json"))
    page.get_by_role("button", name="Check the file (dry run)").click()
    expect(
        page.get_by_role("heading", name="No problems: “Moved League” can be imported")
    ).to_be_visible()
    page.get_by_role("button", name="Yes, import the league").click()

    expect(page.get_by_text("Moved League was imported")).to_be_visible()
    moved = League.objects.get(slug="moved-league")
    page.wait_for_url(f"**/admin/league/league/{moved.pk}/change/")
    assert moved.teams.count() == 2
