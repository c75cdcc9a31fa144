"""In Chromium, through the admin only: a superuser invites a commissioner and gives him a
league; he sets up a season with two teams rolled by the rules, generates the schedule,
starts it, opens and simulates round 1 and watches its progress, corrects the result and sees
the standings change, plays the rest of the season and closes it.

The simulation jobs are queued as in production; no Celery worker runs in the tests, so the
test plays the worker's part, calling the job runner (games.services.simulation_run) in-process
while the page's poller is paused (the live server shares the test's SQLite connection).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from games.models import SimulationJob
from games.services import simulation_run
from league.models import League, Result, Season, StandingRow
from league.roles import commissioners_group
from tests.browser.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct horse battery"


def sign_in(page, username: str, password: str = PASSWORD) -> None:
    page.context.clear_cookies()
    page.goto("/admin/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("heading", name="Answers").wait_for()


def confirm(page, button: str, *, expect: str) -> None:
    """Click a step's button, read its confirmation page, say yes, wait for the message."""
    page.get_by_role("link", name=button, exact=True).first.click()
    page.get_by_role("heading", name="What will happen").wait_for()
    page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
    page.locator(".messagelist").get_by_text(expect).first.wait_for()


def run_queued_jobs(page) -> None:
    """Play the worker: run queued jobs until none is left (each played fixture lets the
    jobs waiting for it queue), with the poller paused."""
    page.evaluate("window.simulationPanel.stop()")
    queued = SimulationJob.objects.filter(state="queued").order_by("fixture__round__number", "id")
    for _ in range(1000):
        job = queued.first()
        if job is None:
            break
        simulation_run(job_id=job.pk, worker="browser-test")
    assert not SimulationJob.objects.filter(state__in=SimulationJob.LIVE_STATES).exists()
    page.evaluate("window.simulationPanel.refresh()")


def test_a_commissioner_runs_a_season_from_an_empty_league_to_its_champion(
    page, live_server, monkeypatch
):
    queued: list[int] = []
    # No broker: the test plays the worker.
    monkeypatch.setattr(
        "games.services.job_queue.app.send_task", lambda name, args: queued.append(args)
    )
    commissioners_group()  # As the deployment's set-up makes it.
    User.objects.create_superuser("chief", "chief@example.com", PASSWORD)

    # The superuser invites the commissioner, who chooses a password through his link.
    sign_in(page, "chief")
    page.goto("/admin/auth/user/add/")
    page.get_by_label("Username").fill("morgan")
    page.get_by_label("Email address").fill("morgan@example.com")
    page.get_by_label("Commissioner (admin access)").check()
    page.get_by_role("button", name="Save", exact=True).click()
    link = page.locator(".messagelist a").first.get_attribute("href")
    screenshot(page, "admin-user-invited")

    # ... and creates the league with him as its commissioner.
    page.goto("/admin/league/league/add/")
    page.get_by_label("Name:").fill("Harbour League")
    page.locator(".field-commissioners .select2-selection").click()
    page.locator(".select2-search__field").fill("morgan")
    page.locator(".select2-results__option", has_text="morgan").click()
    page.get_by_role("button", name="Save", exact=True).click()
    page.locator(".messagelist").get_by_text("was added successfully").wait_for()
    league = League.objects.get(name="Harbour League")
    assert list(league.commissioners.values_list("username", flat=True)) == ["morgan"]

    page.context.clear_cookies()
    page.goto(link)
    page.get_by_label("New password:").fill("harbour lights 2026")
    page.get_by_label("Confirm password:").fill("harbour lights 2026")
    page.get_by_role("button", name="Change my password").click()
    page.get_by_text("Your password has been set").wait_for()

    # The commissioner adds a season from his league's page and reviews its settings.
    sign_in(page, "morgan", "harbour lights 2026")
    screenshot(page, "admin-index")
    page.goto(f"/admin/league/league/{league.pk}/change/")
    page.get_by_role("link", name="Add a season").click()
    page.get_by_label("Name:").fill("2026")
    page.get_by_role("button", name="Save", exact=True).click()
    season = Season.objects.get(league=league, name="2026")
    page.get_by_label("Playoff teams:").select_option(label="No playoffs")
    page.get_by_role("button", name="Save and continue editing").click()
    page.locator(".messagelist").get_by_text("was changed successfully").wait_for()

    # Two teams, rolled by the rules; the team's page links its rolls in the dice ledger.
    for name, short in (("Harbour Herons", "HER"), ("Dockside Dragons", "DOC")):
        page.get_by_role("link", name="Add a team").click()
        page.wait_for_url(re.compile(r"/admin/league/team/add/"))
        assert page.get_by_label("Season:").input_value() == str(season.pk)
        page.get_by_label("Name:", exact=True).fill(name)
        page.get_by_label("Short name:").fill(short)
        page.get_by_role("button", name="Save and continue editing").click()
        page.locator(".messagelist").get_by_text("was added successfully").wait_for()
        assert page.locator("input[name$='-name'][name^='players-']").count() == 18
        if short == "HER":
            screenshot(page, "admin-team-rolled")
            page.get_by_role("link", name="every roll of the team in the dice ledger").click()
            page.wait_for_url(re.compile(r"/admin/rosters/diceroll/"))
            assert "36 dice rolls" in page.locator("#changelist-form").inner_text()
        page.goto(f"/admin/league/season/{season.pk}/change/")

    # The schedule, the start, round 1.
    page.get_by_role("link", name="Generate the schedule").click()
    page.get_by_role("heading", name="What will happen").wait_for()
    assert "2 teams: Dockside Dragons, Harbour Herons" in page.content()
    screenshot(page, "admin-confirm-schedule")
    page.get_by_role("button", name=re.compile(r"^Yes, ")).click()
    page.locator(".messagelist").get_by_text("2 rounds scheduled.").wait_for()
    confirm(page, "Start the season", expect="is now active")
    confirm(page, "Open Round 1", expect="Round 1 is open.")

    # Simulate round 1 and watch it: queued at 0 %, then done at 100 % with its score.
    confirm(page, "Simulate Round 1", expect="1 simulation of Round 1 requested, 1 queued now.")
    panel = page.locator("#simulations")
    assert "Queued" in panel.inner_text()
    assert panel.locator("progress").get_attribute("value") == "0"
    assert len(queued) == 1
    screenshot(page, "admin-season-simulation-queued")
    run_queued_jobs(page)
    page.locator("#simulations").get_by_text("Succeeded: 1").wait_for()
    assert page.locator("#simulations progress").get_attribute("value") == "100"
    # The whole control room refreshed: the table shows the game without a page reload.
    assert page.locator(".standings tbody tr td:nth-child(3)").all_inner_texts() == ["1", "1"]
    result = Result.objects.get(fixture__round__number=1, fixture__round__season=season)
    score = f"{result.home_score}–{result.away_score}"
    assert score in page.locator("#simulations").inner_text()
    screenshot(page, "admin-season-simulated")

    # Correct the result so that the team that did not win wins; the table follows.
    fixture = result.fixture
    winner_before = StandingRow.objects.get(season=season, position=1).team
    # The team second in the table wins the corrected game (a level game, even after
    # overtime, left one of them first on a tie-breaker).
    home_wins = winner_before != fixture.home_team
    side, score_field = ("home", "home_score") if home_wins else ("away", "away_score")
    target = (result.away_score if home_wins else result.home_score) + 1
    delta = target - (result.home_score if home_wins else result.away_score)
    team = fixture.home_team if side == "home" else fixture.away_team
    scorer = fixture.lineup.filter(team=team).order_by("id").first().player
    page.goto(f"/admin/league/fixture/{fixture.pk}/change/")
    page.get_by_role("link", name="Correct the result").click()
    points = page.locator(f"input[name='p{scorer.pk}-points']")
    points.fill(str(int(points.input_value() or 0) + delta))
    page.locator(f"input[name='{score_field}']").fill(str(target))
    page.locator(f"input[name='p{scorer.pk}-played']").check()
    screenshot(page, "admin-correct-result")
    page.get_by_role("button", name="Yes, correct the result").click()
    page.locator(".messagelist").get_by_text("everything it caused has been recomputed").wait_for()
    assert "Before and after" in page.content()
    screenshot(page, "admin-result-corrected")
    winner_after = StandingRow.objects.get(season=season, position=1).team
    assert winner_after != winner_before
    page.goto(f"/admin/league/season/{season.pk}/change/")
    first_row = page.locator(".standings tbody tr").first
    assert winner_after.name in first_row.inner_text()

    # The rest of the season: its rounds open, its fixtures are queued and played.
    confirm(page, "Simulate the rest of the season", expect="queued")
    run_queued_jobs(page)
    page.locator("#simulations").get_by_text("Succeeded: 2").wait_for()

    # Close it: the table's leader is champion.
    page.reload()
    confirm(page, "Close the season", expect="is finished")
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert season.champion is not None
    assert f"Champions: {season.champion}" in page.locator(".control-room").inner_text()
    screenshot(page, "admin-season-closed")
