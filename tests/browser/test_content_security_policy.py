"""In Chromium: every main page, the admin's and the API docs included, runs under the
Content-Security-Policy without a single violation (issue 11, attack 7). A violation is
caught both ways Chromium reports it: the `securitypolicyviolation` event and the console."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.demo import ADMIN_PASSWORD, demo_league_build
from games.models import SimulationJob
from league.demo import DEMO_PASSWORD
from league.models import Fixture, Round, Season
from rosters.models import PlayerSeason

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile}:${event.lineNumber}`);
});
"""


@pytest.fixture
def demo():
    """The demo league (two rounds played, round 3 open) and one of round 3's fixtures waiting for
    a simulation, so the pages show their charts, replays, polling panels and forms."""
    summary = demo_league_build()
    round_3 = Round.objects.get(season=summary.season, number=3)  # the demo leaves it open
    waiting = Fixture.objects.filter(round=round_3).order_by("pk")[0]
    SimulationJob.objects.create(fixture=waiting, state=SimulationJob.State.QUEUED, seed=1)
    played = Fixture.objects.filter(round__season=summary.season, round__number=1).first()
    ready = Fixture.objects.filter(round=round_3, status=Fixture.Status.READY).first()
    scorer = PlayerSeason.objects.filter(season=summary.season).order_by("-points").first()
    return summary, played, waiting, ready, scorer.player


def sign_in(page, username: str, password: str, path: str = "/accounts/login/") -> None:
    page.goto(path)
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.locator("[type=submit]").click()
    page.wait_for_load_state()


def visit_all(page, paths: list[str]) -> list[str]:
    """Visit each path; return every violation, each with the page it happened on."""
    console: list[str] = []
    page.on(
        "console",
        lambda message: (
            console.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    violations = []
    for path in paths:
        response = page.goto(path)
        assert response is not None
        assert response.status < 400, path
        assert "script-src 'self'" in (response.header_value("content-security-policy") or "")
        page.wait_for_load_state("networkidle")
        found = page.evaluate("window.__cspViolations")
        violations += [f"{path}: {violation}" for violation in found]
    return violations + console


def test_no_page_logs_a_csp_violation(browser, live_server, demo):
    summary, played, waiting, ready, scorer = demo
    league, season = summary.league, summary.season
    cup = league.seasons.get(format=Season.Format.TOURNAMENT)  # the demo's Winter Cup
    context = browser.new_context(base_url=live_server.url)
    context.add_init_script(LISTEN)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        public = [
            "/",
            reverse("league", args=[league.slug]),
            reverse("season", args=[league.slug, season.slug]),
            reverse("standings", args=[league.slug, season.slug]),
            reverse("fixtures", args=[league.slug, season.slug]),
            reverse("leaders", args=[league.slug, season.slug]),
            reverse("tournament-groups", args=[league.slug, cup.slug]),
            reverse("tournament-bracket", args=[league.slug, cup.slug]),
            reverse("team", args=[played.home_team_id]),
            reverse("player", args=[scorer.pk]),
            reverse("fixture", args=[played.pk]),
            reverse("fixture", args=[waiting.pk]),
            "/api/v1/docs/",
            "/accounts/login/",
        ]
        violations = visit_all(page, public)
        coach = ready.home_team.coach.username
        sign_in(page, coach, DEMO_PASSWORD)
        violations += visit_all(
            page,
            [reverse("my-teams"), reverse("fixture-report", args=[ready.pk]), "/account/tokens/"],
        )
        page.context.clear_cookies()
        sign_in(page, "admin", ADMIN_PASSWORD, path="/admin/login/")
        violations += visit_all(
            page,
            [
                "/admin/",
                f"/admin/league/season/{season.pk}/change/",
                f"/admin/league/season/{cup.pk}/change/",
                f"/admin/league/fixture/{ready.pk}/step/record/",
                f"/admin/league/fixture/{waiting.pk}/change/",
                "/admin/auth/user/add/",
                "/admin/league/auditentry/",
                "/admin/league/team/",
            ],
        )
    finally:
        context.close()

    assert violations == []
