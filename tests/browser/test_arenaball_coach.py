"""In a real browser, an Arenaball coach builds a design on the seed's Track Car with a machine
gun the league's catalogue has no price for and metal armour: the pricing refusal and the
metal are named as he types and again on saving; he takes them off and saves. He fills his
roster to its 12, releases a reserve and signs another; then chooses his pits and reports a
game with a kill and a casualty, accepted whoever has left the roster (issue #45). Arenaball's
pages are saved as screenshots and none scrolls sideways at 375 px."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from arenaball.models import Car, Character, Design
from league.models import Result
from tests.arenaball.world import arena_world, driver
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"
UNPRICED = "Machine gun has no price or weight in this league's catalogue: ask the commissioner."


def sign_in(page, user: User) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name=re.compile("Sign out"))).to_be_visible()


def test_coach_is_refused_an_unpriced_part_fills_his_roster_then_reports_a_game(page):
    world = arena_world()
    coach = world.coaches[0]
    fixture = world.fixture()
    team = fixture.home_team if fixture.home_team.coach_id == coach.pk else fixture.away_team
    sign_in(page, coach)

    page.goto(f"/teams/{team.pk}/")
    screenshot(page, "arenaball-team")
    page.get_by_role("link", name="New design").click()
    page.get_by_label("Design name").fill("Brawler")
    page.get_by_label("Front", exact=True).fill("60")
    page.get_by_label("Front armour material").select_option("metal")
    page.locator("select[name='fittings-0-part']").select_option("seed_track_car")
    page.locator("select[name='fittings-1-part']").select_option("ramplate_airdam_electromagnet")
    page.locator("select[name='fittings-2-part']").select_option("machine_gun")

    # Live, as he types: the unpriced part and the metal named, the total a lower bound.
    limits = page.locator("#limits")
    expect(page.locator("#problems").get_by_text(UNPRICED)).to_be_visible()
    expect(limits.get_by_text(re.compile(r"Every part priced .*broken"))).to_be_visible()
    expect(limits.get_by_text(re.compile(r"metal armour.*broken", re.I))).to_be_visible()
    expect(page.locator("#total-cost")).to_have_text("at least $20,000")
    expect(page.locator("#limits-summary")).not_to_contain_text("Every limit holds")
    page.get_by_role("button", name="Save the design").click()
    beside = page.locator(".field-error")
    expect(beside.get_by_text(UNPRICED)).to_be_visible()
    expect(beside.get_by_text(re.compile(r"metal armour is banned", re.I))).to_be_visible()
    assert not Design.objects.filter(team=team, name="Brawler").exists()
    screenshot(page, "arenaball-design-refused")

    page.locator("select[name='fittings-2-part']").select_option("")
    page.get_by_label("Front armour material").select_option("plastic")
    expect(page.locator("#limits-summary")).to_have_text("✓ Every limit holds")
    expect(page.locator("#total-cost")).to_have_text("$20,000")
    page.get_by_role("button", name="Save the design").click()
    expect(page.get_by_text("Brawler saved")).to_be_visible()
    assert Design.objects.filter(team=team, name="Brawler").exists()

    # The roster to its limit: 8 characters and 4 signed; the page says it is full.
    for number in range(4):
        page.get_by_label("Sign a character").fill(f"Rookie {number}")
        page.get_by_role("button", name="Sign", exact=True).click()
        expect(page.get_by_text(f"Rookie {number} signed")).to_be_visible()
    expect(page.get_by_text("12 of 12 characters on the roster")).to_be_visible()
    expect(page.get_by_text("The roster is full (12 characters)")).to_be_visible()
    expect(page.get_by_label("Sign a character")).to_have_count(0)
    seated = {pk for car in Car.objects.filter(team=team) for pk in (car.driver_id, car.gunner_id)}
    reserve = Character.objects.filter(team=team, state="active").exclude(pk__in=seated).first()
    assert reserve is not None
    page.goto(f"/arenaball/characters/{reserve.pk}/")
    page.get_by_role("link", name=f"Release {reserve.name}").click()
    page.get_by_role("button", name=f"Release {reserve.name}").click()
    expect(page.get_by_text("11 of 12 characters on the roster")).to_be_visible()
    page.get_by_label("Sign a character").fill("Late Signing")
    page.get_by_role("button", name="Sign", exact=True).click()
    expect(page.get_by_text("12 of 12 characters on the roster")).to_be_visible()
    screenshot(page, "arenaball-roster-full")

    page.goto(f"/fixtures/{fixture.pk}/")
    side = page.locator("section", has=page.get_by_role("heading", name=team.name))
    side.get_by_label("Car 1").uncheck()
    for slot in ("4", "5"):
        side.get_by_label(f"Car {slot}").check()
    side.get_by_role("button", name="Save the pits").click()
    expect(page.get_by_text("in the pits.")).to_be_visible()
    screenshot(page, "arenaball-fixture")

    page.get_by_role("link", name="Report the result").click()
    # Nine goal lines (the most a first-to-5 game has); a time-limit game may need more.
    expect(page.locator("select[name='goals-8-scorer']")).to_be_attached()
    page.get_by_role("button", name="Add a goal").click()
    expect(page.locator("select[name='goals-9-scorer']")).to_be_focused()
    home, away = fixture.home_team, fixture.away_team
    page.get_by_label(home.name).fill("5")
    page.get_by_label(away.name).fill("0")
    for label in (home.name, away.name):
        group = page.locator("fieldset", has_text=f"{label}: the two track cars")
        for slot in ("4", "5"):
            group.get_by_label(f"Car {slot}").check()
    scorer = driver(home, "1")
    for row in range(2):
        page.locator(f"select[name='goals-{row}-scorer']").select_option(str(scorer.pk))
        page.locator(f"select[name='goals-{row}-plate']").select_option("centre")
    page.get_by_role("button", name="Report the result").click()
    # 6 points listed for a score of 5: the error is shown under the report, nothing stored.
    expect(page.get_by_text(re.compile(r"add up to 6, not 5"))).to_be_visible()
    assert not Result.objects.filter(fixture=fixture).exists()

    page.locator("select[name='goals-1-plate']").select_option("outer")
    page.locator("select[name='goals-2-scorer']").select_option(str(scorer.pk))
    page.locator("select[name='goals-2-plate']").select_option("outer")
    victim = driver(away, "2")
    page.locator("select[name='kills-0-victim']").select_option(f"{away.pk}:2")
    page.locator("select[name='kills-0-killer']").select_option(str(scorer.pk))
    page.locator("select[name='kills-0-how']").select_option("ram")
    page.locator("select[name='casualties-0-character']").select_option(str(victim.pk))
    page.locator("select[name='casualties-0-state']").select_option("injured")
    page.get_by_role("button", name="Report the result").click()
    expect(page.get_by_text(re.compile("Result saved"))).to_be_visible()
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score) == (5, 0)
    scorer.refresh_from_db()
    assert (scorer.goals, scorer.kills) == (3, 1)
    assert Character.objects.get(pk=victim.pk).games_to_miss == 1
    screenshot(page, "arenaball-report")

    page.goto(f"/arenaball/characters/{scorer.pk}/")
    expect(page.locator("#progress-chart")).to_be_visible()
    screenshot(page, "arenaball-character")


def test_arenaball_pages_do_not_scroll_sideways_at_375_px(page):
    world = arena_world()
    fixture = world.fixture()
    team = fixture.home_team
    sign_in(page, world.coaches[0])
    page.set_viewport_size({"width": 375, "height": 800})
    design = Design.objects.filter(team=team).first()
    assert design is not None
    character = driver(team, "1")
    for path in (
        f"/teams/{team.pk}/",
        f"/fixtures/{fixture.pk}/",
        f"/arenaball/fixtures/{fixture.pk}/report/",
        f"/arenaball/teams/{team.pk}/designs/new/",
        f"/arenaball/designs/{design.pk}/",
        f"/arenaball/characters/{character.pk}/",
    ):
        page.goto(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{path} is {width} px wide"
