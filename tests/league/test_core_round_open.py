"""Opening a round for any game (league/services/rounds.py): a game with no match day of its own has
its rounds opened by the core (commissioners only, in order, while the season runs; every
fixture ready; audited); MagnoBall's ruleset opens its own by its match day (inspections),
through the same service."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from games.errors import GamesError
from league.capabilities import capability
from league.capabilities.admin_season import SeasonAdminParts
from league.errors import LeagueError, PermissionRefused
from league.models import AuditEntry, Fixture, Round, Season
from league.rulesets import ruleset_for
from league.services.leagues import league_create
from league.services.rounds import round_next_to_open, round_open, round_open_refusal
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create
from tests.league.test_core_play_without_a_game import Skeleton, skeleton  # noqa: F401
from tests.world import World, make_commissioner

pytestmark = pytest.mark.django_db


def _scheduled(commissioner: User) -> Season:
    league = league_create(
        name="Bare League", actor=None, ruleset="skeleton", commissioners=[commissioner]
    )
    season = season_create(league=league, name="Bare 2026", actor=None, double_round_robin=False)
    for name in ("Ash", "Birch", "Cedar", "Dune"):
        team_create(season=season, name=name, short_name=name[:3], actor=None)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    return season


def test_a_round_of_a_game_without_a_match_day_opens_with_every_fixture_ready(
    skeleton: Skeleton,  # noqa: F811
):
    commissioner = make_commissioner("bare_commissioner")
    season = _scheduled(commissioner)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    first = round_next_to_open(season=season)
    assert first is not None
    assert first.number == 1
    game = capability(ruleset_for(season.league), SeasonAdminParts)
    assert game.round_open(round_=first, actor=commissioner) is None

    opened = round_open(round_=first, actor=commissioner)

    assert opened.status == Round.Status.OPEN
    assert opened.opened_at is not None
    assert set(opened.fixtures.values_list("status", flat=True)) == {Fixture.Status.READY}
    entry = AuditEntry.objects.get(action="round.open", object_id=str(opened.pk))
    assert entry.actor == commissioner
    assert round_next_to_open(season=season).number == 2


def test_a_core_round_opens_only_for_a_commissioner_in_order_while_the_season_runs(
    skeleton: Skeleton,  # noqa: F811
):
    commissioner = make_commissioner("bare_commissioner")
    season = _scheduled(commissioner)
    first = Round.objects.get(season=season, number=1)
    second = Round.objects.get(season=season, number=2)

    refusal = round_open_refusal(round_=first)
    assert refusal is not None
    assert refusal.code == "season_not_running"
    with pytest.raises(LeagueError) as draft:
        round_open(round_=first, actor=commissioner)
    assert draft.value.code == "season_not_running"

    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    with pytest.raises(LeagueError) as early:
        round_open(round_=second, actor=commissioner)
    assert early.value.code == "earlier_round_closed"
    outsider = User.objects.create_user("outsider")
    with pytest.raises(PermissionRefused):
        round_open(round_=first, actor=outsider)
    assert not AuditEntry.objects.filter(action="round.open").exists()

    round_open(round_=first, actor=commissioner)
    with pytest.raises(LeagueError) as twice:
        round_open(round_=first, actor=commissioner)
    assert twice.value.code == "round_open"
    assert AuditEntry.objects.filter(action="round.open").count() == 1


def test_the_core_service_opens_a_magnoball_round_by_its_match_day(world: World):
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    later = Round.objects.get(season=world.season, number=2)
    with pytest.raises(GamesError) as draft:
        round_open(round_=later, actor=None)  # MagnoBall's refusal, its own error class
    assert draft.value.code == "season_not_running"
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    first = Round.objects.get(season=world.season, number=1)

    opened = round_open(round_=first, actor=world.commissioner)

    assert opened.status == Round.Status.OPEN
    # Match day ran: the fixture is ready or waits for its inspections, never scheduled.
    statuses = set(opened.fixtures.values_list("status", flat=True))
    assert statuses <= {Fixture.Status.READY, Fixture.Status.INSPECTIONS}
    assert AuditEntry.objects.filter(action="round.open", object_id=str(first.pk)).count() == 1
