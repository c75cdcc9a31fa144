"""A coach enters his own Arenaball team (A-T1, A-T2): invited by the league's commissioners,
while the season takes entries, one team per coach; the team starts set up by the rules."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from arenaball.models import Car
from arenaball.services import team_enter
from league.errors import DomainError, PermissionRefused
from league.models import AuditEntry, Invitation, StandingRow, Team
from league.services.schedule import season_generate_schedule
from tests.arenaball.world import arena_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def invited(db):
    world = arena_world(start=False)
    user = User.objects.create_user("newcomer", password="correct horse battery")
    Invitation.objects.create(user=user, league=world.league, invited_by=world.commissioner)
    return world, user


def test_an_invited_coach_enters_his_team_from_my_teams(invited):
    world, user = invited
    client = Client()
    client.force_login(user)
    page = client.get("/my/")
    (opening,) = page.context["openings"]
    assert opening.url_name == "arenaball-team-enter"
    url = f"/arenaball/seasons/{world.season.pk}/enter/"
    response = client.post(url, {"name": "Fresno Furies", "short_name": "fre", "colour": "#aa3300"})
    assert response.status_code == 302
    team = Team.objects.get(name="Fresno Furies")
    assert (team.coach, team.short_name) == (user, "FRE")
    assert StandingRow.objects.filter(season=world.season, team=team).exists()
    assert Car.objects.filter(team=team).count() == 6
    assert AuditEntry.objects.filter(action="team.create", object_id=str(team.pk)).exists()
    assert client.get("/my/").context["openings"] == []


def test_one_team_per_coach_and_only_while_the_season_takes_entries(invited):
    world, user = invited
    team_enter(season=world.season, actor=user, name="Fresno Furies", short_name="FRE")
    with pytest.raises(DomainError, match="already coach"):
        team_enter(season=world.season, actor=user, name="Second", short_name="SEC")
    other = User.objects.create_user("late")
    Invitation.objects.create(user=other, league=world.league)
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    with pytest.raises(DomainError, match="takes no more teams"):
        team_enter(season=world.season, actor=other, name="Late", short_name="LAT")


def test_a_user_nobody_invited_is_refused_and_nothing_is_made(invited):
    world, _ = invited
    stranger = User.objects.create_user("stranger", password="x")
    with pytest.raises(PermissionRefused):
        team_enter(season=world.season, actor=stranger, name="Gatecrashers", short_name="GAT")
    client = Client()
    client.force_login(stranger)
    assert client.get(f"/arenaball/seasons/{world.season.pk}/enter/").status_code == 403
    assert not Team.objects.filter(name="Gatecrashers").exists()


def test_bad_input_is_shown_beside_its_field(invited):
    world, user = invited
    client = Client()
    client.force_login(user)
    url = f"/arenaball/seasons/{world.season.pk}/enter/"
    response = client.post(
        url, {"name": world.teams[0].name, "short_name": "XYZ", "colour": "#aa3300"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors
    assert Team.objects.filter(coach=user).count() == 0
