"""E-S2 through the API: the draft's state, a pick (only the coach on the clock or a
commissioner; Idempotency-Key honoured) and the start (a commissioner), errors in the
API's shape."""

from __future__ import annotations

import itertools

import pytest

from api.tokens import api_token_create
from mn11.models import Draft, DraftPick
from mn11.services import draft_start
from tests.api.client import Api
from tests.mn11.draft_world import draft_world

pytestmark = pytest.mark.django_db
TOKENS = itertools.count(1)


def api_as(user) -> Api:
    if user is None:
        return Api()
    _, key = api_token_create(user=user, name=f"draft {next(TOKENS)}", actor=None)
    return Api(key)


def url(world, tail: str = "") -> str:
    return f"/api/v1/mn11/seasons/{world.season.pk}/draft/{tail}"


@pytest.fixture
def world():
    world = draft_world()
    draft_start(season=world.season, actor=world.commissioner)
    return world


def roles(world) -> dict:
    order = Draft.objects.get().order
    return {
        "anonymous": None,
        "outsider": world.outsider,
        "waiting_coach": world.coach_of(order[1]),
        "coach_on_the_clock": world.coach_of(order[0]),
        "commissioner": world.commissioner,
    }


def test_the_state_lists_order_turn_deadline_cards_picks_and_squads(world):
    response = api_as(None).get(url(world))
    assert response.status_code == 200
    body = response.json()
    order = Draft.objects.get().order
    assert [team["id"] for team in body["order"]] == [int(key) for key in order]
    assert body["turn"]["team_id"] == int(order[0])
    assert body["deadline"] is not None
    assert len(body["cards_left"]) == 21
    assert body["picks"] == []
    assert {s["team_id"] for s in body["squads"]} == {int(key) for key in order}
    assert body["may_pick"] is False


def test_the_state_of_a_draft_not_started_is_not_found():
    world = draft_world()
    assert api_as(None).get(url(world)).status_code == 404


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 401),
        ("outsider", 403),
        ("waiting_coach", 403),
        ("coach_on_the_clock", 201),
        ("commissioner", 201),
    ],
)
def test_only_the_coach_on_the_clock_or_a_commissioner_picks(world, role, status):
    response = api_as(roles(world)[role]).post(url(world, "picks/"), {"card": "base-04"})
    assert response.status_code == status
    assert DraftPick.objects.exists() is (status == 201)
    if status == 201:
        assert response.json()["picks"][0]["card"] == "base-04"
        assert response["Location"] == "http://testserver" + url(world)
    elif role != "anonymous":
        assert response.json()["error"]["code"] == "forbidden"


def test_a_taken_card_is_a_conflict_and_an_unknown_one_is_invalid(world):
    coach = roles(world)["coach_on_the_clock"]
    api_as(coach).post(url(world, "picks/"), {"card": "base-04"})
    commissioner = api_as(world.commissioner)
    taken = commissioner.post(url(world, "picks/"), {"card": "base-04"})
    assert taken.status_code == 409
    assert taken.json()["error"]["code"] == "taken"
    unknown = commissioner.post(url(world, "picks/"), {"card": "joker"})
    assert unknown.status_code == 400
    assert unknown.json()["error"]["fields"] == {"card": [unknown.json()["error"]["message"]]}
    extra = commissioner.post(url(world, "picks/"), {"card": "base-05", "team": 1})
    assert extra.status_code == 400


def test_a_pick_retried_with_its_idempotency_key_is_made_once(world):
    coach = api_as(roles(world)["coach_on_the_clock"])
    first = coach.post(url(world, "picks/"), {"card": "base-09"}, **{"Idempotency-Key": "k1"})
    again = coach.post(url(world, "picks/"), {"card": "base-09"}, **{"Idempotency-Key": "k1"})
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    assert DraftPick.objects.count() == 1


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 401), ("outsider", 403), ("coach", 403), ("commissioner", 201)],
)
def test_only_a_commissioner_starts_the_draft(role, status):
    world = draft_world()
    user = {
        "anonymous": None,
        "outsider": world.outsider,
        "coach": world.coaches[0],
        "commissioner": world.commissioner,
    }[role]
    response = api_as(user).post(url(world, "start/"), {"pick_hours": 6})
    assert response.status_code == status
    assert Draft.objects.exists() is (status == 201)
    if status == 201:
        assert response.json()["pick_hours"] == 6
        again = api_as(user).post(url(world, "start/"), {})
        assert again.status_code == 409
        assert again.json()["error"]["code"] == "already_started"


def test_start_refuses_a_deadline_out_of_bounds():
    world = draft_world()
    response = api_as(world.commissioner).post(url(world, "start/"), {"pick_hours": 0})
    assert response.status_code == 400
    assert "pick_hours" in response.json()["error"]["fields"]
