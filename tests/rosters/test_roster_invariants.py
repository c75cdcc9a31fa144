"""Roster invariants: unique names, enhancements, the roster of 18 (M-P9), action picks
(M-P6, M-P8) and the append-only dice ledger (M-D8)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from rosters.errors import RosterError
from rosters.models import DiceRoll, Enhancement, Player
from rosters.services import player_call_up, player_pick_actions
from rules.magnoball.vocabulary import EnhancementKind, Position, Status

pytestmark = pytest.mark.django_db


def test_player_names_are_unique_within_a_team(world):
    away_names = set(world.away.players.values_list("name", flat=True))
    taken = next(p.name for p in world.home.players.all() if p.name not in away_names)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(team=world.home, name=taken, position=Position.FORWARD)
    # Another team may use the name.
    Player.objects.create(team=world.away, name=taken, position=Position.FORWARD)


def test_a_player_carries_at_most_one_enhancement_of_each_kind(world):
    player = world.home.players.first()
    Enhancement.objects.create(player=player, kind=EnhancementKind.PULSE_MAGNET)
    with pytest.raises(IntegrityError), transaction.atomic():
        Enhancement.objects.create(player=player, kind=EnhancementKind.PULSE_MAGNET)


def test_a_removed_enhancement_can_be_fitted_again(world):
    player = world.home.players.first()
    removed = Enhancement.objects.create(
        player=player,
        kind=EnhancementKind.EM_COIL,
        removed_at=timezone.now(),
        removal=Enhancement.Removal.REMOVED,
    )
    # The one-of-each-kind constraint counts fitted enhancements only: this insert passes.
    fitted = Enhancement.objects.create(player=player, kind=EnhancementKind.EM_COIL)
    coils = Enhancement.objects.filter(player=player, kind=EnhancementKind.EM_COIL)
    assert set(coils) == {removed, fitted}
    assert list(coils.filter(removed_at__isnull=True)) == [fitted]


def test_a_removed_enhancement_must_say_why(world):
    player = world.home.players.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Enhancement.objects.create(
            player=player, kind=EnhancementKind.EM_COIL, removed_at=timezone.now()
        )


def test_m_p9_call_up_refused_while_the_active_roster_holds_eighteen(world):
    with pytest.raises(RosterError, match="already has 18 active players"):
        player_call_up(
            team=world.home, name="New Kid", position=Position.FORWARD, actor=world.home_coach
        )
    assert world.home.players.count() == 18


def test_m_p9_call_up_fills_a_free_spot_with_a_rookie(world):
    injured = world.home.players.get(shirt_number=1)
    injured.roster_state = Player.RosterState.INJURED_LIST
    injured.save(update_fields=["roster_state"])
    rookie = player_call_up(
        team=world.home, name="New Kid", position=Position.FORWARD, actor=world.home_coach
    )
    assert (rookie.status, rookie.called_up, rookie.string) == (Status.ROOKIE, True, "second")
    with pytest.raises(RosterError, match="already has 18"):
        player_call_up(
            team=world.home, name="Another Kid", position=Position.GOALIE, actor=world.home_coach
        )


def test_call_up_refuses_a_name_already_on_the_team(world):
    world.home.players.filter(shirt_number=1).update(roster_state=Player.RosterState.RETIRED)
    taken = world.home.players.get(shirt_number=2).name
    with pytest.raises(RosterError, match="already has a player called"):
        player_call_up(team=world.home, name=taken, position=Position.FORWARD, actor=None)


def _make(player: Player, **changes: object) -> Player:
    for name, value in changes.items():
        setattr(player, name, value)
    player.save()
    return player


def test_m_p6_veteran_picks_two_allowed_actions_once(world):
    goalie = _make(world.home.players.get(shirt_number=11), status=Status.VETERAN)
    with pytest.raises(RosterError, match="not allowed"):
        player_pick_actions(
            player=goalie, kind="veteran", actions=["saves", "scoring"], actor=world.home_coach
        )
    with pytest.raises(RosterError, match="two different"):
        player_pick_actions(
            player=goalie, kind="veteran", actions=["saves", "saves"], actor=world.home_coach
        )
    assert player_pick_actions(
        player=goalie, kind="veteran", actions=["saves", "tackles"], actor=world.home_coach
    ).veteran_actions == ["saves", "tackles"]
    forward = _make(world.home.players.get(shirt_number=1), status=Status.VETERAN)
    picked = player_pick_actions(
        player=forward, kind="veteran", actions=["scoring", "face_offs"], actor=world.home_coach
    )
    assert picked.veteran_actions == ["scoring", "face_offs"]
    with pytest.raises(RosterError, match="cannot change"):
        player_pick_actions(
            player=forward, kind="veteran", actions=["passing", "striking"], actor=world.home_coach
        )


def test_m_p8_superstar_picks_any_two_actions_but_only_a_superstar_may(world):
    mauler = _make(world.home.players.get(shirt_number=9), superstar=False)
    with pytest.raises(RosterError, match="not a Superstar"):
        player_pick_actions(
            player=mauler, kind="superstar", actions=["scoring", "movement"], actor=None
        )
    mauler = _make(mauler, superstar=True)
    picked = player_pick_actions(
        player=mauler, kind="superstar", actions=["scoring", "movement"], actor=None
    )
    assert picked.superstar_actions == ["scoring", "movement"]


def test_m_d8_dice_ledger_refuses_changes_in_python(world):
    roll = DiceRoll.objects.filter(team=world.home).first()
    roll.result = 99
    with pytest.raises(ValidationError):
        roll.save()
    with pytest.raises(ValidationError):
        roll.delete()
    with pytest.raises(ValidationError):
        DiceRoll.objects.filter(pk=roll.pk).update(result=1)


def test_m_d8_dice_ledger_refuses_changes_in_the_database(world):
    roll = DiceRoll.objects.filter(team=world.home).first()
    with (
        pytest.raises(Exception, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE rosters_diceroll SET result = 99 WHERE id = %s", [roll.pk])
    roll.refresh_from_db()
    assert roll.result <= 12


def test_m_p9_only_the_teams_coach_or_a_commissioner_calls_up_a_rookie(world):
    from league.errors import PermissionRefused

    world.home.players.filter(shirt_number=1).update(roster_state=Player.RosterState.RELEASED)
    with pytest.raises(PermissionRefused):
        player_call_up(
            team=world.home, name="Gate Crasher", position=Position.FORWARD, actor=world.away_coach
        )
    assert player_call_up(
        team=world.home, name="New Kid", position=Position.FORWARD, actor=world.commissioner
    ).called_up
