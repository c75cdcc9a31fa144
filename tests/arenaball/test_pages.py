"""Arenaball's pages through Django's test client: who sees which controls, the forms' refusals
beside their fields, the coach's to-do list, and the core's season pages for an Arenaball
league."""

from __future__ import annotations

import pytest
from django.test import Client

from arenaball.models import Character, Design
from league.models import Result
from tests.arenaball.world import arena_world, driver, play

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_every_page_of_an_arenaball_league_answers_for_every_visitor():
    world = arena_world()
    fixture = world.fixture()
    play(fixture, actor=world.coaches[0])
    league, season = world.league.slug, world.season.slug
    public = [
        "/",
        f"/leagues/{league}/",
        f"/leagues/{league}/{season}/",
        f"/leagues/{league}/{season}/standings/",
        f"/leagues/{league}/{season}/fixtures/",
        f"/teams/{fixture.home_team_id}/",
        f"/fixtures/{fixture.pk}/",
        f"/arenaball/characters/{driver(fixture.home_team, '1').pk}/",
    ]
    for user in (None, world.coaches[0], world.commissioner, world.outsider):
        client = _client(user)
        for url in public:
            assert client.get(url).status_code == 200, (user, url)
    for user in (world.coaches[0], world.commissioner):
        assert _client(user).get("/my/").status_code == 200


def test_controls_appear_only_for_who_may_use_them():
    world = arena_world()
    team = world.teams[0]
    page = f"/teams/{team.pk}/"
    assert b"Save cars and crews" in _client(world.coaches[0]).get(page).content
    assert b"Save cars and crews" in _client(world.commissioner).get(page).content
    for user in (None, world.coaches[1], world.outsider):
        assert b"Save cars and crews" not in _client(user).get(page).content
        assert b"New design" not in _client(user).get(page).content


def test_another_coach_may_not_edit_a_design_or_seat_a_crew():
    world = arena_world()
    team = world.teams[0]
    design = Design.objects.filter(team=team).first()
    assert design is not None
    other = _client(world.coaches[1])
    assert other.get(f"/arenaball/designs/{design.pk}/").status_code == 403
    assert other.post(f"/arenaball/teams/{team.pk}/sign/", {"name": "Spy"}).status_code == 403
    assert not Character.objects.filter(name="Spy").exists()


def test_the_report_form_shows_each_error_under_its_line_and_stores_nothing():
    world = arena_world()
    fixture = world.fixture()
    home = fixture.home_team
    gunner = home.arenaball_cars.get(slot="GK").gunner
    response = _client(world.coaches[0]).post(
        f"/arenaball/fixtures/{fixture.pk}/report/",
        {
            "home_score": "5",
            "away_score": "0",
            "home_pits": ["4", "5"],
            "away_pits": ["4", "5"],
            "goals-rows": "2",
            "goals-0-scorer": str(gunner.pk),
            "goals-0-plate": "centre",
            "goals-1-scorer": str(driver(home, "1").pk),
            "goals-1-plate": "centre",
        },
    )
    assert response.status_code == 400
    line = response.context["goals"][0]
    assert any("did not drive" in message for message in line["errors"])
    assert not Result.objects.filter(fixture=fixture).exists()


def test_my_teams_lists_what_waits_for_an_arenaball_coach():
    world = arena_world()
    fixture = world.fixture()
    coach = fixture.home_team.coach
    page = _client(coach).get("/my/")
    todos = [item.kind for entry in page.context["teams"] for item in entry.todos]
    assert todos[:2] == ["pits", "report"]
    play(fixture, actor=coach)
    car = fixture.home_team.arenaball_cars.get(slot="1")
    car.driver = None
    car.save()
    page = _client(coach).get("/my/")
    assert "seat" in [item.kind for entry in page.context["teams"] for item in entry.todos]


def test_the_design_check_answers_every_limit_as_json():
    world = arena_world()
    team = world.teams[0]
    response = _client(world.coaches[0]).post(
        f"/arenaball/teams/{team.pk}/designs/check/",
        {
            "name": "Cheap",
            "role": "track",
            "fittings-rows": "2",
            "fittings-0-part": "seed_track_car",
            "fittings-1-part": "light_laser",
        },
    )
    answer = response.json()
    assert not answer["ok"]
    broken = {limit["code"] for limit in answer["limits"] if not limit["ok"]}
    assert {"budget", "ball_gear", "priced"} <= broken
    assert answer["totals"]["cost"] == 23_000  # the seed's $20,000 and the laser's $3,000


def test_skill_levels_follow_the_seasons_points_per_level():
    """A-P2: a level every `points_per_level` Driver or Gunner points (30 by default)."""
    world = arena_world(points_per_level=2)
    fixture = world.fixture()
    play(fixture, actor=world.coaches[0])
    scorer = driver(fixture.home_team, "2")  # two goals and the win: 3 Driver points
    page = _client().get(f"/arenaball/characters/{scorer.pk}/")
    assert page.context["levels"] == {"driver": 1, "gunner": 0}
    assert [line["value"] for line in page.context["chart"]["thresholds"]] == [2, 4]
    roster = _client().get(f"/teams/{fixture.home_team_id}/").context["roster"]
    (entry,) = [e for e in roster if e["character"].pk == scorer.pk]
    assert entry["level"]["driver"] == 1
