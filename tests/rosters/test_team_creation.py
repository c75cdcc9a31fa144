"""Team creation by the rules: M-P2 roster, M-P4 status rolls, M-P8 Superstars, M-D8 ledger."""

from __future__ import annotations

from collections import Counter

import pytest

from league.models import AuditEntry, StandingRow
from league.services.seasons import season_update_rules
from rosters.errors import RosterError
from rosters.models import DiceRoll, Player
from rosters.services import team_create
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import Position, Status

pytestmark = pytest.mark.django_db

PRO, NOT_STAR = 5, 1


def scripted(status_faces: list[int], star_faces: list[int]) -> ScriptedDice:
    """Interleave the 18 status and 18 Superstar faces in the order the rules roll them."""
    faces = [face for pair in zip(status_faces, star_faces, strict=True) for face in pair]
    return ScriptedDice(faces)


def test_m_p2_new_team_has_eighteen_players_eleven_first_string_seven_second(world):
    players = Player.objects.filter(team=world.home)
    assert players.count() == 18
    first = Counter(p.position for p in players if p.string == Player.String.FIRST)
    second = Counter(p.position for p in players if p.string == Player.String.SECOND)
    assert sum(first.values()) == 11
    assert first == {
        Position.FORWARD: 2,
        Position.WINGBACK: 2,
        Position.HALFBACK: 2,
        Position.FULLBACK: 2,
        Position.MAULER: 1,
        Position.HEAVY_MAULER: 1,
        Position.GOALIE: 1,
    }
    assert second == dict.fromkeys(Position, 1)


def test_m_p4_status_die_of_12_makes_a_veteran_and_1_or_2_a_rookie(world):
    status_faces = [12, 1, 2, *[PRO] * 15]
    dice = scripted(status_faces, [NOT_STAR] * 18)
    team = team_create(season=world.season, name="Rollers", short_name="ROL", actor=None, dice=dice)
    statuses = list(
        Player.objects.filter(team=team).order_by("shirt_number").values_list("status", flat=True)
    )
    assert statuses[:3] == [Status.VETERAN, Status.ROOKIE, Status.ROOKIE]
    assert set(statuses[3:]) == {Status.PRO}
    assert dice.exhausted


def test_m_p8_a_fourth_superstar_twelve_is_ignored_but_recorded(world):
    star_faces = [12, 12, 12, 12, *[NOT_STAR] * 14]
    dice = scripted([PRO] * 18, star_faces)
    team = team_create(season=world.season, name="Stars", short_name="STA", actor=None, dice=dice)
    stars = Player.objects.filter(team=team, superstar=True).order_by("shirt_number")
    assert [p.shirt_number for p in stars] == [1, 2, 3]
    fourth = DiceRoll.objects.get(team=team, purpose="superstar", player__shirt_number=4)
    assert fourth.result == 12
    assert "ignored" in fourth.detail


def test_m_d8_every_creation_roll_is_in_the_ledger_with_its_player(world):
    dice = scripted([3, *[PRO] * 17], [7, *[NOT_STAR] * 17])
    team = team_create(season=world.season, name="Ledgers", short_name="LED", actor=None, dice=dice)
    rolls = DiceRoll.objects.filter(team=team).order_by("sequence")
    assert rolls.count() == 36
    assert Counter(rolls.values_list("purpose", flat=True)) == {"status": 18, "superstar": 18}
    first = rolls[0]
    assert (first.die, first.faces, first.result, first.purpose) == ("d12", [3], 3, "status")
    assert first.player.shirt_number == 1
    assert first.season == world.season
    assert first.league == world.league
    assert rolls.filter(player__isnull=True).count() == 0


def test_team_creation_without_status_or_superstar_rolls_makes_pros_and_rolls_nothing(world):
    season_update_rules(
        season=world.season,
        changes={"status_roll": False, "superstars": False},
        actor=world.commissioner,
    )
    world.season.rules.refresh_from_db()
    team = team_create(
        season=world.season, name="Plain", short_name="PLA", actor=None, dice=ScriptedDice([])
    )
    assert set(Player.objects.filter(team=team).values_list("status", flat=True)) == {Status.PRO}
    assert not DiceRoll.objects.filter(team=team).exists()


def test_new_team_enters_the_season_and_is_audited(world):
    assert StandingRow.objects.filter(season=world.season, team=world.home).exists()
    entry = AuditEntry.objects.get(action="team.create", object_id=str(world.home.pk))
    assert entry.actor == world.commissioner
    assert len(entry.after["players"]) == 18


def test_player_names_must_be_eighteen_distinct_names(world):
    with pytest.raises(RosterError, match="18 distinct"):
        team_create(
            season=world.season,
            name="Few",
            short_name="FEW",
            actor=None,
            roster_names=["Solo Player"] * 18,
        )
    assert not Player.objects.filter(team__name="Few").exists()


def test_given_player_names_are_used_in_roster_order(world):
    names = [f"Player {letter}" for letter in "ABCDEFGHIJKLMNOPQR"]
    team = team_create(
        season=world.season, name="Named", short_name="NAM", actor=None, roster_names=names
    )
    assert (
        list(
            Player.objects.filter(team=team).order_by("shirt_number").values_list("name", flat=True)
        )
        == names
    )
