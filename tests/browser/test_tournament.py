"""In Chromium: a commissioner runs a small tournament in the admin (two teams of his league
and four guest teams, two groups of three, the top two of each to a knockout of four) from
its creation to its winner; then a visitor on a 375 px phone reads its groups and bracket
without the page scrolling sideways.

No Celery worker runs: the test plays the worker's part in-process with the page's poller
paused (tests/browser/test_admin_season.py says how).
"""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import User

from league.models import League, Season
from league.roles import commissioners_group
from league.services.leagues import league_create
from league.services.seasons import season_create
from rosters.services import team_create
from rules.magnoball.dice import RandomDice
from tests.browser.conftest import SCREENSHOTS, screenshot
from tests.browser.test_admin_season import PASSWORD, confirm, run_queued_jobs, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GUESTS = (("Quarry Quakes", "QUA"), ("Basalt Bulls", "BAS"), ("Cinder Cats", "CIN"))
LONG_GUEST = ("The Extraordinarily Long-Named Wanderers", "WAN")


def _league(commissioner: User) -> League:
    league = league_create(name="Harbour League", actor=None, commissioners=[commissioner])
    season = season_create(league=league, name="2026", actor=None)
    dice = RandomDice(random.Random(3))
    for name, short in (("Harbour Herons", "HER"), ("Dockside Dragons", "DOC")):
        team_create(season=season, name=name, short_name=short, actor=None, dice=dice)
    return league


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page is {width} px wide at 375 px"


def test_a_commissioner_runs_a_tournament_and_a_visitor_reads_it_on_a_phone(
    page, browser, live_server, monkeypatch
):
    monkeypatch.setattr("games.services.job_queue.app.send_task", lambda name, args: None)
    morgan = User.objects.create_user("morgan", password=PASSWORD, is_staff=True)
    morgan.groups.add(commissioners_group())
    league = _league(morgan)

    # The tournament, from the league's page: a season of format "Tournament".
    sign_in(page, "morgan")
    page.goto(f"/admin/league/league/{league.pk}/change/")
    page.get_by_role("link", name="Add a season").click()
    page.get_by_label("Name:").fill("Harbour Cup")
    page.get_by_label("Double round robin").uncheck()  # each pair of a group meets once
    page.get_by_label("Format:").select_option(label="Tournament")
    page.get_by_label("Group count:").fill("2")
    page.get_by_label("Group qualifiers:").fill("2")
    page.get_by_role("button", name="Save", exact=True).click()
    page.locator(".messagelist").get_by_text("was added successfully").wait_for()
    cup = Season.objects.get(name="Harbour Cup")
    assert cup.is_tournament
    page.goto(f"/admin/league/season/{cup.pk}/change/")

    # Its field: the league's two teams, then guest teams rolled by the rules.
    for team in ("Dockside Dragons", "Harbour Herons"):
        page.get_by_role("link", name="Enter a team of the league").click()
        page.get_by_label("Team:").select_option(label=team)
        page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
        page.locator(".messagelist").get_by_text(f"{team} entered").wait_for()
    for name, short in (*GUESTS, LONG_GUEST):
        page.get_by_role("link", name="Add a guest team").click()
        page.get_by_label("Name:", exact=True).fill(name)
        page.get_by_label("Short name:").fill(short)
        if name == GUESTS[0][0]:
            screenshot(page, "admin-tournament-guest-team")
        page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
        page.locator(".messagelist").get_by_text(f"Guest team {name} entered").wait_for()

    confirm(page, "Draw the groups", expect="2 groups drawn.")
    confirm(page, "Generate the group schedule", expect="3 rounds of group games scheduled.")
    room = page.locator(".control-room").inner_text()
    assert "Group A" in room
    assert "Group B" in room
    screenshot(page, "admin-tournament-drawn")
    confirm(page, "Start the tournament", expect="has started")
    confirm(page, "Simulate the rest of the season", expect="requested")
    run_queued_jobs(page)
    page.locator("#simulations").get_by_text("Succeeded: 6").wait_for()
    page.reload()

    confirm(page, "Advance to the knockout", expect="The knockout begins with Round 4")
    for expected in ("Round 5 is drawn", "are the champions"):
        confirm(page, "Simulate the rest of the season", expect="requested")
        run_queued_jobs(page)
        page.reload()
        confirm(page, "Advance the knockout", expect=expected)
    confirm(page, "Finish the tournament", expect="is finished")
    cup.refresh_from_db()
    assert cup.status == Season.Status.FINISHED
    assert cup.champion is not None
    screenshot(page, "admin-tournament-finished")

    # A visitor on a phone: the groups and the bracket, no sideways scroll.
    phone = browser.new_context(base_url=live_server.url, viewport={"width": 375, "height": 800})
    visitor = phone.new_page()
    visitor.set_default_timeout(10_000)
    visitor.goto(f"/leagues/harbour-league/{cup.slug}/")
    visitor.get_by_role("link", name="Groups", exact=True).click()
    visitor.get_by_role("heading", name="Group A").wait_for()
    visitor.get_by_role("heading", name="Group B").wait_for()
    assert visitor.locator(".qualifies-mark").count() == 4
    assert LONG_GUEST[0] in visitor.content()
    _no_sideways_scroll(visitor)
    visitor.screenshot(path=str(SCREENSHOTS / "tournament-groups-375.png"), full_page=True)

    visitor.get_by_role("link", name="Bracket", exact=True).click()
    visitor.get_by_role("heading", name="Semi-finals").wait_for()
    visitor.get_by_role("heading", name="Final", exact=True).wait_for()
    assert f"Winner: {cup.champion.name}" in visitor.locator(".bracket__champion").inner_text()
    assert visitor.locator(".bracket__game").count() == 3
    _no_sideways_scroll(visitor)
    visitor.screenshot(path=str(SCREENSHOTS / "tournament-bracket-375.png"), full_page=True)
    phone.close()
