"""In a real browser, a Magic Number Eleven coach reports a level match with a red card (two
warnings to one side's defenders, a card sent off) and a shootout: first without the
shootout's winner, refused beside the shootout, then fixed and saved. The standings show the
shootout's points (an overtime win and loss, E-L1) and the discipline page the red card
(E-D3). The fixture, report, team and discipline pages do not scroll sideways at 375 px."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from league.models import Result, StandingRow
from mn11.models import Report
from tests.browser.conftest import screenshot
from tests.mn11.world import mn11_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"


def sign_in(page, user: User) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name=re.compile("Sign out"))).to_be_visible()


def _event(page, row: int, what: str, side: str, half: str, **fields: str) -> None:
    page.locator(f"#events-{row}-type").select_option(what)
    page.locator(f"#events-{row}-side").select_option(side)
    page.locator(f"#events-{row}-half").select_option(half)
    for name, value in fields.items():
        field = page.locator(f"[name='events-{row}-{name}']")
        if value == "on":
            field.check()
        elif name in ("kind", "var_card"):
            field.select_option(value)
        else:
            field.fill(value)


def _kick(page, row: int, side: str, scored: bool) -> None:
    page.locator(f"#kicks-{row}-side").select_option(side)
    box = page.locator(f"[name='kicks-{row}-scored']")
    box.check() if scored else box.uncheck()


#: E-D5: Home wins at its 4th kick (4 to 1).
HOME_SHOOTOUT = [
    ("home", True),
    ("away", True),
    ("home", True),
    ("away", False),
    ("home", True),
    ("away", False),
    ("home", True),
]


def test_a_coach_reports_a_red_card_and_a_shootout_after_a_level_score(page):
    world = mn11_world(shootout_league=True)
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    sign_in(page, world.coach_of(home))

    page.goto(f"/fixtures/{fixture.pk}/")
    screenshot(page, "mn11-fixture")
    page.get_by_role("link", name="Report the result").click()
    page.get_by_label(home.name).fill("1")
    page.get_by_label(away.name).fill("1")
    page.locator("#away-set").select_option("base")
    page.locator("#gk-home").select_option("defence_cover")
    page.locator("#gk-away").select_option("build_up")
    _event(page, 0, "var", "home", "1", strength="4", var_card="penalty_kick", warning="on")
    _event(page, 1, "goal", "home", "1", card="home-9", kind="penalty")
    _event(
        page,
        2,
        "var",
        "home",
        "2",
        strength="0",
        var_card="penalty_kick",
        magic_number="on",
        warning="on",
    )
    _event(page, 3, "send_off", "away", "2", card="away-base-4")
    _event(page, 4, "goal", "away", "2", card="away-base-7")
    for row, (side, scored) in enumerate(HOME_SHOOTOUT[:2]):
        _kick(page, row, side, scored)
    page.get_by_role("button", name="Report the result").click()

    # Two kicks, one each: no winner. Refused beside the shootout, nothing stored.
    expect(page.locator("#shootout-error")).to_contain_text("E-D5")
    assert not Result.objects.filter(fixture=fixture).exists()
    screenshot(page, "mn11-report-refused")

    for row, (side, scored) in enumerate(HOME_SHOOTOUT):
        _kick(page, row, side, scored)
    page.get_by_role("button", name="Report the result").click()
    expect(page.get_by_text(re.compile("Result saved"))).to_be_visible()
    assert Report.objects.get(result__fixture=fixture).shootout_winner == "home"
    points = dict(StandingRow.objects.filter(season=world.season).values_list("team_id", "points"))
    assert (points[home.pk], points[away.pk]) == (2, 1)

    page.goto(f"/leagues/{world.league.slug}/{world.season.slug}/standings/")
    table = page.locator("table", has=page.get_by_role("columnheader", name="OTW"))
    # A row by its team's own link: the other row's form guide names its opponent too.
    home_row = table.get_by_role("row").filter(
        has=page.get_by_role("link", name=home.name, exact=True)
    )
    away_row = table.get_by_role("row").filter(
        has=page.get_by_role("link", name=away.name, exact=True)
    )
    expect(home_row.locator("td.col-pts")).to_have_text("2")
    expect(away_row.locator("td.col-pts")).to_have_text("1")
    screenshot(page, "mn11-standings")

    page.goto(f"/mn11/seasons/{world.season.pk}/discipline/")
    discipline = page.get_by_role("row", name=re.compile(away.name))
    expect(discipline).to_contain_text("away-base-4")
    screenshot(page, "mn11-discipline")


def test_mn11_pages_do_not_scroll_sideways_at_375_px(page):
    world = mn11_world(shootout_league=True)
    fixture = world.fixture()
    sign_in(page, world.coach_of(fixture.home_team))
    page.set_viewport_size({"width": 375, "height": 800})
    for path in (
        f"/fixtures/{fixture.pk}/",
        f"/mn11/fixtures/{fixture.pk}/report/",
        f"/teams/{fixture.home_team_id}/",
        f"/mn11/seasons/{world.season.pk}/discipline/",
    ):
        page.goto(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{path} is {width} px wide"
