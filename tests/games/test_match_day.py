"""Match day: opening a round rolls the inspections (M-E2), the opposing coach decides each
detection, and a pending decision blocks the fixture."""

from __future__ import annotations

import pytest

from games.errors import GamesError
from games.models import Inspection
from games.services import fixture_team_sheets, inspection_decide, round_open
from league.errors import PermissionRefused
from league.models import Fixture, Round, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import DiceRoll, Enhancement
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind

pytestmark = pytest.mark.django_db


@pytest.fixture
def scheduled(world):
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    first = Round.objects.get(season=world.season, number=1)
    fixture = first.fixtures.get()
    home = fixture.home_team
    forward = home.players.get(shirt_number=1)
    goalie = home.players.get(shirt_number=11)
    coil = Enhancement.objects.create(player=forward, kind=EnhancementKind.EM_COIL)
    field = Enhancement.objects.create(player=goalie, kind=EnhancementKind.DEFLECTOR_FIELD)
    return first, fixture, coil, field


def test_m_e2_opening_a_round_inspects_each_enhancement_and_ledgers_the_rolls(scheduled):
    first, fixture, coil, field = scheduled
    # Enhancements are inspected in (player, kind) order: the coil is detected (3 < 8),
    # the deflector field is not (a tie does not detect).
    round_open(round_=first, actor=None, dice=ScriptedDice([3, 8, 5, 5]))
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.INSPECTIONS
    decisions = dict(Inspection.objects.values_list("enhancement_id", "decision"))
    assert decisions == {coil.pk: "pending", field.pk: "undetected"}
    rolls = DiceRoll.objects.filter(fixture=fixture, purpose="inspection")
    assert rolls.count() == 4
    assert rolls.filter(player=coil.player).count() == 2


def test_m_e2_one_inspection_per_player_and_a_detection_reveals_all_his_enhancements(scheduled):
    """M-E2: a player with two enhancements is inspected once (one pair of d10s in the
    ledger); the detection reveals both, each awaiting its own decision."""
    first, fixture, coil, field = scheduled
    magnet = Enhancement.objects.create(player=coil.player, kind=EnhancementKind.PULSE_MAGNET)
    # The forward (coil and magnet) is detected (3 < 8), the goalie (field) is not (5 = 5).
    round_open(round_=first, actor=None, dice=ScriptedDice([3, 8, 5, 5]))
    inspections = {i.enhancement_id: i for i in Inspection.objects.filter(fixture=fixture)}
    assert {k: i.decision for k, i in inspections.items()} == {
        coil.pk: "pending",
        magnet.pk: "pending",
        field.pk: "undetected",
    }
    assert {(i.owner_roll, i.inspector_roll) for k, i in inspections.items() if k != field.pk} == {
        (3, 8)
    }
    rolls = DiceRoll.objects.filter(fixture=fixture, purpose="inspection")
    assert rolls.count() == 4
    assert rolls.filter(player=coil.player).count() == 2
    # Both detections must be decided before the match.
    opponent = fixture.away_team.coach
    inspection_decide(inspection=inspections[coil.pk], allow=True, actor=opponent)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.INSPECTIONS
    inspection_decide(inspection=inspections[magnet.pk], allow=False, actor=opponent)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY


def test_a_round_without_detections_is_ready_to_play(scheduled):
    first, fixture, *_ = scheduled
    round_open(round_=first, actor=None, dice=ScriptedDice([8, 3, 9, 1]))
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    assert Round.objects.get(pk=first.pk).status == Round.Status.OPEN


def test_a_round_opens_once_in_order_and_only_in_a_running_season(world, scheduled):
    first, *_ = scheduled
    second = Round.objects.get(season=world.season, number=2)
    with pytest.raises(GamesError, match="open the earlier rounds first"):
        round_open(round_=second, actor=None)
    round_open(round_=first, actor=None, dice=ScriptedDice([1, 1, 1, 1]))
    with pytest.raises(GamesError, match="already open"):
        round_open(round_=first, actor=None)


def test_only_a_commissioner_opens_a_round(world, scheduled):
    first, *_ = scheduled
    with pytest.raises(PermissionRefused):
        round_open(round_=first, actor=world.home_coach)
    round_open(round_=first, actor=world.commissioner, dice=ScriptedDice([1, 1, 1, 1]))


def _detected(scheduled):
    first, fixture, coil, _ = scheduled
    round_open(round_=first, actor=None, dice=ScriptedDice([3, 8, 5, 5]))
    return fixture, Inspection.objects.get(enhancement=coil)


def test_m_e2_the_opposing_coach_bans_a_detection_and_the_enhancement_is_dropped(world, scheduled):
    fixture, inspection = _detected(scheduled)
    opponent = fixture.away_team.coach
    decided = inspection_decide(inspection=inspection, allow=False, actor=opponent)
    assert decided.decision == Inspection.Decision.BANNED
    coil = Enhancement.objects.get(pk=inspection.enhancement_id)
    assert coil.removal == Enhancement.Removal.BANNED
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    home, _, _ = fixture_team_sheets(fixture=fixture)
    assert all(not p.enhancements for p in home.players if p.key == str(coil.player_id))


def test_m_e2_when_every_enhancement_is_banned_no_player_takes_one_onto_the_field(scheduled):
    first, fixture, coil, field = scheduled
    # Both detected (3 < 8) and both banned: no enhancement passed this fixture's inspection,
    # so the sheets carry none, though both were fitted when the round opened.
    round_open(round_=first, actor=None, dice=ScriptedDice([3, 8, 3, 8]))
    for inspection in Inspection.objects.filter(fixture=fixture):
        inspection_decide(inspection=inspection, allow=False, actor=None)
    banned = Enhancement.objects.filter(removal=Enhancement.Removal.BANNED)
    assert sorted(banned.values_list("pk", flat=True)) == sorted([coil.pk, field.pk])
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    home, away, _ = fixture_team_sheets(fixture=fixture)
    assert not [p.key for p in (*home.players, *away.players) if p.enhancements]


def test_m_e2_an_allowed_enhancement_is_used_in_this_match(scheduled):
    fixture, inspection = _detected(scheduled)
    inspection_decide(inspection=inspection, allow=True, actor=None)
    home, _, _ = fixture_team_sheets(fixture=fixture)
    player = next(p for p in home.players if p.key == str(inspection.enhancement.player_id))
    assert EnhancementKind.EM_COIL in player.enhancements


def test_the_owning_coach_cannot_decide_his_own_detection_nor_decide_twice(world, scheduled):
    fixture, inspection = _detected(scheduled)
    with pytest.raises(PermissionRefused, match="Only the coach of"):
        inspection_decide(inspection=inspection, allow=True, actor=fixture.home_team.coach)
    inspection_decide(inspection=inspection, allow=True, actor=world.commissioner)
    with pytest.raises(GamesError, match="already decided"):
        inspection_decide(inspection=inspection, allow=False, actor=world.commissioner)


def test_an_enhancement_fitted_after_the_inspection_is_not_used(scheduled):
    first, fixture, *_ = scheduled
    round_open(round_=first, actor=None, dice=ScriptedDice([8, 3, 9, 1]))
    wingback = fixture.home_team.players.get(shirt_number=3)
    Enhancement.objects.create(player=wingback, kind=EnhancementKind.MYOMER_ACTUATORS)
    home, _, _ = fixture_team_sheets(fixture=fixture)
    assert not next(p for p in home.players if p.key == str(wingback.pk)).enhancements
