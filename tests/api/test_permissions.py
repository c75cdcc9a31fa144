"""Every mutating endpoint against every role: anonymous, an outsider, the other coach, the
coach, a commissioner of another league and the league's commissioner. A refusal changes
nothing."""

from __future__ import annotations

import pytest

from games.models import Inspection, SimulationJob
from injuries.models import ForceHealingAttempt, Injury
from league.models import Fixture, Result
from rosters.models import Enhancement
from rules.magnoball.vocabulary import EnhancementKind
from tests.api.conftest import ROLES, result_body, result_url

pytestmark = pytest.mark.django_db


def _expect(allowed: set[str], ok: int, role: str) -> int:
    if role == "anonymous":
        return 401
    return ok if role in allowed else 403


@pytest.mark.parametrize("role", ROLES)
def test_reporting_a_result(world, match_day, api_as, role_user, role):
    response = api_as(role_user(role)).post(result_url(match_day), result_body(world))

    expected = _expect({"coach", "other_coach", "commissioner"}, 201, role)
    assert response.status_code == expected, response.content
    assert Result.objects.exists() == (expected == 201)
    if expected != 201:
        code = "not_authenticated" if role == "anonymous" else "forbidden"
        assert response.json()["error"]["code"] == code


@pytest.mark.parametrize("role", ROLES)
def test_simulating_a_fixture(world, match_day, api_as, role_user, role):
    response = api_as(role_user(role)).post(f"/api/v1/fixtures/{match_day.pk}/simulate/")

    expected = _expect({"commissioner"}, 202, role)
    assert response.status_code == expected, response.content
    assert SimulationJob.objects.exists() == (expected == 202)


@pytest.fixture
def pending_inspection(world, match_day) -> Inspection:
    """A detection on an away player's enhancement: the home coach ("coach") decides it."""
    enhancement = Enhancement.objects.create(
        player=world.away.players.get(shirt_number=2), kind=EnhancementKind.PULSE_MAGNET
    )
    Fixture.objects.filter(pk=match_day.pk).update(status=Fixture.Status.INSPECTIONS)
    return Inspection.objects.create(
        fixture=match_day,
        enhancement=enhancement,
        owner_roll=2,
        inspector_roll=9,
        decision=Inspection.Decision.PENDING,
    )


@pytest.mark.parametrize("role", ROLES)
def test_deciding_an_inspection(pending_inspection, api_as, role_user, role):
    url = f"/api/v1/inspections/{pending_inspection.pk}/decision/"

    response = api_as(role_user(role)).post(url, {"allow": False})

    expected = _expect({"coach", "commissioner"}, 200, role)
    assert response.status_code == expected, response.content
    pending_inspection.refresh_from_db()
    decided = pending_inspection.decision == Inspection.Decision.BANNED
    assert decided == (expected == 200)
    if decided:
        assert response.json()["decision"] == "banned"


@pytest.fixture
def injury(world, match_day) -> Injury:
    """A home player ("coach"'s) out injured."""
    return Injury.objects.create(
        player=world.home.players.get(shirt_number=3),
        season=world.season,
        duration_die="d8",
        duration_roll=6,
        games_out=3,
    )


@pytest.mark.parametrize("role", ROLES)
def test_force_healing(injury, api_as, role_user, role):
    response = api_as(role_user(role)).post(f"/api/v1/injuries/{injury.pk}/force-heal/")

    expected = _expect({"coach", "commissioner"}, 201, role)
    assert response.status_code == expected, response.content
    assert ForceHealingAttempt.objects.filter(injury=injury).exists() == (expected == 201)


def test_a_private_league_is_not_found_for_an_outsider(world, match_day, api_as):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])

    response = api_as(world.outsider).post(result_url(match_day), result_body(world))

    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_a_second_force_healing_attempt_is_a_conflict(injury, world, api_as):
    api = api_as(world.home_coach)
    api.post(f"/api/v1/injuries/{injury.pk}/force-heal/")

    again = api.post(f"/api/v1/injuries/{injury.pk}/force-heal/")

    assert again.status_code == 409
    assert again.json()["error"]["code"] == "already_attempted"


def test_a_decided_inspection_is_a_conflict(pending_inspection, world, api_as):
    api = api_as(world.home_coach)
    first = api.post(f"/api/v1/inspections/{pending_inspection.pk}/decision/", {"allow": True})

    again = api.post(f"/api/v1/inspections/{pending_inspection.pk}/decision/", {"allow": True})

    assert first.status_code == 200
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "already_decided"


@pytest.mark.parametrize("body", [{}, {"allow": "yes"}, {"allow": True, "why": "x"}])
def test_a_bad_decision_body_is_a_400(pending_inspection, world, api_as, body):
    response = api_as(world.home_coach).post(
        f"/api/v1/inspections/{pending_inspection.pk}/decision/", body
    )

    assert response.status_code == 400
    assert response.json()["error"]["fields"]
    pending_inspection.refresh_from_db()
    assert pending_inspection.decision == Inspection.Decision.PENDING


def test_force_healing_takes_no_fields(injury, world, api_as):
    response = api_as(world.home_coach).post(
        f"/api/v1/injuries/{injury.pk}/force-heal/", {"luck": 10}
    )

    assert response.status_code == 400
    assert "luck" in response.json()["error"]["fields"]
    assert not ForceHealingAttempt.objects.exists()
