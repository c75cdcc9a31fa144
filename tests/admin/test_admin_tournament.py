"""A tournament run from the admin: created on the season's add page, its field entered, its
groups drawn and scheduled, started, simulated, advanced to the knockout and through it to
its winner; each step a confirmation page and one audited service; refusals say why; coaches
and outsiders get no steps."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from league.models import AuditEntry, Fixture, Result, Round, Season, StandingRow
from tests.admin.test_admin_steps import change_url, shown, step_url
from tests.league.tournament_helpers import GUESTS, run_queued_jobs

pytestmark = pytest.mark.django_db


def _create(chief: Client, world, **shape) -> Season:
    data = {
        "league": world.league.pk,
        "name": "Harbour Cup",
        "starts_on": "",
        "double_round_robin": "",
        "days_between_rounds": "1",
        "format": "tournament",
        "group_count": "4",
        "group_qualifiers": "2",
        "counts_for_careers": "on",
        **shape,
    }
    response = chief.post(reverse("admin:league_season_add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    return Season.objects.get(name="Harbour Cup")


def _step(chief: Client, obj, name: str, data: dict | None = None) -> list[str]:
    page = chief.get(step_url(obj, name))
    assert page.status_code == 200
    assert "What will happen" in page.content.decode()
    return shown(chief.post(step_url(obj, name), data or {}, follow=True))


def _buttons(chief: Client, season: Season) -> str:
    return chief.get(change_url(season)).content.decode()


def test_a_twelve_team_tournament_runs_from_the_admin_to_its_winner(chief: Client, world):
    cup = _create(chief, world)
    assert cup.is_tournament
    assert cup.group_count == 4
    assert AuditEntry.objects.filter(action="tournament.create", object_id=str(cup.pk)).exists()
    page = _buttons(chief, cup)
    assert "Enter a team of the league" in page
    assert "Add a guest team" in page
    assert "Generate the schedule" not in page
    assert "Start the season" not in page

    for team in (world.home, world.away):
        assert _step(chief, cup, "tournament-enter", {"team": team.pk, "seed": ""}) == [
            f"{team} entered {cup} as seed {1 if team == world.home else 2}."
        ]
    for name, short in GUESTS[:10]:
        messages = _step(
            chief,
            cup,
            "tournament-guest",
            {"name": name, "short_name": short, "colour": "#445566"},
        )
        assert messages == [f"Guest team {name} entered {cup} with 18 players."]
    assert StandingRow.objects.filter(season=cup).count() == 12

    assert _step(chief, cup, "tournament-draw") == ["4 groups drawn."]
    assert _step(chief, cup, "tournament-schedule") == ["3 rounds of group games scheduled."]
    page = _buttons(chief, cup)
    assert "Group A" in page
    assert "Group D" in page
    assert _step(chief, cup, "tournament-start") == [f"{cup} has started."]

    with mock.patch("games.services.job_queue.app.send_task"):
        messages = _step(chief, cup, "simulate-rest")
        assert "12 simulations of the rest of" in messages[0]
        run_queued_jobs(cup)
        assert _step(chief, cup, "tournament-knockout") == [
            "The knockout begins with Round 4, the Quarter-finals (4 games): open it."
        ]
        for expected in (
            "Round 5 is drawn, the Semi-finals",
            "Round 6 is drawn, the Final",
            "are the champions",
        ):
            _step(chief, cup, "simulate-rest")
            run_queued_jobs(cup)
            assert expected in _step(chief, cup, "playoffs-advance")[0]
    cup.refresh_from_db()
    champion = cup.champion
    assert champion is not None
    assert "Finish the tournament" in _buttons(chief, cup)
    assert _step(chief, cup, "close") == [f"{cup} is finished. Champions: {champion}."]
    cup.refresh_from_db()
    assert cup.status == Season.Status.FINISHED
    assert Result.objects.filter(fixture__round__season=cup).count() == 19
    assert not Fixture.objects.filter(round__season=cup).exclude(status="played").exists()
    final = Round.objects.filter(season=cup).latest("number")
    assert final.stage == Round.Stage.PLAYOFF
    assert final.fixtures.count() == 1


def test_an_impossible_shape_is_refused_on_the_add_page(chief: Client, world):
    data = {
        "league": world.league.pk,
        "name": "Odd Cup",
        "starts_on": "",
        "days_between_rounds": "1",
        "format": "tournament",
        "group_count": "3",
        "group_qualifiers": "2",
    }
    response = chief.post(reverse("admin:league_season_add"), data)
    assert response.status_code == 200
    assert "a bracket needs 2, 4, 8, 16 or 32 teams" in response.content.decode()
    assert not Season.objects.filter(name="Odd Cup").exists()


def test_a_refused_step_says_why_and_changes_nothing(chief: Client, world):
    cup = _create(chief, world)
    _step(chief, cup, "tournament-enter", {"team": world.home.pk, "seed": ""})
    messages = _step(chief, cup, "tournament-draw")
    assert messages == [f"4 groups of 3 to 6 need 12 to 24 teams; {cup} has 1."]
    assert not cup.groups.exists()
    messages = _step(chief, cup, "tournament-start")
    assert messages == [f"Draw the groups of {cup} first."]
    cup.refresh_from_db()
    assert cup.status == Season.Status.DRAFT


def test_a_taken_short_name_is_shown_beside_the_guest_form(chief: Client, world):
    cup = _create(chief, world)
    response = chief.post(
        step_url(cup, "tournament-guest"),
        {"name": "Second Home", "short_name": world.home.short_name, "colour": "#445566"},
    )
    assert response.status_code == 200
    assert "short name already exists" in response.content.decode().lower()


@pytest.mark.parametrize("role", ["home_coach", "outsider"])
def test_coaches_and_outsiders_get_no_tournament_steps(world, role):
    cup = Season.objects.create(
        league=world.league, name="Harbour Cup", slug="harbour-cup", format="tournament"
    )
    user = getattr(world, role)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    client = Client()
    client.force_login(user)
    response = client.post(step_url(cup, "tournament-guest"), {"name": "X", "short_name": "XX"})
    assert response.status_code in (302, 403, 404)
    assert not cup.guest_teams.exists()
