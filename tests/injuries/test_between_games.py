"""Between games: force-healing once per injury before the team's next game (M-I3), the
injured list and call-ups (M-P9), releases."""

from __future__ import annotations

import pytest

from games.services import PlayerLine, ResultReport, result_record, round_open
from injuries.errors import InjuryError
from injuries.models import ForceHealingAttempt, Injury
from injuries.services import injury_force_heal, player_injured_list_put, player_reactivate
from league.errors import PermissionRefused
from league.models import Fixture
from rosters.errors import RosterError
from rosters.models import DiceRoll, Player
from rosters.services import player_call_up, player_release
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import Position

pytestmark = pytest.mark.django_db


def test_m_i3_force_healing_higher_than_the_d10_heals_fully(world, injured):
    attempt = injury_force_heal(injury=injured, actor=world.away_coach, dice=ScriptedDice([15, 4]))
    assert attempt.succeeded
    injured.refresh_from_db()
    assert injured.state == Injury.State.HEALED
    assert DiceRoll.objects.filter(purpose="force_heal").count() == 2


def test_m_i3_ties_re_roll_and_a_lower_roll_leaves_the_injury(world, injured):
    attempt = injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([6, 6, 2, 9]))
    assert not attempt.succeeded
    assert (attempt.player_result, attempt.healer_result) == (2, 9)
    injured.refresh_from_db()
    assert injured.state == Injury.State.OUT
    assert DiceRoll.objects.filter(purpose="force_heal").count() == 4


def test_m_i3_one_attempt_per_injury(world, injured):
    injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([2, 9]))
    with pytest.raises(InjuryError, match="already had its force-healing"):
        injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([19, 1]))
    assert ForceHealingAttempt.objects.count() == 1


def test_m_i3_too_late_once_the_team_has_played_again(world, injured):
    second = Fixture.objects.get(round__season=world.season, round__number=2)
    round_open(round_=second.round, actor=None)
    second.refresh_from_db()
    goalies = [PlayerLine(t.players.get(shirt_number=11).pk) for t in (world.home, world.away)]
    result_record(fixture=second, report=ResultReport(0, 0, lines=goalies), actor=None)
    with pytest.raises(InjuryError, match="Too late"):
        injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([19, 1]))


def test_m_i3_force_healing_is_for_the_players_coach(world, injured):
    with pytest.raises(PermissionRefused):
        injury_force_heal(injury=injured, actor=world.home_coach, dice=ScriptedDice([19, 1]))


def test_m_i3_force_healing_off_in_the_settings_is_refused(world, injured):
    world.season.rules.force_healing = False
    world.season.rules.save()
    with pytest.raises(InjuryError, match="not used"):
        injury_force_heal(injury=injured, actor=None, dice=ScriptedDice([19, 1]))


def test_m_p9_injured_list_frees_a_spot_for_a_rookie_and_the_player_returns_when_fit(
    world, injured
):
    player = injured.player
    fit = world.away.players.get(shirt_number=2)
    with pytest.raises(InjuryError, match="is fit"):
        player_injured_list_put(player=fit, actor=world.away_coach)
    player_injured_list_put(player=player, actor=world.away_coach)
    rookie = player_call_up(
        team=world.away, name="Young Gun", position=Position.FORWARD, actor=world.away_coach
    )
    with pytest.raises(InjuryError, match="still injured"):
        player_reactivate(player=player, actor=world.away_coach)
    Injury.objects.filter(pk=injured.pk).update(state=Injury.State.SERVED, games_missed=3)
    with pytest.raises(InjuryError, match="release or demote one"):
        player_reactivate(player=player, actor=world.away_coach)
    player_release(player=rookie, actor=world.away_coach)
    assert player_reactivate(player=player, actor=world.away_coach).roster_state == "active"
    with pytest.raises(RosterError, match="no longer on the team"):
        player_release(player=rookie, actor=world.away_coach)
    assert Player.objects.filter(team=world.away, roster_state="active").count() == 18
