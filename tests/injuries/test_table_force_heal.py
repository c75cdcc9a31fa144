"""Force-healing (M-I3) and team creation (M-P4, M-P8) with table dice: the coach's faces,
checked against the dice the rule rolls, in the ledger as entered by their user."""

from __future__ import annotations

import pytest

from injuries.errors import InjuryError
from injuries.models import ForceHealingAttempt, Injury
from injuries.services import injury_force_heal
from league.errors import DomainError, PermissionRefused
from rosters.errors import RosterError
from rosters.models import DiceRoll
from rosters.services import team_create
from rules.magnoball.vocabulary import Status

pytestmark = pytest.mark.django_db


@pytest.fixture
def injured(injured: Injury, world) -> Injury:
    """The injured away Forward, in a season whose coaches roll force-healing."""
    world.season.rules.coaches_roll_force_healing = True
    world.season.rules.save(update_fields=["coaches_roll_force_healing"])
    return injured


def test_m_i3_entered_faces_heal_and_are_ledgered_as_entered(world, injured):
    attempt = injury_force_heal(injury=injured, actor=world.commissioner, faces=[12, 4])
    assert (attempt.succeeded, attempt.player_result, attempt.healer_result) == (True, 12, 4)
    rolls = DiceRoll.objects.filter(purpose="force_heal")
    assert {(r.source, r.entered_by) for r in rolls} == {("table", world.commissioner)}


def test_m_i3_a_tie_needs_its_re_roll_entered_too(world, injured):
    with pytest.raises(DomainError) as refused:
        injury_force_heal(injury=injured, actor=world.away_coach, faces=[6, 6])
    assert "Not enough faces" in refused.value.message
    assert not ForceHealingAttempt.objects.exists()
    attempt = injury_force_heal(injury=injured, actor=world.away_coach, faces=[6, 6, 2, 9])
    assert not attempt.succeeded
    assert DiceRoll.objects.filter(purpose="force_heal").count() == 4


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([0, 5], "not on a d20"),
        ([5, 11], "not on a d10"),
        ([5], "Not enough faces"),
        ([5, 3, 1], "exactly 2 faces"),
    ],
)
def test_m_i3_bad_faces_are_refused_and_change_nothing(world, injured, faces, message):
    with pytest.raises(DomainError) as refused:
        injury_force_heal(injury=injured, actor=world.away_coach, faces=faces)
    assert message in refused.value.message
    assert refused.value.fields.keys() == {"faces"}
    assert not ForceHealingAttempt.objects.exists()
    assert not DiceRoll.objects.filter(purpose="force_heal").exists()
    injured.refresh_from_db()
    assert injured.state == Injury.State.OUT


def test_m_i3_table_dice_need_the_faces_and_server_dice_refuse_them(world, injured):
    with pytest.raises(InjuryError) as refused:
        injury_force_heal(injury=injured, actor=world.away_coach)
    assert refused.value.code == "faces_required"
    world.season.rules.coaches_roll_force_healing = False
    world.season.rules.save(update_fields=["coaches_roll_force_healing"])
    with pytest.raises(InjuryError) as refused:
        injury_force_heal(injury=injured, actor=world.away_coach, faces=[12, 4])
    assert refused.value.code == "server_dice"


@pytest.mark.parametrize("who", ["home_coach", "outsider"])
def test_m_i3_only_his_coach_or_a_commissioner_enters_force_healing(world, injured, who):
    with pytest.raises(PermissionRefused):
        injury_force_heal(injury=injured, actor=getattr(world, who), faces=[12, 4])
    assert not ForceHealingAttempt.objects.exists()


def _creation_faces(status: int = 5, star: int = 1) -> list[int]:
    return [status, star] * 18


def test_m_p4_m_p8_a_team_rolled_at_the_table(world):
    world.season.rules.coaches_roll_creation = True
    world.season.rules.save(update_fields=["coaches_roll_creation"])
    faces = _creation_faces()
    faces[0], faces[1] = 12, 12  # the first Forward: Veteran and Superstar
    team = team_create(
        season=world.season,
        name="Table Titans",
        short_name="TAB",
        actor=world.commissioner,
        coach=world.outsider,
        faces=faces,
    )
    first = team.players.get(shirt_number=1)
    assert (first.status, first.superstar) == (Status.VETERAN, True)
    rolls = DiceRoll.objects.filter(team=team)
    assert rolls.count() == 36
    assert {(r.source, r.entered_by) for r in rolls} == {("table", world.commissioner)}


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        (_creation_faces()[:-1], "Not enough faces"),
        ([*_creation_faces(), 3], "exactly 36 faces for the creation rolls, not 37"),
        ([13, *_creation_faces()[1:]], "not on a d12"),
        (None, "enter the d12s"),
    ],
)
def test_m_p4_bad_creation_faces_create_nothing(world, faces, message):
    world.season.rules.coaches_roll_creation = True
    world.season.rules.save(update_fields=["coaches_roll_creation"])
    with pytest.raises(DomainError) as refused:
        team_create(
            season=world.season,
            name="Table Titans",
            short_name="TAB",
            actor=world.commissioner,
            faces=faces,
        )
    assert message in refused.value.message
    assert not world.league.teams.filter(name="Table Titans").exists()


def test_m_p4_server_dice_refuse_entered_creation_faces(world):
    with pytest.raises(RosterError) as refused:
        team_create(
            season=world.season,
            name="Table Titans",
            short_name="TAB",
            actor=world.commissioner,
            faces=_creation_faces(),
        )
    assert refused.value.code == "server_dice"
