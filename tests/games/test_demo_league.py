"""The demo league command: a believable league, built once however often it runs."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from league.models import AuditEntry, Fixture, League, Season, Team
from rosters.models import DiceRoll, Player

pytestmark = pytest.mark.django_db


def _counts() -> dict[str, int]:
    return {
        model.__name__: model.objects.count()
        for model in (League, Season, Team, Player, Fixture, DiceRoll, AuditEntry)
    }


def test_demo_league_builds_eight_named_teams_with_a_coach_each_and_a_schedule():
    out = StringIO()
    call_command("demo_league", stdout=out)
    league = League.objects.get(ruleset="magnoball")
    season = league.seasons.get(format=Season.Format.LEAGUE)
    assert season.status == Season.Status.ACTIVE
    teams = Team.objects.filter(league=league, guest_of__isnull=True)
    assert teams.count() == 8
    assert all(team.coach is not None for team in teams)
    assert not any(name.startswith("Team ") for name in teams.values_list("name", flat=True))
    assert Player.objects.filter(team__in=teams).count() == 8 * 18
    assert season.rounds.count() == 14
    assert Fixture.objects.filter(round__season=season).count() == 56
    assert league.commissioners.filter(username="commissioner").exists()
    assert "commissioner  magnoball-demo" in out.getvalue()
    # A request, as the sign-in pages pass it (django-axes counts failures per address).
    request = RequestFactory().post("/accounts/login/")
    assert authenticate(request, username="dana", password="magnoball-demo") is not None


def test_demo_league_run_twice_changes_nothing():
    call_command("demo_league", stdout=StringIO())
    before = _counts()
    out = StringIO()
    call_command("demo_league", stdout=out)
    assert _counts() == before
    assert out.getvalue().startswith("Already there:")


def test_demo_league_has_a_small_tournament_in_its_group_stage():
    call_command("demo_league", stdout=StringIO())
    cup = Season.objects.get(format=Season.Format.TOURNAMENT, league__ruleset="magnoball")
    assert cup.status == Season.Status.ACTIVE
    assert cup.groups.count() == 2
    assert cup.guest_teams.count() == 1
    assert cup.standings.count() == 6
    played = Fixture.objects.filter(round__season=cup, status=Fixture.Status.PLAYED)
    assert played.count() == 2  # round 1: one game in each group of three
    assert not cup.counts_for_careers
