"""Magic Number Eleven's demo league (`./dev run`): six clubs, a finished draft (E-S2), three
rounds played through match day and the reports, the fourth open; idempotent."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from league.models import Fixture, Result, StandingRow
from mn11.data_check import stored_reports_checked
from mn11.demo import LEAGUE_NAME, PLAYED_ROUNDS, TEAMS, demo_league_build
from mn11.models import DraftPick, Lineup, Report
from mn11.selectors import team_stars

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_finished_draft_and_played_rounds_and_builds_once():
    summary = demo_league_build(seed=2026)
    season = summary.season
    assert summary.league.name == LEAGUE_NAME
    assert season.teams.count() == len(TEAMS)
    assert DraftPick.objects.filter(draft__season=season).count() == 3 * len(TEAMS)
    for team in season.teams.all():
        assert len(team_stars(team=team, season=season)) == 3
    played = Fixture.objects.filter(round__season=season, status=Fixture.Status.PLAYED)
    assert played.count() == PLAYED_ROUNDS * len(TEAMS) // 2
    assert Report.objects.filter(result__fixture__round__season=season).count() == played.count()
    assert Lineup.objects.filter(fixture__in=played).count() == 2 * played.count()
    assert season.rounds.get(number=PLAYED_ROUNDS + 1).status == "open"
    assert (
        sum(StandingRow.objects.filter(season=season).values_list("played", flat=True))
        == 2 * played.count()
    )
    results = Result.objects.count()
    again = demo_league_build(seed=2026)
    assert not again.created
    assert Result.objects.count() == results


def test_the_data_check_finds_no_broken_report_in_the_demo():
    """Issue #46: every stored report of the demo names only cards of that side's sealed
    line-up, none suspended or sent off, its goals adding up (mn11_check_reports)."""
    demo_league_build(seed=2026)
    checked = list(stored_reports_checked())
    assert len(checked) == PLAYED_ROUNDS * len(TEAMS) // 2
    assert [line for stored in checked for line in stored.lines()] == []
    out = io.StringIO()
    call_command("mn11_check_reports", stdout=out)
    assert out.getvalue().strip() == f"Stored reports checked: {len(checked)}; breaking a rule: 0."
