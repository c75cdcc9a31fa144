"""A commissioner imports teams from a spreadsheet in the admin (docs/data.md): from the
season's page to the import page, a file with problems shown by row and column, the
corrected file checked and imported with one button; the pages fit a 375 px phone."""

from __future__ import annotations

from pathlib import Path

import pytest

from league.models import Team
from tests.browser.conftest import screenshot, width_at_phone
from tests.browser.test_admin_season import PASSWORD, sign_in
from tests.world import make_commissioner, world_build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_commissioner_checks_and_imports_a_teams_file(page, tmp_path: Path, settings) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    world = world_build()
    commissioner = make_commissioner("morgan")
    commissioner.set_password(PASSWORD)
    commissioner.save()
    world.league.commissioners.add(commissioner)
    sign_in(page, "morgan")

    page.goto(f"/admin/league/season/{world.season.pk}/change/")
    page.get_by_role("link", name="Import teams or past results from a CSV file").click()
    bad = tmp_path / "teams.csv"
    bad.write_text("team;short_name;coach\nLisbon Lynx;LIS;ghost\n", encoding="utf-8")
    page.get_by_label("Teams and rosters").check()
    page.get_by_label("CSV file").set_input_files(str(bad))
    page.get_by_role("button", name="Check the file").click()
    table = page.locator("table.exchange-problems")
    table.get_by_role("cell", name="No user “ghost”.").wait_for()
    screenshot(page, "admin-csv-import-problems")
    assert width_at_phone(page) <= 375
    page.set_viewport_size({"width": 1280, "height": 900})

    good = tmp_path / "teams-fixed.csv"
    good.write_text("team;short_name;coach\nLisbon Lynx;LIS;outsider\n", encoding="utf-8")
    page.get_by_label("Teams and rosters").check()
    page.get_by_label("CSV file").set_input_files(str(good))
    page.get_by_role("button", name="Check the file").click()
    page.get_by_role("heading", name="The file holds: 1 row checked").wait_for()
    assert not Team.objects.filter(name="Lisbon Lynx").exists()
    page.get_by_role("button", name="Import", exact=True).click()
    page.locator(".messagelist").get_by_text("Imported 1 team into").wait_for()
    assert Team.objects.get(name="Lisbon Lynx").coach == world.outsider
