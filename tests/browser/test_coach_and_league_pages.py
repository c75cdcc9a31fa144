"""In a real browser: a coach signs in, works through his to-do list (rename, Veteran picks,
an inspection), reports a result after fixing a validation error; a commissioner watches a
simulation's progress bar reach the result and steps through the replay; a visitor reads why
a team holds its place in the standings. Each main page is saved as a screenshot (desktop
and 375 px) under test-results/screenshots/."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from games.models import Inspection, SimulationJob
from games.services import ResultReport, result_record, round_open, simulation_run
from league.models import Fixture, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from league.services.tournaments import (
    tournament_draw_groups,
    tournament_generate_schedule,
    tournament_start,
)
from rosters.models import Enhancement, Player
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind, Position, Status
from tests.browser.conftest import screenshot, width_at_phone
from tests.league.tournament_helpers import tournament_with_field

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"


def sign_in(page, user: User) -> None:
    fresh = User.objects.get(pk=user.pk)
    fresh.set_password(PASSWORD)
    fresh.save(update_fields=["password"])
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(fresh.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("button", name=re.compile("Sign out"))).to_be_visible()


@pytest.fixture
def round_one(world) -> Fixture:
    """Round 1 open: the away team's Forward carries a Pulse Magnet the inspection detected
    (scripted dice), and a home Fullback is a Veteran whose picks are due."""
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.select_related("round").get(
        round__number=1, round__season=world.season
    )
    if fixture.home_team_id != world.home.pk:
        world.home, world.away = world.away, world.home
        world.home_coach, world.away_coach = world.away_coach, world.home_coach
    forward = world.away.players.filter(position=Position.FORWARD, string="first").first()
    Enhancement.objects.create(player=forward, kind=EnhancementKind.PULSE_MAGNET)
    veteran = world.home.players.filter(position=Position.FULLBACK, string="first").first()
    Player.objects.filter(pk=veteran.pk).update(status=Status.VETERAN, veteran_actions=[])
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([1, 10]))
    fixture.refresh_from_db()
    return fixture


def test_coach_renames_a_player_from_his_roster(page, world, round_one):
    sign_in(page, world.home_coach)
    page.goto("/my/")
    expect(page.get_by_role("heading", name="My teams")).to_be_visible()
    expect(page.get_by_text(re.compile("Pick .* two Veteran actions")).first).to_be_visible()
    expect(page.get_by_text(re.compile("Decide: Pulse Magnet detected"))).to_be_visible()
    screenshot(page, "my-teams")

    page.get_by_role("link", name=world.home.name).first.click()
    player = world.home.players.order_by("id").first()
    row = page.locator(f"#player-{player.pk}")
    row.locator("summary").click()
    row.get_by_role("link", name="Rename").click()
    page.get_by_label("New name").fill("Zed Quickfoot")
    page.get_by_role("button", name="Rename").click()

    expect(page.get_by_role("status")).to_contain_text("Zed Quickfoot")
    changed = page.locator(f"#player-{player.pk}")
    expect(changed).to_have_class(re.compile("row--changed"))
    expect(changed).to_contain_text("Zed Quickfoot")
    screenshot(page, "roster")


def test_coach_picks_veteran_actions_allowed_for_the_position(page, world, round_one):
    sign_in(page, world.home_coach)
    veteran = Player.objects.get(
        team=world.home,
        position=Position.FULLBACK,
        string="first",
        status=Status.VETERAN,
        veteran_actions=[],
    )
    page.goto(f"/teams/{world.home.pk}/")
    page.locator(f"#player-{veteran.pk}").get_by_role("link", name=re.compile("^Pick")).click()
    # A Fullback may not pick Scoring or Face-offs (M-P6): they are not offered.
    expect(page.get_by_label("Scoring")).to_have_count(0)
    expect(page.get_by_label("Face-offs")).to_have_count(0)
    page.get_by_label("Passing").check()
    page.get_by_role("button", name="Pick these two").click()
    expect(page.locator(".errorlist")).to_contain_text("exactly two actions")
    page.get_by_label("Passing").check()
    page.get_by_label("Stealing the ball").check()
    page.get_by_role("button", name="Pick these two").click()
    expect(page.get_by_role("status")).to_contain_text("Veteran actions")
    veteran.refresh_from_db()
    assert sorted(veteran.veteran_actions) == ["passing", "stealing"]
    expect(page.locator(f"#player-{veteran.pk}")).to_contain_text("Passing")


def test_coach_bans_a_detected_enhancement(page, world, round_one):
    sign_in(page, world.home_coach)
    page.goto(f"/fixtures/{round_one.pk}/")
    expect(page.get_by_text("Detected: decision pending")).to_be_visible()
    screenshot(page, "match-day")
    page.get_by_role("link", name=re.compile("^Ban")).click()
    # Banning is for good (M-E2): asked first on its own page, nothing changed yet.
    expect(page.get_by_role("heading", name=re.compile("^Ban "))).to_be_visible()
    assert Inspection.objects.get(fixture=round_one).decision == Inspection.Decision.PENDING
    screenshot(page, "ban-confirm")
    page.get_by_role("button", name=re.compile("^Ban")).click()
    expect(page.get_by_role("status")).to_contain_text("banned")
    expect(page.locator(".inspection").first).to_contain_text("Banned")
    assert Inspection.objects.get(fixture=round_one).decision == Inspection.Decision.BANNED
    expect(page.get_by_role("link", name="Report the result")).to_be_visible()


def test_coach_reports_a_result_after_fixing_a_validation_error(page, world, match_day):
    sign_in(page, world.home_coach)
    page.goto(f"/fixtures/{match_day.pk}/report/")
    # A name the away team does not also have (the factory's names may meet): its labels
    # then name one input each.
    away_names = set(world.away.players.values_list("name", flat=True))
    forwards = world.home.players.filter(string="first", position=Position.FORWARD)
    scorer = next(p for p in forwards if p.name not in away_names)
    page.get_by_label(world.home.name).fill("2")
    page.get_by_label(f"{scorer.name}: points").fill("1")
    expect(page.locator("[data-check]")).to_contain_text("Not yet")
    page.get_by_label(f"{scorer.name}: Scoring attempts").fill("1")
    page.get_by_label(f"{scorer.name}: Scoring successes").fill("3")
    screenshot(page, "report-form")
    page.get_by_role("button", name="Record the result").click()

    expect(page.get_by_role("alert")).to_contain_text("not recorded")
    expect(page.locator("#home_score-error")).to_contain_text("scored 1 points")
    expect(page.locator(f"#p{scorer.pk}-scoring-a-error")).to_contain_text(
        f"{scorer.name}: scoring successes (3) cannot exceed attempts (1)"
    )
    page.get_by_label(world.home.name).fill("1")
    page.get_by_label(f"{scorer.name}: Scoring attempts").fill("4")
    expect(page.locator("[data-check]")).to_contain_text("add up")
    page.get_by_role("button", name="Record the result").click()

    expect(page.get_by_role("status")).to_contain_text("Result recorded")
    expect(page.get_by_test_id("score")).to_have_text("1–0")


def test_commissioner_watches_a_simulation_and_steps_through_the_replay(
    page, world, match_day, monkeypatch
):
    monkeypatch.setattr(
        "games.services.job_queue.app.send_task", lambda name, args: None
    )  # no broker
    sign_in(page, world.commissioner)
    page.goto(f"/fixtures/{match_day.pk}/")
    page.get_by_role("button", name="Simulate this match").click()
    progress = page.get_by_label("Simulation progress")
    expect(progress).to_be_visible()
    screenshot(page, "simulation-progress")

    job = SimulationJob.objects.get(fixture=match_day)
    simulation_run(job_id=job.pk, worker="browser-test")

    expect(page.get_by_role("heading", name="Board replay")).to_be_visible(timeout=15_000)
    match_day.refresh_from_db()
    result = match_day.result
    expect(page.get_by_test_id("score")).to_have_text(f"{result.home_score}–{result.away_score}")
    counter = page.locator("[data-replay=counter]")
    total = result.events.count()
    expect(counter).to_have_text(f"1 / {total}")
    page.get_by_role("button", name="Step forward").click()
    page.get_by_role("button", name="Step forward").click()
    expect(counter).to_have_text(f"3 / {total}")
    page.get_by_role("button", name="Step back").click()
    expect(counter).to_have_text(f"2 / {total}")
    caption = page.locator("[data-replay=text]").inner_text()
    assert caption.startswith(("Half 1", "Half 2", "Overtime"))
    assert "half 1: half 1" not in caption.lower()
    page.get_by_role("button", name="On to the end").click()
    expect(counter).to_have_text(f"{total} / {total}")
    page.get_by_role("button", name="Back to the start").click()
    expect(counter).to_have_text(f"1 / {total}")
    assert page.locator("svg.replay__board .board__token").count() > 10
    page.get_by_role("button", name="Play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    page.get_by_role("button", name="Pause").click()
    screenshot(page, "match-centre")


def test_visitor_reads_the_standings_explanation_and_the_season_pages(page, world, match_day):
    from games.services import fixture_team_sheets, result_record_simulation
    from rules.magnoball.simulator import simulate_match

    home, away, settings = fixture_team_sheets(fixture=match_day)
    result_record_simulation(
        fixture=match_day, match=simulate_match(home=home, away=away, settings=settings, seed=3)
    )
    league, season = world.league.slug, world.season.slug
    page.goto(f"/leagues/{league}/{season}/standings/")
    why = page.get_by_text(re.compile("^Why 1"))
    why.click()
    explanation = page.locator("details.why[open] p").first
    expect(explanation).to_be_visible()
    assert explanation.inner_text().strip()
    expect(page.locator("#position-chart")).to_be_visible()
    screenshot(page, "standings")
    for path, name in (
        (f"/leagues/{league}/{season}/", "season"),
        (f"/leagues/{league}/{season}/fixtures/", "fixtures"),
        (f"/leagues/{league}/{season}/leaders/", "leaders"),
        (f"/leagues/{league}/", "league"),
        (f"/teams/{world.home.pk}/", "team-public"),
    ):
        page.goto(path)
        expect(page.locator("h1")).to_be_visible()
        screenshot(page, name)
    scorer = (
        Player.objects.filter(appearances__result__fixture=match_day)
        .order_by("-appearances__points")
        .first()
    )
    page.goto(f"/players/{scorer.pk}/")
    expect(page.locator("#progress-chart")).to_be_visible()
    screenshot(page, "player")


def test_pages_do_not_scroll_sideways_at_375_px(page, world, match_day):
    page.set_viewport_size({"width": 375, "height": 800})
    for path in ("/", f"/teams/{world.home.pk}/", f"/fixtures/{match_day.pk}/"):
        page.goto(path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, f"{path} is {width} px wide"


def test_a_played_fixtures_report_page_says_so_on_a_phone(page, world, match_day):
    """Issue #47: the result and how to have it corrected, no form, at 375 px too."""
    result_record(fixture=match_day, report=ResultReport(0, 0), actor=world.home_coach)
    sign_in(page, world.away_coach)
    page.goto(f"/fixtures/{match_day.pk}/report/")

    expect(page.get_by_role("heading", name="Result recorded")).to_be_visible()
    expect(page.get_by_test_id("recorded-score")).to_contain_text("0–0")
    expect(page.get_by_role("button", name="Record the result")).to_have_count(0)
    screenshot(page, "report-played")
    assert width_at_phone(page) <= 375


def test_a_team_in_a_cup_lists_it_apart_on_a_phone(page, world, match_day):
    """Issue #47: the team page follows its league season; the cup is under Also playing."""
    cup = tournament_with_field(world, guests=2, group_count=1, group_qualifiers=2)
    tournament_draw_groups(tournament=cup, actor=None, seed=3)
    tournament_generate_schedule(tournament=cup, actor=None)
    tournament_start(tournament=cup, actor=None)
    page.goto(f"/teams/{world.home.pk}/")

    expect(page.get_by_role("heading", name="Also playing")).to_be_visible()
    expect(page.get_by_role("link", name=cup.name)).to_be_visible()
    expect(page.get_by_role("link", name=world.season.name).first).to_be_visible()
    screenshot(page, "team-with-cup")
    assert width_at_phone(page) <= 375
