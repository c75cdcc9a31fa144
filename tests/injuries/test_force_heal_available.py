"""M-I3's "force-healing still possible" is one rule: the service that rolls, the roster
badge and the coach's to-do list all read injuries.selectors.force_heal_available or its
queryset form, so they cannot disagree."""

from __future__ import annotations

import pytest

from games.services import PlayerLine, ResultReport, result_record, round_open
from injuries.errors import InjuryError
from injuries.models import Injury
from injuries.selectors import force_heal_available, open_injuries
from injuries.services import injury_force_heal
from league.models import Fixture
from league.selectors.coaching import coach_teams
from rules.magnoball.dice import ScriptedDice

pytestmark = pytest.mark.django_db


def _everywhere(world, injury: Injury) -> tuple[bool, bool, bool]:
    """(the one rule, the roster's view, a to-do item on the coach's home)."""
    roster = open_injuries(player_ids=[injury.player_id])
    (mine,) = [t for t in coach_teams(user=world.away_coach) if t.team == world.away]
    todo = any(item.kind == "heal" and item.url_args == (injury.pk,) for item in mine.todos)
    listed = injury.player_id in roster and roster[injury.player_id].force_healing_open
    return force_heal_available(injury=injury), listed, todo


def test_a_fresh_injury_may_be_force_healed_everywhere(world, injured):
    assert _everywhere(world, injured) == (True, True, True)


def test_after_the_attempt_no_page_offers_it_again(world, injured):
    injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([2, 9]))
    assert _everywhere(world, injured) == (False, False, False)


def test_once_the_team_has_played_again_the_service_and_the_pages_agree_it_is_too_late(
    world, injured
):
    second = Fixture.objects.get(round__season=world.season, round__number=2)
    round_open(round_=second.round, actor=None)
    second.refresh_from_db()
    goalies = [PlayerLine(t.players.get(shirt_number=11).pk) for t in (world.home, world.away)]
    result_record(fixture=second, report=ResultReport(0, 0, lines=goalies), actor=None)
    assert _everywhere(world, injured) == (False, False, False)
    with pytest.raises(InjuryError, match="Too late"):
        injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([19, 1]))


def test_a_healed_injury_is_not_offered(world, injured):
    injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([15, 4]))
    injured.refresh_from_db()
    assert injured.state == Injury.State.HEALED
    assert not force_heal_available(injury=injured)


def test_an_injury_without_a_match_is_never_too_late(world):
    player = world.away.players.get(shirt_number=2)
    injury = Injury.objects.create(
        player=player, season=world.season, duration_die="d6", duration_roll=4, games_out=2
    )
    assert force_heal_available(injury=injury)
    injury_force_heal(injury=injury, actor=None, dice=ScriptedDice([15, 4]))


def test_a_season_without_force_healing_offers_it_nowhere_on_the_pages(world, injured):
    world.season.rules.force_healing = False
    world.season.rules.save()
    assert not open_injuries(player_ids=[injured.player_id], force_healing=False)[
        injured.player_id
    ].force_healing_open
    _, _, todo = _everywhere(world, injured)
    assert not todo
