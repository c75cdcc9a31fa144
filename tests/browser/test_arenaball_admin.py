"""In Chromium, through the admin only: a commissioner takes an Arenaball season of four teams
from its draft to its champion: generates the schedule, starts it, opens each round from the
control room and records every game's report on Arenaball's fixture pages (one refused and
corrected on the way), starts the playoffs, plays the final, crowns the champion and closes
the season. No simulation is offered at any step."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from arenaball.models import Car
from league.models import Fixture, Result, Round, Season
from league.roles import commissioners_group
from tests.arenaball.world import arena_world
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"


def sign_in(page, username: str) -> None:
    page.goto("/admin/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Answers").wait_for()


def confirm(page, button: str | re.Pattern[str], *, expect_text: str) -> None:
    """Click a step's button, read its confirmation page, say yes, wait for the message."""
    page.get_by_role("link", name=button).first.click()
    page.get_by_role("heading", name="What will happen").wait_for()
    page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
    page.locator(".messagelist").get_by_text(re.compile(expect_text)).first.wait_for()


def record(page, fixture: Fixture, *, wrong_first: bool = False) -> None:
    """Report `fixture` on its admin page: the home team wins 5-0 off car 1's driver (a centre
    goal and two outer), cars 4 and 5 in the pits on both sides."""
    page.goto(f"/admin/league/fixture/{fixture.pk}/change/")
    page.get_by_role("link", name="Record the result").click()
    home, away = fixture.home_team, fixture.away_team
    page.get_by_label(f"{home} score").fill("5")
    page.get_by_label(f"{away} score").fill("0")
    for team in (home, away):
        group = page.locator(".form-row", has_text=f"{team}: cars in the pits")
        for slot in ("4", "5"):
            group.get_by_label(f"Car {slot}", exact=True).check()
    scorer = Car.objects.get(team=home, slot="1").driver
    assert scorer is not None
    plates = ("centre", "outer", "outer") if not wrong_first else ("centre", "centre", "outer")
    for row, plate in enumerate(plates):
        page.locator(f"select[name='goals-{row}-scorer']").select_option(str(scorer.pk))
        page.locator(f"select[name='goals-{row}-plate']").select_option(plate)
    page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
    if wrong_first:
        # 7 points listed for a score of 5, and the target reached before the last goal.
        expect(page.locator(".errorlist").get_by_text(re.compile("add up to 7"))).to_be_visible()
        assert not Result.objects.filter(fixture=fixture).exists()
        screenshot(page, "arenaball-admin-report-refused")
        page.locator("select[name='goals-1-plate']").select_option("outer")
        page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
    page.locator(".messagelist").first.wait_for()
    assert Result.objects.filter(fixture=fixture).exists()


def test_a_commissioner_runs_an_arenaball_season_to_its_champion_in_the_admin(page):
    world = arena_world(teams=4, playoff_teams=2, start=False)
    commissioner = world.commissioner
    commissioner.is_staff = True
    commissioner.save(update_fields=["is_staff"])
    commissioners_group().user_set.add(commissioner)
    season = world.season
    room = f"/admin/league/season/{season.pk}/change/"
    sign_in(page, commissioner.username)

    page.goto(room)
    confirm(page, "Generate the schedule", expect_text="schedule")
    page.goto(room)
    confirm(page, "Start the season", expect_text="active")
    first = True
    for number in (1, 2, 3):
        page.goto(room)
        assert page.get_by_role("link", name=re.compile("Simulate")).count() == 0
        confirm(page, f"Open Round {number}", expect_text="is open")
        for fixture in Fixture.objects.filter(round__season=season, round__number=number):
            record(page, fixture, wrong_first=first)
            first = False
    page.goto(room)
    screenshot(page, "arenaball-admin-control-room")
    confirm(page, "Start the playoffs", expect_text=".")
    final = Round.objects.get(season=season, stage=Round.Stage.PLAYOFF)
    page.goto(room)
    confirm(page, re.compile(f"Open {final}"), expect_text="is open")
    (game,) = final.fixtures.all()
    record(page, game)
    page.goto(room)
    confirm(page, "Advance the playoffs", expect_text="champion")
    page.goto(room)
    confirm(page, "Close the season", expect_text="finished|closed")

    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert season.champion_id == game.home_team_id
