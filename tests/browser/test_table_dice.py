"""Table dice in the browser (M-E2): a coach at 375 px follows his to-do item, enters a face
that is not on a d10 and reads the error beside the field, then enters his roll on match day."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import TableInspection
from games.services import round_open
from league.models import Fixture, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import Enhancement
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind
from tests.browser.conftest import screenshot
from tests.browser.test_coach_and_league_pages import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_coach_enters_his_inspection_rolls_at_375_px(page, world):
    world.season.rules.coaches_roll_inspections = True
    world.season.rules.save(update_fields=["coaches_roll_inspections"])
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.select_related("home_team").get(
        round__number=1, round__season=world.season
    )
    coach = fixture.home_team.coach
    forward, goalie = (fixture.home_team.players.get(shirt_number=n) for n in (1, 11))
    Enhancement.objects.create(player=forward, kind=EnhancementKind.PULSE_MAGNET)
    Enhancement.objects.create(player=goalie, kind=EnhancementKind.DEFLECTOR_FIELD)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([]))
    page.set_viewport_size({"width": 375, "height": 800})
    sign_in(page, coach)

    page.goto("/my/")
    page.get_by_text(re.compile(f"inspection of {forward.name}")).locator("..").get_by_role(
        "link", name="Enter roll"
    ).click()
    page.get_by_label("The d10 you rolled").fill("11")
    page.get_by_role("button", name="Enter the roll").click()
    expect(page.locator(".field--error")).to_contain_text("not on a d10")
    screenshot(page, "table-roll-error")

    page.get_by_label("The d10 you rolled").fill("7")
    page.get_by_role("button", name="Enter the roll").click()
    expect(page.get_by_role("status")).to_contain_text(f"Roll entered for {forward.name}")
    page.get_by_label("Owner's d10").fill("4")
    page.get_by_role("button", name=f"Enter the owner's roll for {goalie.name}").click()
    expect(page.get_by_role("status")).to_contain_text(f"Roll entered for {goalie.name}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "match-day-table-rolls")
    rolls = dict(TableInspection.objects.values_list("player_id", "owner_roll"))
    assert rolls == {forward.pk: 7, goalie.pk: 4}
