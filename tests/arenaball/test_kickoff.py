"""A car plays only if its design holds at kick-off (issue #45, item 2): a new season's lower
budget makes the seed's Track Car illegal; starting the season lists it, My teams and the
control room say the team cannot take the track and why, and the report is refused on the
web, through the API and in the admin, naming the cars, the design and the limit."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from api.tokens import api_token_create
from arenaball.models import SeasonSettings
from league.models import Result, Round, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from tests.api.arena import win_body
from tests.api.client import Api
from tests.arenaball.admin_helpers import report_post, staff_commissioner, step_url
from tests.arenaball.world import arena_world, driver

pytestmark = pytest.mark.django_db

REFUSAL = (
    "Cars 1, 2, 3, 4, 5 may not take the track: their design Track Car breaks a limit "
    "(A-T3): The design costs $20,000, $500 over the $19,500 budget."
)


def _season_on_a_lower_budget():
    """A draft season whose budget the commissioner lowers to $19,500 (the seed's $19,170
    Goalkeeper holds, its $20,000 Track Car does not)."""
    world = arena_world(start=False)
    SeasonSettings.objects.filter(season=world.season).update(budget=19_500)
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    return world


def test_starting_the_season_lists_the_designs_its_limits_refuse():
    world = _season_on_a_lower_budget()
    client = staff_commissioner(Client(), world.commissioner)
    url = reverse("admin:league_season_step", args=[world.season.pk, "start"])
    page = client.get(url).content.decode()
    assert "2 designs of its teams break its limits" in page
    team = world.teams[0]
    assert (
        f"{team}: Track Car, used by cars 1, 2, 3, 4, 5: The design costs $20,000, $500 "
        "over the $19,500 budget. (A-T3)"
    ) in page
    done = client.post(url, follow=True)
    assert Season.objects.get(pk=world.season.pk).status == Season.Status.ACTIVE
    shown = " ".join(str(m) for m in done.context["messages"])
    assert "Track Car, used by cars 1, 2, 3, 4, 5" in shown


def test_my_teams_and_the_control_room_say_who_cannot_take_the_track():
    world = _season_on_a_lower_budget()
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    team = world.teams[0]
    coach = Client()
    coach.force_login(team.coach)
    mine = coach.get(reverse("my-teams")).content.decode()
    assert f"{team} cannot take the track. {REFUSAL}" in mine

    room = staff_commissioner(Client(), world.commissioner)
    page = room.get(reverse("admin:league_season_change", args=[world.season.pk]))
    html = page.content.decode()
    assert "2 teams cannot take the track" in html
    assert REFUSAL in html


def _open(world) -> None:
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    Round.objects.filter(season=world.season).update(status=Round.Status.OPEN)


def test_the_report_is_refused_on_the_web_naming_car_design_and_limit():
    world = _season_on_a_lower_budget()
    _open(world)
    fixture = world.fixture()
    home = fixture.home_team
    client = Client()
    client.force_login(home.coach)
    post = {
        "home_score": "5",
        "away_score": "0",
        "home_pits": ["4", "5"],
        "away_pits": ["4", "5"],
        "goals-rows": "2",
        "goals-0-scorer": str(driver(home, "1").pk),
        "goals-0-plate": "centre",
        "goals-1-scorer": str(driver(home, "1").pk),
        "goals-1-plate": "centre",
    }
    page = client.post(f"/arenaball/fixtures/{fixture.pk}/report/", post)
    assert page.status_code == 400
    assert REFUSAL in page.content.decode()
    assert not Result.objects.filter(fixture=fixture).exists()


def test_the_report_is_refused_through_the_api_and_in_the_admin():
    world = _season_on_a_lower_budget()
    _open(world)
    fixture = world.fixture()
    _, key = api_token_create(user=fixture.home_team.coach, name="kick-off", actor=None)
    response = Api(key).post(f"/api/v1/arenaball/fixtures/{fixture.pk}/result/", win_body(fixture))
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["fields"]["home.cars.0.design"] == [REFUSAL]
    assert {p["code"] for p in error["problems"]} == {"design_breaks_limit"}

    admin = staff_commissioner(Client(), world.commissioner)
    home = fixture.home_team
    post = report_post(
        home_score=5,
        away_score=0,
        goals=[
            {"scorer": driver(home, "1").pk, "plate": "centre"},
            {"scorer": driver(home, "2").pk, "plate": "outer"},
            {"scorer": driver(home, "2").pk, "plate": "outer"},
        ],
    )
    page = admin.post(step_url(fixture, "record"), post)
    assert page.status_code == 200
    assert REFUSAL in page.content.decode()
    assert not Result.objects.filter(fixture=fixture).exists()
