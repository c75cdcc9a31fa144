"""Arenaball's match reports in the admin: record, correct and void a result through the
report services, errors beside their fields, and other leagues' commissioners kept out."""

from __future__ import annotations

import pytest
from django.test import Client

from arenaball.models import Character, Report, ReportKill
from league.models import AuditEntry, Fixture, Result, StandingRow
from tests.arenaball.admin_helpers import (
    car,
    fixture_url,
    report_post,
    staff_commissioner,
    step_url,
)
from tests.arenaball.world import arena_world, driver, play
from tests.world import make_commissioner, sign_in

pytestmark = pytest.mark.django_db


def _win_with_a_kill(fixture: Fixture) -> dict:
    """Home wins 5-1: car 1's driver scores a centre goal and rams away's car 1, whose
    driver is injured; car 4 comes on for it; away's car 2 scores an outer goal; then two
    outer goals by home's car 2."""
    home, away = fixture.home_team, fixture.away_team
    return report_post(
        home_score=5,
        away_score=1,
        goals=[
            {"scorer": driver(home, "1").pk, "plate": "centre"},
            {"scorer": driver(away, "2").pk, "plate": "outer"},
            {"scorer": driver(home, "2").pk, "plate": "outer"},
            {"scorer": driver(home, "2").pk, "plate": "outer"},
        ],
        kills=[
            {
                "victim": car(away.pk, "1"),
                "killer_car": car(home.pk, "1"),
                "killer": driver(home, "1").pk,
                "how": "ram",
            }
        ],
        casualties=[{"character": driver(away, "1").pk, "state": "injured"}],
        substitutions=[{"on": car(away.pk, "4"), "off": car(away.pk, "1"), "because": "killed"}],
    )


def test_fixture_pages_load_for_the_commissioner(client: Client) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    listing = client.get("/admin/league/fixture/")
    assert listing.status_code == 200
    assert str(fixture) in listing.content.decode()
    page = client.get(fixture_url(fixture))
    assert page.status_code == 200
    assert "Record the result" in page.content.decode()
    form = client.get(step_url(fixture, "record"))
    assert form.status_code == 200
    assert driver(fixture.home_team, "1").name in form.content.decode()


def test_record_in_the_admin_updates_standings_and_characters(client: Client) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    response = client.post(step_url(fixture, "record"), _win_with_a_kill(fixture))
    assert response.status_code == 302, response.content.decode()[:3000]
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score) == (5, 1)
    report = Report.objects.get(result=result)
    assert report.winner_id == home.pk
    assert ReportKill.objects.filter(report=report, how="ram").count() == 1
    rows = {row.team_id: row for row in StandingRow.objects.filter(season=world.season)}
    assert rows[home.pk].points == 2
    assert rows[away.pk].points == 0
    rammer = driver(home, "1")
    assert (rammer.goals, rammer.kills) == (1, 1)
    hurt = Character.objects.get(pk=driver(away, "1").pk)
    assert hurt.games_to_miss == 1
    assert AuditEntry.objects.filter(action="result.reported").count() == 1


def test_an_invalid_report_shows_errors_beside_fields_and_changes_nothing(
    client: Client,
) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    data = report_post(
        home_score=5,
        away_score=0,
        home_pits=["4"],
        goals=[
            {"scorer": driver(home, "1").pk, "plate": "centre"},
            # car 4 starts in the pits and never came on: its driver cannot score
            {"scorer": driver(home, "4").pk, "plate": "outer"},
            {"scorer": driver(home, "2").pk, "plate": "outer"},
        ],
        kills=[
            {
                "victim": car(away.pk, "2"),
                "killer_car": car(home.pk, "3"),
                "killer": driver(home, "2").pk,
                "how": "weapon",
            }
        ],
    )
    response = client.post(step_url(fixture, "record"), data)
    assert response.status_code == 200
    form = response.context["form"]
    goal_rows = form.formsets["goals"].forms
    assert "did not drive" in " ".join(goal_rows[1].errors["scorer"])
    assert not goal_rows[0].errors
    assert "was not in car 3" in " ".join(form.formsets["kills"].forms[0].errors["killer"])
    assert "pits" in " ".join(form.errors["home_pits"])
    assert "not saved" in response.content.decode()
    assert not Result.objects.filter(fixture=fixture).exists()
    assert not StandingRow.objects.filter(season=world.season, played__gt=0).exists()
    assert not AuditEntry.objects.filter(action="result.reported").exists()


def test_a_malformed_row_is_refused_by_the_form(client: Client) -> None:
    """A row that says something (an outer plate) but names no scorer is refused beside its
    field; a row left as it was (blank scorer, the first plate) is a blank row."""
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    data = report_post(home_score=3, away_score=0, goals=[{"scorer": "", "plate": "outer"}])
    response = client.post(step_url(fixture, "record"), data)
    assert response.status_code == 200
    assert response.context["form"].formsets["goals"].forms[0].errors["scorer"]
    assert not Result.objects.filter(fixture=fixture).exists()


def test_correct_in_the_admin_recomputes(client: Client) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    client.post(step_url(fixture, "record"), _win_with_a_kill(fixture))
    form_page = client.get(step_url(fixture, "correct"))
    assert form_page.status_code == 200
    form = form_page.context["form"]
    assert len(form.formsets["goals"].initial) == 4
    # Corrected: away won 5-0 after all, with no kill.
    data = report_post(
        home_score=0,
        away_score=5,
        goals=[
            {"scorer": driver(away, "1").pk, "plate": "centre"},
            {"scorer": driver(away, "2").pk, "plate": "outer"},
            {"scorer": driver(away, "2").pk, "plate": "outer"},
        ],
    )
    response = client.post(step_url(fixture, "correct"), data)
    assert response.status_code == 302
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score, result.source) == (0, 5, "corrected")
    rows = {row.team_id: row for row in StandingRow.objects.filter(season=world.season)}
    assert rows[away.pk].points == 2
    assert rows[home.pk].points == 0
    rammer = driver(home, "1")
    assert (rammer.goals, rammer.kills) == (0, 0)
    assert Character.objects.get(pk=driver(away, "1").pk).games_to_miss == 0
    assert AuditEntry.objects.filter(action="result.corrected").count() == 1


def test_void_in_the_admin_recomputes(client: Client) -> None:
    world = arena_world()
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    play(fixture, actor=world.commissioner)
    page = client.get(fixture_url(fixture))
    assert "Void the result" in page.content.decode()
    assert client.get(step_url(fixture, "void")).status_code == 200
    response = client.post(step_url(fixture, "void"), {})
    assert response.status_code == 302
    assert not Result.objects.filter(fixture=fixture).exists()
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    assert not StandingRow.objects.filter(season=world.season, played__gt=0).exists()
    assert driver(fixture.home_team, "2").goals == 0


def test_another_leagues_commissioner_cannot_see_or_report(client: Client) -> None:
    world = arena_world()
    fixture = world.fixture()
    stranger = make_commissioner("stranger")
    sign_in(client, stranger)
    listing = client.get("/admin/league/fixture/")
    assert listing.status_code == 200
    assert str(fixture) not in listing.content.decode()
    assert client.get(fixture_url(fixture)).status_code == 302  # "does not exist"
    response = client.post(step_url(fixture, "record"), _win_with_a_kill(fixture))
    assert response.status_code == 302
    assert not Result.objects.filter(fixture=fixture).exists()


def test_a_coach_without_staff_cannot_open_the_admin(client: Client) -> None:
    world = arena_world()
    sign_in(client, world.coaches[0])
    response = client.get(step_url(world.fixture(), "record"))
    assert response.status_code == 302
    assert "/login/" in response["Location"]
