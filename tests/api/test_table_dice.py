"""Table dice through the API: a coach's inspection roll (M-E2) and force-healing faces
(M-I3), every role, bad faces, idempotent retries."""

from __future__ import annotations

import pytest

from games.models import Inspection, TableInspection
from injuries.models import ForceHealingAttempt, Injury
from league.models import Fixture
from rosters.models import DiceRoll, Enhancement
from rules.magnoball.vocabulary import EnhancementKind
from tests.api.conftest import ROLES

pytestmark = pytest.mark.django_db


def _expect(allowed: set[str], ok: int, role: str) -> int:
    if role == "anonymous":
        return 401
    return ok if role in allowed else 403


@pytest.fixture
def due(world, match_day) -> TableInspection:
    """A home player's ("coach"'s) inspection awaiting both table rolls."""
    world.season.rules.coaches_roll_inspections = True
    world.season.rules.save(update_fields=["coaches_roll_inspections"])
    player = world.home.players.get(shirt_number=2)
    enhancement = Enhancement.objects.create(player=player, kind=EnhancementKind.PULSE_MAGNET)
    Fixture.objects.filter(pk=match_day.pk).update(status=Fixture.Status.INSPECTIONS)
    return TableInspection.objects.create(
        fixture=match_day, player=player, enhancement_ids=[enhancement.pk]
    )


def _url(due: TableInspection) -> str:
    return f"/api/v1/table-inspections/{due.pk}/roll/"


@pytest.mark.parametrize("role", ROLES)
def test_entering_the_owners_roll(due, api_as, role_user, role):
    response = api_as(role_user(role)).post(_url(due), {"side": "owner", "faces": [4]})

    expected = _expect({"coach", "commissioner"}, 200, role)
    assert response.status_code == expected, response.content
    due.refresh_from_db()
    assert (due.owner_roll == 4) == (expected == 200)
    if expected == 200:
        body = response.json()
        assert (body["owner_entered"], body["inspector_entered"]) == (True, False)
        assert body["owner_roll"] is None  # hidden until both are in


@pytest.mark.parametrize("role", ROLES)
def test_entering_the_opposing_roll(due, api_as, role_user, role):
    response = api_as(role_user(role)).post(_url(due), {"side": "inspector", "faces": [9]})

    expected = _expect({"other_coach", "commissioner"}, 200, role)
    assert response.status_code == expected, response.content
    due.refresh_from_db()
    assert (due.inspector_roll == 9) == (expected == 200)


def test_both_rolls_resolve_the_inspection_and_the_list_shows_them(world, due, api_as):
    api_as(world.home_coach).post(_url(due), {"side": "owner", "faces": [2]})
    response = api_as(world.away_coach).post(_url(due), {"side": "inspector", "faces": [9]})

    assert response.status_code == 200
    assert (response.json()["owner_roll"], response.json()["inspector_roll"]) == (2, 9)
    assert Inspection.objects.get().decision == Inspection.Decision.PENDING
    rolls = DiceRoll.objects.filter(purpose="inspection", source="table")
    assert {(r.result, r.entered_by) for r in rolls} == {
        (2, world.home_coach),
        (9, world.away_coach),
    }
    dice = api_as(None).get(f"/api/v1/fixtures/{due.fixture_id}/dice/?purpose=inspection")
    assert {r["entered_by"] for r in dice.json()["results"]} == {
        world.home_coach.pk,
        world.away_coach.pk,
    }
    pending = api_as(None).get("/api/v1/table-inspections/?pending=true")
    assert pending.json()["count"] == 0


@pytest.mark.parametrize(
    "body",
    [
        {"side": "owner", "faces": [0]},
        {"side": "owner", "faces": [11]},
        {"side": "owner", "faces": [3, 4]},
        {"side": "owner", "faces": []},
        {"side": "owner", "faces": ["7"]},
        {"side": "owner"},
        {"side": "both", "faces": [3]},
    ],
)
def test_bad_faces_are_a_400_and_change_nothing(world, due, api_as, body):
    response = api_as(world.home_coach).post(_url(due), body)

    assert response.status_code == 400, response.content
    assert response.json()["error"]["fields"]
    due.refresh_from_db()
    assert due.owner_roll is None
    assert not DiceRoll.objects.filter(purpose="inspection").exists()


def test_a_retried_roll_with_its_key_is_entered_once(world, due, api_as):
    api = api_as(world.home_coach)
    body = {"side": "owner", "faces": [4]}
    first = api.post(_url(due), body, **{"Idempotency-Key": "roll-1"})
    again = api.post(_url(due), body, **{"Idempotency-Key": "roll-1"})

    assert (first.status_code, again.status_code) == (200, 200)
    assert again.headers["Idempotent-Replayed"] == "true"
    other = api.post(_url(due), body, **{"Idempotency-Key": "roll-2"})
    assert other.status_code == 409
    assert other.json()["error"]["code"] == "already_entered"


@pytest.fixture
def injury(world, match_day) -> Injury:
    """A home player ("coach"'s) out injured, in a season whose coaches roll force-healing."""
    world.season.rules.coaches_roll_force_healing = True
    world.season.rules.save(update_fields=["coaches_roll_force_healing"])
    return Injury.objects.create(
        player=world.home.players.get(shirt_number=3),  # a Wingback: d12
        season=world.season,
        duration_die="d12",
        duration_roll=6,
        games_out=3,
    )


@pytest.mark.parametrize("role", ROLES)
def test_force_healing_with_table_faces(injury, api_as, role_user, role):
    url = f"/api/v1/injuries/{injury.pk}/force-heal/"
    response = api_as(role_user(role)).post(url, {"faces": [9, 2]})

    expected = _expect({"coach", "commissioner"}, 201, role)
    assert response.status_code == expected, response.content
    assert ForceHealingAttempt.objects.filter(injury=injury).exists() == (expected == 201)
    if expected == 201:
        assert response.json()["succeeded"] is True


@pytest.mark.parametrize("faces", [[13, 2], [9, 0], [9], None])
def test_force_healing_with_bad_faces_is_a_400(world, injury, api_as, faces):
    body = {} if faces is None else {"faces": faces}
    response = api_as(world.home_coach).post(f"/api/v1/injuries/{injury.pk}/force-heal/", body)

    assert response.status_code == 400, response.content
    assert "faces" in response.json()["error"]["fields"]
    assert not ForceHealingAttempt.objects.exists()
