"""In a real browser, Magic Number Eleven coaches report matches and follow match day.

On a 375 px phone a coach reports a match with two goals, two VAR decisions whose second
Warning sends a card off, and a corner with its powers, leaving the Away set and GK cards
"as chosen": each row shows only its kind's fields, the card pickers only the cards of that
side's line-up, and the report is saved (issue #46). A level match with a red card and a
shootout is refused without the shootout's winner, then saved; the standings show its points
(E-L1) and the discipline page the card (E-D3). Match day shows the rival's choices without
a reload. The pages do not scroll sideways at 375 px."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from league.models import Result, StandingRow
from mn11.models import Report
from mn11.services import away_set_choose, gk_pick_choose, lineup_submit
from rules.mn11 import AwaySet, GkCard, Side
from tests.browser.conftest import PHONE, screenshot, width_at_phone
from tests.mn11.world import Mn11World, mn11_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"
HOME_ELEVEN = ["gk-defence-cover", *(f"home-{n}" for n in range(1, 10)), "base-01"]
AWAY_ELEVEN = ["gk-build-up", *(f"away-base-{n}" for n in range(1, 10)), "base-02"]


def sign_in(page, user: User) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name=re.compile("Sign out"))).to_be_visible()


def match_day(world: Mn11World) -> None:
    """E-S1, E-S3 through the services: the base Away set, Defence Cover and Build Up, both
    line-ups in."""
    fixture = world.fixture()
    home, away = world.coach_of(fixture.home_team), world.coach_of(fixture.away_team)
    away_set_choose(fixture=fixture, actor=away, away_set=AwaySet.BASE)
    gk_pick_choose(fixture=fixture, actor=home, side=Side.HOME, card=GkCard.DEFENCE_COVER)
    gk_pick_choose(fixture=fixture, actor=away, side=Side.AWAY, card=GkCard.BUILD_UP)
    lineup_submit(fixture=fixture, actor=home, side=Side.HOME, cards=HOME_ELEVEN)
    lineup_submit(fixture=fixture, actor=away, side=Side.AWAY, cards=AWAY_ELEVEN)


def event(page, row: int, what: str, side: str, half: str, **fields: str) -> None:
    """Fill event row `row`, adding it first if the form has no such row yet."""
    if page.locator(f"#events-{row}-type").count() == 0:
        page.get_by_role("button", name="Add an event").click()
    page.locator(f"#events-{row}-type").select_option(what)
    page.locator(f"#events-{row}-side").select_option(side)
    page.locator(f"#events-{row}-half").select_option(half)
    for name, value in fields.items():
        field = page.locator(f"[name='events-{row}-{name}']")
        if value == "on":
            field.check()
        elif name in ("kind", "var_card", "card", "warned", "attempt_1", "attempt_2"):
            field.select_option(value)
        else:
            field.fill(value)


def kick(page, row: int, side: str, scored: bool) -> None:
    if page.locator(f"#kicks-{row}-side").count() == 0:
        page.get_by_role("button", name="Add a kick").click()
    page.locator(f"#kicks-{row}-side").select_option(side)
    box = page.locator(f"[name='kicks-{row}-scored']")
    box.check() if scored else box.uncheck()


def test_a_coach_reports_goals_a_send_off_and_a_corner_on_a_phone(page):
    world = mn11_world()
    match_day(world)
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    page.set_viewport_size(PHONE)
    sign_in(page, world.coach_of(home))

    page.goto(f"/fixtures/{fixture.pk}/")
    page.get_by_role("link", name="Report the result").click()
    expect(page.locator("#gk-home")).to_have_value("")  # "As picked: Defence Cover"
    expect(page.locator("#gk-home option").first).to_have_text("As picked: Defence Cover")
    # A blank form is short on a phone: a row shows only its type until one is chosen.
    expect(page.locator("#events-0-strength")).to_be_hidden()
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 3000, f"the blank report form is {height} px tall at 375 px"
    assert width_at_phone(page) <= 375

    page.get_by_label(home.name, exact=True).fill("2")
    page.get_by_label(away.name, exact=True).fill("0")
    event(page, 0, "var", "home", "1", strength="4", var_card="penalty_kick", warning="on",
          warned="away-base-2")  # fmt: skip
    # A VAR row shows the tackle, not a scorer or a corner's powers.
    expect(page.locator("#events-0-strength")).to_be_visible()
    expect(page.locator("#events-0-card")).to_be_hidden()
    expect(page.locator("#events-0-attack_power")).to_be_hidden()
    expect(page.locator("[data-event-row]").first.locator("[data-odds]")).to_contain_text(
        "Penalty Kick 1 · Free Kick 0 · No Foul 0"
    )
    event(page, 1, "goal", "home", "1", card="home-9", kind="penalty")
    expect(page.locator("#events-1-strength")).to_be_hidden()
    # The scorer's picker offers Home's line-up only (Away's cards are another team's).
    expect(page.locator("#events-1-card optgroup[data-side='away']")).to_be_disabled()
    event(page, 2, "var", "home", "2", strength="3", var_card="penalty_kick", warning="on")
    event(page, 3, "send_off", "away", "2", card="away-base-4")
    event(page, 4, "corner", "home", "2", attack_power="8", defence_power="8",
          attempt_1="out", attempt_2="in")  # fmt: skip
    expect(page.locator("#events-4-card")).to_be_hidden()
    event(page, 5, "goal", "home", "2", card="base-01", kind="corner")
    screenshot(page, "mn11-report-phone")
    page.get_by_role("button", name="Report the result").click()

    expect(page.get_by_text(re.compile("Result saved"))).to_be_visible()
    report = Report.objects.get(result__fixture=fixture)
    assert (report.away_set, report.gk_home, report.gk_away) == (
        "base",
        "defence_cover",
        "build_up",
    )
    rows = list(report.events.values_list("kind", "side", "card"))
    assert rows == [
        ("var", "home", "away-base-2"),
        ("goal", "home", "home-9"),
        ("var", "home", ""),
        ("send_off", "away", "away-base-4"),
        ("corner", "home", ""),
        ("goal", "home", "base-01"),
    ]
    corner = report.events.get(kind="corner")
    assert (corner.attack_power, corner.defence_power, corner.attempts) == (8, 8, [False, True])
    page.goto(f"/fixtures/{fixture.pk}/")
    expect(page.get_by_text(f"Warning to {away.name} (Away): Away Player Card 2")).to_be_visible()
    expect(
        page.get_by_text("Sent off: Away Player Card 4 (base set) (away-base-4)")
    ).to_be_visible()
    assert width_at_phone(page) <= 375
    screenshot(page, "mn11-fixture-reported")


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
    page.get_by_label(home.name, exact=True).fill("1")
    page.get_by_label(away.name, exact=True).fill("1")
    page.locator("#away-set").select_option("base")
    page.locator("#gk-home").select_option("defence_cover")
    page.locator("#gk-away").select_option("build_up")
    event(page, 0, "var", "home", "1", strength="4", var_card="penalty_kick", warning="on")
    event(page, 1, "goal", "home", "1", card="home-9", kind="penalty")
    event(page, 2, "var", "home", "2", strength="0", var_card="penalty_kick",
          magic_number="on", warning="on")  # fmt: skip
    event(page, 3, "send_off", "away", "2", card="away-base-4")
    event(page, 4, "goal", "away", "2", card="away-base-7")
    for row, (side, scored) in enumerate(HOME_SHOOTOUT[:2]):
        kick(page, row, side, scored)
    page.get_by_role("button", name="Report the result").click()

    # Two kicks, one each: no winner. Refused beside the shootout, nothing stored.
    expect(page.locator("#shootout-error")).to_contain_text("E-D5")
    assert not Result.objects.filter(fixture=fixture).exists()
    screenshot(page, "mn11-report-refused")

    for row, (side, scored) in enumerate(HOME_SHOOTOUT):
        kick(page, row, side, scored)
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


def test_match_day_shows_the_rivals_choices_without_a_reload(page):
    world = mn11_world()
    fixture = world.fixture()
    home, away = world.coach_of(fixture.home_team), world.coach_of(fixture.away_team)
    sign_in(page, home)
    page.goto(f"/fixtures/{fixture.pk}/")
    expect(page.locator("#match-day")).to_contain_text("not chosen yet")

    away_set_choose(fixture=fixture, actor=away, away_set=AwaySet.EXPANSION)
    expect(page.locator("#match-day")).to_contain_text("Away team (Expansion)", timeout=15_000)
    gk_pick_choose(fixture=fixture, actor=home, side=Side.HOME, card=GkCard.COUNTERATTACK)
    gk_pick_choose(fixture=fixture, actor=away, side=Side.AWAY, card=GkCard.BUILD_UP)
    expect(page.locator("#side-away")).to_contain_text("Build Up (gk-build-up)", timeout=15_000)
    # The coach's own line-up picker: his squad by name and key, the GK card ticked.
    expect(page.locator("#lineup-home-gk-counterattack")).to_be_checked()
    expect(page.locator("#side-home")).to_contain_text("Home Player Card 9")
    screenshot(page, "mn11-match-day")


def test_mn11_pages_do_not_scroll_sideways_at_375_px(page):
    world = mn11_world(shootout_league=True, rounds=2)
    match_day(world)
    fixture = world.fixture()
    sign_in(page, world.coach_of(fixture.home_team))
    for path in (
        f"/fixtures/{fixture.pk}/",
        f"/fixtures/{world.fixture(2).pk}/",  # the line-up pickers, no line-up in yet
        f"/mn11/fixtures/{fixture.pk}/report/",
        f"/teams/{fixture.home_team_id}/",
        f"/mn11/seasons/{world.season.pk}/discipline/",
    ):
        page.goto(path)
        assert width_at_phone(page) <= 375, f"{path} is too wide at 375 px"
