"""The line-up endpoint (M-P3): read both teams' line-ups, and name a reserve for a vacant
place with an Idempotency-Key, for each role."""

from __future__ import annotations

import pytest

from games.models import LineupChoice
from injuries.models import Injury
from league.models import AuditEntry
from tests.api.conftest import ROLES, player_id

pytestmark = pytest.mark.django_db


@pytest.fixture
def vacant(world, match_day):
    """The home team's first-string Wingback (shirt 3) is injured: Wingback place 1 is
    vacant, the second-string Wingback (13) its counterpart."""
    Injury.objects.create(
        player=world.home.players.get(shirt_number=3),
        season=world.season,
        duration_die="d12",
        duration_roll=4,
        games_out=2,
    )
    return match_day


def url(fixture) -> str:
    return f"/api/v1/fixtures/{fixture.pk}/lineup/"


def test_m_p3_the_line_ups_show_the_counterpart_in_the_vacant_place(api_as, world, vacant):
    response = api_as(None).get(url(vacant))
    assert response.status_code == 200
    home, away = response.json()
    assert (home["team"], away["team"]) == (world.home.pk, world.away.pk)
    assert (home["fixed"], home["short"], len(home["starters"])) == (False, 0, 11)
    place = next(p for p in home["places"] if p["place"] == "wingback-1")
    assert place["fill"] == "counterpart"
    assert place["starter"] == player_id(world.home, 13)
    assert place["first_stringer"] == player_id(world.home, 3)
    assert player_id(world.home, 15) in place["options"]


def test_m_p3_a_coach_names_a_reserve_once_per_idempotency_key(api_as, world, vacant):
    api = api_as(world.home_coach)
    body = {"team": world.home.pk, "place": "wingback-1", "reserve": player_id(world.home, 15)}
    first = api.post(url(vacant), body, **{"Idempotency-Key": "name-1"})
    again = api.post(url(vacant), body, **{"Idempotency-Key": "name-1"})

    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    place = next(p for p in first.json()["places"] if p["place"] == "wingback-1")
    assert (place["starter"], place["fill"]) == (player_id(world.home, 15), "named")
    assert LineupChoice.objects.count() == 1
    assert AuditEntry.objects.filter(action="lineup.name_reserve").count() == 1

    back = api.post(url(vacant), {**body, "reserve": None})
    assert back.status_code == 200
    assert not LineupChoice.objects.exists()


@pytest.mark.parametrize("role", ROLES)
def test_m_p3_only_the_teams_coach_or_its_commissioner_names_a_reserve(
    api_as, role_user, world, vacant, role
):
    body = {"team": world.home.pk, "place": "wingback-1", "reserve": player_id(world.home, 15)}
    response = api_as(role_user(role)).post(url(vacant), body)
    expected = {
        "anonymous": 401,
        "outsider": 403,
        "other_coach": 403,
        "coach": 200,
        "rival_commissioner": 403,
        "commissioner": 200,
    }[role]
    assert response.status_code == expected, response.content
    assert LineupChoice.objects.exists() == (expected == 200)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"place": "wingback-2", "reserve": 15}, 400, "place_not_vacant"),
        ({"place": "wingback-1", "reserve": 2}, 400, "reserve_not_available"),
        ({"place": "wingback-1", "reserve": "15"}, 400, "invalid"),
        ({"place": "wingback-1", "reserve": 15, "extra": 1}, 400, "invalid"),
    ],
    ids=["place-not-vacant", "first-stringer", "not-an-id", "unknown-field"],
)
def test_m_p3_a_refused_name_says_why(api_as, world, vacant, body, status, code):
    if isinstance(body["reserve"], int):
        body = {**body, "reserve": player_id(world.home, body["reserve"])}
    response = api_as(world.home_coach).post(url(vacant), {"team": world.home.pk, **body})
    assert response.status_code == status
    assert response.json()["error"]["code"] == code


def test_m_p3_a_team_not_in_the_fixture_is_bad_input(api_as, world, vacant, rival_commissioner):
    response = api_as(world.commissioner).post(
        url(vacant), {"team": 999999, "place": "wingback-1", "reserve": None}
    )
    assert response.status_code == 400
    assert response.json()["error"]["fields"] == {"team": [response.json()["error"]["message"]]}


def test_m_p3_the_line_up_endpoint_is_in_the_schema(api_as):
    schema = api_as(None).get("/api/v1/schema/", {"format": "json"}).json()
    path = schema["paths"]["/api/v1/fixtures/{fixture_id}/lineup/"]
    assert {"get", "post"} <= set(path)
    assert any(p["name"] == "Idempotency-Key" for p in path["post"]["parameters"])


def test_options_describes_the_lineup_operation(world, api_as, match_day):
    """DRF names a view by its `name` attribute: a method of that name made OPTIONS a 500."""
    response = api_as(world.commissioner).client.options(f"/api/v1/fixtures/{match_day.pk}/lineup/")
    assert response.status_code == 200
    assert response.json()["name"] == "Fixture Lineup"
