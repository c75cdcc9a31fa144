"""E-S2: the live draft board's page, its JSON state and its pick form: who sees what, who may
pick (only the coach on the clock, or a commissioner), and what the refusals say."""

from __future__ import annotations

import pytest
from django.test import Client

from mn11.models import DraftPick
from mn11.services import draft_start
from tests.mn11.draft_world import draft_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    world = draft_world()
    draft_start(season=world.season, actor=world.commissioner)
    return world


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def urls(world) -> tuple[str, str, str]:
    base = f"/mn11/seasons/{world.season.pk}/draft/"
    return base, base + "state/", base + "pick/"


def on_clock_coach(world):
    order = world.season.mn11_draft.order
    return world.coach_of(order[0]), world.coach_of(order[1])


def test_the_board_shows_the_turn_the_cards_and_the_pick_form_to_the_coach_on_the_clock(world):
    page, _, _ = urls(world)
    coach, waiting = on_clock_coach(world)
    body = client_for(coach).get(page).content.decode()
    assert "On the clock" in body
    assert 'id="pick-form" class="form draft-pick" method="post"' in body  # not hidden
    assert "Expansion Star Player 9" in body
    waiting_body = client_for(waiting).get(page).content.decode()
    assert 'method="post" action="/mn11/seasons/' in waiting_body
    assert "hidden>" in waiting_body.split('id="pick-form"')[1].split("\n")[0]
    assert "only its coach or a commissioner may pick now" in waiting_body


def test_the_board_has_no_inline_script_or_style(world):
    body = client_for(None).get(urls(world)[0]).content.decode()
    assert "<script>" not in body
    assert "style=" not in body
    assert "js/mn11_draft.js" in body


def test_a_board_before_the_draft_says_it_has_not_started():
    world = draft_world()
    body = client_for(None).get(urls(world)[0]).content.decode()
    assert "The draft has not started" in body
    assert client_for(None).get(urls(world)[1]).json() == {"started": False}


def test_a_private_leagues_board_is_not_found_for_outsiders(world):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    for user in (None, world.outsider):
        assert client_for(user).get(urls(world)[0]).status_code == 404
        assert client_for(user).get(urls(world)[1]).status_code == 404
    assert client_for(world.coaches[0]).get(urls(world)[0]).status_code == 200


def test_the_json_state_tells_whose_turn_it_is_and_who_may_pick(world):
    _, state_url, _ = urls(world)
    coach, waiting = on_clock_coach(world)
    state = client_for(coach).get(state_url).json()
    assert state["started"] is True
    assert state["version"] == 0
    assert state["turn"]["team_id"] == coach.coached_teams.get().pk
    assert state["turn"]["round"] == 1
    assert state["may_pick"] is True
    assert len(state["cards_left"]) == 21
    assert [s["cards"] for s in state["squads"]] == [[], []]
    assert client_for(waiting).get(state_url).json()["may_pick"] is False
    assert client_for(None).get(state_url)["Cache-Control"].startswith("max-age=0")


def test_the_json_state_follows_each_pick(world):
    _, state_url, pick_url = urls(world)
    coach, waiting = on_clock_coach(world)
    client_for(coach).post(pick_url, {"card": "base-05"})
    state = client_for(waiting).get(state_url).json()
    assert state["version"] == 1
    assert state["may_pick"] is True
    assert state["picks"][0]["card"] == "base-05"
    assert state["picks"][0]["automatic"] is False
    assert "base-05" not in {c["key"] for c in state["cards_left"]}
    squad = next(s for s in state["squads"] if s["team_id"] == coach.coached_teams.get().pk)
    assert squad["cards"] == [{"key": "base-05", "name": "Star Player 5"}]


@pytest.mark.parametrize(
    ("role", "status", "picked"),
    [
        ("anonymous", 302, False),
        ("outsider", 403, False),
        ("waiting_coach", 403, False),
        ("coach_on_the_clock", 302, True),
        ("commissioner", 302, True),
    ],
)
def test_only_the_coach_on_the_clock_or_a_commissioner_picks_on_the_page(
    world, role, status, picked
):
    coach, waiting = on_clock_coach(world)
    user = {
        "anonymous": None,
        "outsider": world.outsider,
        "waiting_coach": waiting,
        "coach_on_the_clock": coach,
        "commissioner": world.commissioner,
    }[role]
    response = client_for(user).post(urls(world)[2], {"card": "base-01"})
    assert response.status_code == status
    assert DraftPick.objects.exists() is picked
    if role == "waiting_coach":
        assert "only its coach or a commissioner may pick now" in response.content.decode()
    if role == "anonymous":
        assert "/accounts/login/" in response["Location"]


def test_a_taken_card_goes_back_to_the_board_with_the_reason(world):
    coach, waiting = on_clock_coach(world)
    client_for(coach).post(urls(world)[2], {"card": "base-01"})
    response = client_for(waiting).post(urls(world)[2], {"card": "base-01"}, follow=True)
    assert "Star Player 1 already belongs to" in response.content.decode()
    assert DraftPick.objects.count() == 1


def test_the_pick_page_takes_posts_only(world):
    assert client_for(world.commissioner).get(urls(world)[2]).status_code == 405
