"""The match-day page's line-ups (M-P3): the coach names a reserve for his own team only,
and every visitor sees a short-handed team's warning."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import LineupChoice
from injuries.models import Injury
from tests.world import make_commissioner, sign_in

pytestmark = pytest.mark.django_db


def injure(world, team, shirt: int) -> None:
    Injury.objects.create(
        player=team.players.get(shirt_number=shirt),
        season=world.season,
        duration_die="d12",
        duration_roll=4,
        games_out=2,
    )


def test_m_p3_the_coach_names_a_reserve_for_his_own_team_on_the_match_day_page(
    client, world, match_day
):
    injure(world, world.home, 3)
    injure(world, world.away, 3)
    sign_in(client, world.home_coach)
    page = client.get(reverse("fixture", args=[match_day.pk])).content.decode()
    assert f'id="reserve-{world.home.pk}-wingback-1"' in page
    assert f'id="reserve-{world.away.pk}-wingback-1"' not in page  # not his team

    fullback = world.home.players.get(shirt_number=15)
    response = client.post(
        reverse("fixture-lineup", args=[match_day.pk]),
        {"team": world.home.pk, "place": "wingback-1", "reserve": fullback.pk},
    )
    assert response.status_code == 302
    assert LineupChoice.objects.get().reserve == fullback
    page = client.get(response.url).content.decode()
    assert "named by the coach" in page


@pytest.mark.parametrize("who", ["away_coach", "outsider"])
def test_m_p3_another_user_is_refused_a_name_for_the_team(client, world, match_day, who):
    injure(world, world.home, 3)
    sign_in(client, getattr(world, who))
    response = client.post(
        reverse("fixture-lineup", args=[match_day.pk]),
        {
            "team": world.home.pk,
            "place": "wingback-1",
            "reserve": world.home.players.get(shirt_number=15).pk,
        },
    )
    assert response.status_code == 403
    assert not LineupChoice.objects.exists()


def test_m_p3_a_visitor_is_asked_to_sign_in(client, world, match_day):
    response = client.post(
        reverse("fixture-lineup", args=[match_day.pk]),
        {"team": world.home.pk, "place": "wingback-1", "reserve": ""},
    )
    assert response.status_code == 302
    assert reverse("login") in response.url


def test_m_p3_a_short_handed_team_is_shown_on_the_match_day_page_and_the_to_do_list(
    client, world, match_day
):
    injure(world, world.home, 5)
    injure(world, world.home, 14)
    page = client.get(reverse("fixture", args=[match_day.pk])).content.decode()
    assert "Kicks off 1 player short (Halfback)" in page
    sign_in(client, world.home_coach)
    home = client.get(reverse("my-teams")).content.decode()
    assert "1 player short (Halfback) at kick-off" in home


def test_m_p3_the_admin_warns_of_a_short_handed_team(client, world, match_day):
    injure(world, world.home, 5)
    injure(world, world.home, 14)
    chief = make_commissioner("chief")  # staff, in the Commissioners group
    world.league.commissioners.add(chief)
    client.force_login(chief)
    warning = "would kick off 1 player short (Halfback)"
    room = client.get(reverse("admin:league_season_change", args=[world.season.pk]))
    assert warning in room.content.decode()
    team = client.get(reverse("admin:league_team_change", args=[world.home.pk]))
    assert warning in team.content.decode()
    fixture = client.get(reverse("admin:league_fixture_change", args=[match_day.pk]))
    assert "Short-handed: 1 player short (Halfback)" in fixture.content.decode()
