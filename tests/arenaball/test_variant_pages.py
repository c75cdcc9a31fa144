"""The seed's variants on the pages (issue #45, item 8): named on the season's page (none by
default); with roller skaters, the report takes each side's peds and which ball scored, on
the web, through the API and in the admin."""

from __future__ import annotations

import pytest
from django.test import Client

from api.tokens import api_token_create
from arenaball.models import Car, Character, ReportGoal, SeasonSettings
from league.models import Result
from tests.api.arena import win_body
from tests.api.client import Api
from tests.arenaball.admin_helpers import report_post, staff_commissioner, step_url
from tests.arenaball.world import arena_world, driver

pytestmark = pytest.mark.django_db


def _skaters_world():
    world = arena_world(teams=4, roller_skaters=True, grenades=True)
    return world, world.fixture()


def _reserve(team) -> Character:
    seated = {pk for car in Car.objects.filter(team=team) for pk in (car.driver_id, car.gunner_id)}
    reserve = Character.objects.filter(team=team, state="active").exclude(pk__in=seated).first()
    assert reserve is not None
    return reserve


def test_the_season_page_names_its_variants_and_none_by_default():
    plain = arena_world(start=False)
    page = Client().get(f"/leagues/{plain.league.slug}/{plain.season.slug}/").content.decode()
    assert "This season plays the seed's own game: none of its variants" in page
    SeasonSettings.objects.filter(season=plain.season).update(
        substitutes=False, roller_skaters=True
    )
    page = Client().get(f"/leagues/{plain.league.slug}/{plain.season.slug}/").content.decode()
    assert "<strong>No substitutes (A-G4)</strong> and <strong>Peds on roller skates" in page


def test_a_ped_scores_with_the_aluminium_ball_on_the_web():
    _, fixture = _skaters_world()
    home = fixture.home_team
    ped = _reserve(home)
    client = Client()
    client.force_login(home.coach)
    form = client.get(f"/arenaball/fixtures/{fixture.pk}/report/").content.decode()
    assert "peds on roller skates" in form
    assert 'name="goals-0-ball"' in form
    post = {
        "home_score": "5",
        "away_score": "0",
        "home_pits": ["4", "5"],
        "away_pits": ["4", "5"],
        "peds-shown": "1",
        "home_peds": [str(ped.pk)],
        "goals-rows": "3",
        "goals-0-scorer": str(driver(home, "1").pk),
        "goals-0-plate": "centre",
        "goals-0-ball": "steel",
        "goals-1-scorer": str(ped.pk),
        "goals-1-plate": "outer",
        "goals-1-ball": "aluminium",
        "goals-2-scorer": str(ped.pk),
        "goals-2-plate": "outer",
        "goals-2-ball": "aluminium",
    }
    response = client.post(f"/arenaball/fixtures/{fixture.pk}/report/", post)
    assert response.status_code == 302, response.content.decode()[-3000:]
    balls = ReportGoal.objects.filter(report__result__fixture=fixture).values_list(
        "ball", flat=True
    )
    assert list(balls) == ["steel", "aluminium", "aluminium"]
    page = client.get(f"/fixtures/{fixture.pk}/").content.decode()
    assert "(the peds' aluminium ball)" in page
    assert ped.name in page


def test_the_api_and_the_admin_carry_the_ball_and_the_peds():
    world, fixture = _skaters_world()
    home = fixture.home_team
    ped = _reserve(home)
    body = win_body(fixture, home_peds=[ped.pk])
    body["goals"][2] = {"team": home.pk, "scorer": ped.pk, "plate": "outer", "ball": "aluminium"}
    _, key = api_token_create(user=home.coach, name="peds", actor=None)
    response = Api(key).post(f"/api/v1/arenaball/fixtures/{fixture.pk}/result/", body)
    assert response.status_code == 201, response.content
    read = Api(key).get(f"/api/v1/arenaball/fixtures/{fixture.pk}/").json()
    assert read["report"]["goals"][2]["ball"] == "aluminium"
    assert (read["lineups"]["home"]["peds"], read["lineups"]["away"]["peds"]) == ([ped.pk], [])

    second = world.fixture(2)
    admin = staff_commissioner(Client(), world.commissioner)
    scorer_team = second.home_team
    other_ped = _reserve(scorer_team)
    post = report_post(
        home_score=5,
        away_score=0,
        goals=[
            {"scorer": driver(scorer_team, "1").pk, "plate": "centre"},
            {"scorer": other_ped.pk, "plate": "outer", "ball": "aluminium"},
            {"scorer": other_ped.pk, "plate": "outer", "ball": "aluminium"},
        ],
    )
    post["home_peds"] = [str(other_ped.pk)]
    page = admin.get(step_url(second, "record")).content.decode()
    assert "peds on roller skates" in page
    response = admin.post(step_url(second, "record"), post)
    assert response.status_code == 302, response.content.decode()[-2000:]
    assert Result.objects.filter(fixture=second).exists()
    assert (
        ReportGoal.objects.filter(
            report__result__fixture=second, ball="aluminium", scorer=other_ped
        ).count()
        == 2
    )
