"""The roster edits the coach's pages call: rename, swap strings within a position, fit and
remove enhancements (M-E1). Each is audited and refused with a clear message."""

from __future__ import annotations

import pytest

from league.errors import PermissionRefused
from league.models import AuditEntry
from rosters.errors import RosterError
from rosters.models import Enhancement, Player
from rosters.services import (
    enhancement_fit,
    enhancement_remove,
    player_rename,
    player_swap_string,
)
from rules.magnoball.vocabulary import EnhancementKind, Position

pytestmark = pytest.mark.django_db


def _first(team, position: Position, string: str = "first") -> Player:
    return team.players.filter(position=position, string=string).order_by("id").first()


def test_coach_renames_his_player_and_the_audit_keeps_both_names(world):
    player = world.home.players.first()
    old = player.name

    player_rename(player=player, name="  Ada   Swift ", actor=world.home_coach)

    player.refresh_from_db()
    assert player.name == "Ada Swift"
    entry = AuditEntry.objects.get(action="player.rename")
    assert (entry.before, entry.after) == ({"name": old}, {"name": "Ada Swift"})


def test_a_name_taken_in_the_team_is_refused_beside_the_name_field(world):
    one, two = world.home.players.all()[:2]
    with pytest.raises(RosterError) as refused:
        player_rename(player=one, name=two.name, actor=world.home_coach)
    assert refused.value.fields == {"name": f"{world.home} already has a player called {two}."}


def test_a_blank_name_is_refused(world):
    with pytest.raises(RosterError, match="needs a name"):
        player_rename(player=world.home.players.first(), name="   ", actor=world.home_coach)


@pytest.mark.parametrize("who", ["away_coach", "outsider"])
def test_only_his_coach_or_a_commissioner_renames_a_player(world, who):
    player = world.home.players.first()
    with pytest.raises(PermissionRefused, match="Only the coach of Home Hammers"):
        player_rename(player=player, name="Nope", actor=getattr(world, who))
    player_rename(player=player, name="By The Commissioner", actor=world.commissioner)


def test_swapping_strings_within_a_position_swaps_both(world):
    starter = _first(world.home, Position.HALFBACK)
    reserve = _first(world.home, Position.HALFBACK, "second")

    player_swap_string(player=starter, other=reserve, actor=world.home_coach)

    starter.refresh_from_db()
    reserve.refresh_from_db()
    assert (starter.string, reserve.string) == ("second", "first")
    assert AuditEntry.objects.filter(action="player.swap_string").count() == 1


def test_swapping_across_positions_is_refused(world):
    with pytest.raises(RosterError, match="within a position"):
        player_swap_string(
            player=_first(world.home, Position.HALFBACK),
            other=_first(world.home, Position.GOALIE, "second"),
            actor=world.home_coach,
        )


def test_swapping_two_first_stringers_is_refused(world):
    one, two = world.home.players.filter(position=Position.FORWARD, string="first")[:2]
    with pytest.raises(RosterError, match="both first string"):
        player_swap_string(player=one, other=two, actor=world.home_coach)


def test_swapping_with_another_teams_player_is_refused(world):
    with pytest.raises(RosterError, match="different teams"):
        player_swap_string(
            player=_first(world.home, Position.HALFBACK),
            other=_first(world.away, Position.HALFBACK, "second"),
            actor=world.home_coach,
        )


def test_fitting_and_removing_an_enhancement_is_audited(world):
    player = _first(world.home, Position.FORWARD)

    enhancement = enhancement_fit(
        player=player, kind=EnhancementKind.PULSE_MAGNET, actor=world.home_coach
    )
    removed = enhancement_remove(enhancement=enhancement, actor=world.home_coach)

    assert removed.removal == Enhancement.Removal.REMOVED
    assert removed.removed_at is not None
    assert {e.action for e in AuditEntry.objects.filter(action__startswith="enhancement.")} == {
        "enhancement.fit",
        "enhancement.remove",
    }


def test_deflector_field_is_for_goalies_only(world):
    with pytest.raises(RosterError, match="Goalie only"):
        enhancement_fit(
            player=_first(world.home, Position.FORWARD),
            kind=EnhancementKind.DEFLECTOR_FIELD,
            actor=world.home_coach,
        )
    enhancement_fit(
        player=_first(world.home, Position.GOALIE),
        kind=EnhancementKind.DEFLECTOR_FIELD,
        actor=world.home_coach,
    )


def test_one_enhancement_of_each_kind(world):
    player = _first(world.home, Position.FORWARD)
    enhancement_fit(player=player, kind=EnhancementKind.EM_COIL, actor=world.home_coach)
    with pytest.raises(RosterError, match="already carries EM Coil"):
        enhancement_fit(player=player, kind=EnhancementKind.EM_COIL, actor=world.home_coach)


def test_no_enhancements_in_a_season_without_them(world):
    world.season.rules.enhancements = False
    world.season.rules.save()
    with pytest.raises(RosterError, match="does not use enhancements"):
        enhancement_fit(
            player=_first(world.home, Position.FORWARD),
            kind=EnhancementKind.EM_COIL,
            actor=world.home_coach,
        )


def test_a_removed_enhancement_cannot_be_removed_again(world):
    enhancement = enhancement_fit(
        player=_first(world.home, Position.FORWARD),
        kind=EnhancementKind.EM_COIL,
        actor=world.home_coach,
    )
    enhancement_remove(enhancement=enhancement, actor=world.home_coach)
    with pytest.raises(RosterError, match="no longer on"):
        enhancement_remove(enhancement=enhancement, actor=world.home_coach)


@pytest.mark.parametrize("who", ["away_coach", "outsider"])
def test_only_his_coach_or_a_commissioner_fits_or_removes(world, who):
    player = _first(world.home, Position.FORWARD)
    with pytest.raises(PermissionRefused):
        enhancement_fit(player=player, kind=EnhancementKind.EM_COIL, actor=getattr(world, who))
    enhancement = enhancement_fit(
        player=player, kind=EnhancementKind.EM_COIL, actor=world.commissioner
    )
    with pytest.raises(PermissionRefused):
        enhancement_remove(enhancement=enhancement, actor=getattr(world, who))
