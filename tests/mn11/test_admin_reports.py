"""Magic Number Eleven's match reports in the admin: record, correct and void a result
through the report services (E-R1, E-D3, E-D5, E-L1), the service's errors beside their
fields, untouched rows left out, the control room's link, other leagues' commissioners and
coaches kept out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from league.models import AuditEntry, Fixture, Result, StandingRow
from mn11.models import Report
from tests.arenaball.admin_helpers import staff_commissioner
from tests.mn11.world import mn11_world, play
from tests.world import make_commissioner, sign_in

pytestmark = pytest.mark.django_db


def step_url(fixture: Fixture, step: str) -> str:
    return reverse("admin:league_fixture_step", args=[fixture.pk, step])


def fixture_url(fixture: Fixture) -> str:
    return reverse("admin:league_fixture_change", args=[fixture.pk])


#: An extra event row as the page renders it: every field at its initial value.
UNTOUCHED_EVENT = {"type": "", "side": "home", "half": "1", "goal_kind": "open_play"}
UNTOUCHED_KICK = {"side": ""}


def report_post(
    *,
    home_score: int,
    away_score: int,
    away_set: str = "base",
    gk_home: str = "defence_cover",
    gk_away: str = "build_up",
    initial: Mapping[str, int] | None = None,
    **sections: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The form's POST: the fields, then each section's rows, with an untouched extra row
    after them (as the page sends it)."""
    data: dict[str, Any] = {
        "home_score": str(home_score),
        "away_score": str(away_score),
        "away_set": away_set,
        "gk_home": gk_home,
        "gk_away": gk_away,
    }
    extra = {"events": UNTOUCHED_EVENT, "shootout": UNTOUCHED_KICK}
    for name in ("events", "shootout"):
        rows = [*sections.get(name, ()), extra[name]]
        data[f"{name}-TOTAL_FORMS"] = str(len(rows))
        data[f"{name}-INITIAL_FORMS"] = str((initial or {}).get(name, 0))
        data[f"{name}-MIN_NUM_FORMS"] = "0"
        data[f"{name}-MAX_NUM_FORMS"] = "1000"
        for index, row in enumerate(rows):
            for key, value in row.items():
                if value is not False:
                    data[f"{name}-{index}-{key}"] = "on" if value is True else str(value)
    return data


def _event(type_: str, side: str, half: int, **values: Any) -> dict[str, Any]:
    return {**UNTOUCHED_EVENT, "type": type_, "side": side, "half": str(half), **values}


def _kicks(*sides_scored: tuple[str, bool]) -> list[dict[str, Any]]:
    return [{"side": side, "scored": scored} for side, scored in sides_scored]


HOME_SHOOTOUT = _kicks(
    ("home", True),
    ("away", True),
    ("home", True),
    ("away", False),
    ("home", True),
    ("away", False),
    ("home", True),
)


def red_card_level_shootout(shootout: Sequence[Mapping[str, Any]] = HOME_SHOOTOUT) -> dict:
    """1-1, Away warned twice (the red card, a card sent off); Home wins the shootout."""
    return report_post(
        home_score=1,
        away_score=1,
        events=[
            _event("var", "home", 1, strength=4, var_card="penalty_kick", warning=True),
            _event("goal", "home", 1, card="home-9", goal_kind="penalty"),
            _event(
                "var",
                "home",
                2,
                strength=0,
                var_card="penalty_kick",
                magic_number=True,
                warning=True,
            ),
            _event("send_off", "away", 2, card="away-base-4"),
            _event("goal", "away", 2, card="away-base-7"),
        ],
        shootout=shootout,
    )


@pytest.fixture
def world(db: Any) -> Any:
    return mn11_world(shootout_league=True)


def test_fixture_pages_and_the_control_room_link_load(client: Client, world) -> None:
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    listing = client.get("/admin/league/fixture/")
    assert listing.status_code == 200
    assert str(fixture) in listing.content.decode()
    page = client.get(fixture_url(fixture))
    assert "Record the result" in page.content.decode()
    form = client.get(step_url(fixture, "record"))
    assert form.status_code == 200
    assert "Penalty shootout kicks" in form.content.decode()
    room = client.get(reverse("admin:league_season_control_room", args=[world.season.pk]))
    assert room.status_code == 200
    assert "/admin/league/fixture/" in room.content.decode()
    assert "1 match to report" in room.content.decode()


def test_record_a_red_card_and_a_shootout_and_the_table_counts_it(client: Client, world) -> None:
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    response = client.post(step_url(fixture, "record"), red_card_level_shootout())
    assert response.status_code == 302, response.content.decode()[:3000]
    report = Report.objects.get(result__fixture=fixture)
    assert report.shootout_winner == "home"
    assert report.events.count() == 5  # the untouched rows are left out
    assert report.kicks.count() == 7
    points = dict(StandingRow.objects.filter(season=world.season).values_list("team_id", "points"))
    assert (points[fixture.home_team_id], points[fixture.away_team_id]) == (2, 1)
    assert AuditEntry.objects.filter(action="result.reported").count() == 1


def test_a_shootout_without_a_winner_is_refused_beside_it_and_nothing_is_saved(
    client: Client, world
) -> None:
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    data = red_card_level_shootout(shootout=HOME_SHOOTOUT[:2])
    data["events-3-card"] = "away-base-4"
    data["events-1-card"] = ""  # the goal names no scorer
    response = client.post(step_url(fixture, "record"), data)
    assert response.status_code == 200
    form = response.context["form"]
    shootout = " ".join(form.section_errors["shootout"]) + " ".join(
        str(row.errors) for row in form.formsets["shootout"].forms
    )
    assert "E-D5" in shootout
    assert form.formsets["events"].forms[1].errors["card"]
    assert not form.formsets["events"].forms[0].errors
    assert "each shown beside its field" in response.content.decode()
    assert not Result.objects.filter(fixture=fixture).exists()


def test_a_row_that_says_something_without_its_type_is_refused_by_the_form(
    client: Client, world
) -> None:
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    data = report_post(home_score=0, away_score=0, events=[{**UNTOUCHED_EVENT, "card": "home-9"}])
    response = client.post(step_url(fixture, "record"), data)
    assert response.status_code == 200
    assert response.context["form"].formsets["events"].forms[0].errors["type"]
    assert not Result.objects.filter(fixture=fixture).exists()


def test_correct_and_void_in_the_admin_recompute(client: Client, world) -> None:
    staff_commissioner(client, world.commissioner)
    fixture = world.fixture()
    play(fixture, world.commissioner)
    page = client.get(step_url(fixture, "correct"))
    assert page.status_code == 200
    assert len(page.context["form"].formsets["events"].initial) == 2

    response = client.post(step_url(fixture, "correct"), red_card_level_shootout())
    assert response.status_code == 302, response.content.decode()[:3000]
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score, result.source) == (1, 1, "corrected")
    assert Report.objects.get(result=result).shootout_winner == "home"

    assert client.post(step_url(fixture, "void"), {}).status_code == 302
    assert not Result.objects.filter(fixture=fixture).exists()
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    assert not StandingRow.objects.filter(season=world.season, played__gt=0).exists()


def test_another_leagues_commissioner_cannot_see_or_report(client: Client, world) -> None:
    fixture = world.fixture()
    stranger = make_commissioner("stranger")
    sign_in(client, stranger)
    listing = client.get("/admin/league/fixture/")
    assert str(fixture) not in listing.content.decode()
    assert client.get(fixture_url(fixture)).status_code == 302
    response = client.post(step_url(fixture, "record"), red_card_level_shootout())
    assert response.status_code == 302
    assert not Result.objects.filter(fixture=fixture).exists()


def test_a_coach_without_staff_cannot_open_the_admin(client: Client, world) -> None:
    sign_in(client, world.coaches[0])
    response = client.get(step_url(world.fixture(), "record"))
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_the_admin_refuses_a_send_off_of_a_card_off_the_warned_sides_pitch(
    client: Client, world
) -> None:
    """Issue #46: the admin's report is checked against the line-ups as the web's and the
    API's: Away's line-up is in, and Home's Star Player is no card of it."""
    from mn11.services import away_set_choose, gk_pick_choose, lineup_submit
    from rules.mn11 import AwaySet, GkCard, Side

    fixture = world.fixture()
    away_set_choose(fixture=fixture, actor=None, away_set=AwaySet.BASE)
    gk_pick_choose(fixture=fixture, actor=None, side=Side.HOME, card=GkCard.DEFENCE_COVER)
    gk_pick_choose(fixture=fixture, actor=None, side=Side.AWAY, card=GkCard.BUILD_UP)
    eleven = ["gk-build-up", *(f"away-base-{n}" for n in range(1, 10)), "base-02"]
    lineup_submit(fixture=fixture, actor=None, side=Side.AWAY, cards=eleven)
    staff_commissioner(client, world.commissioner)
    data = red_card_level_shootout()
    data["events-3-card"] = "base-01"
    response = client.post(step_url(fixture, "record"), data)
    assert response.status_code == 200
    errors = response.context["form"].formsets["events"].forms[3].errors["card"]
    assert errors == [
        f"base-01 is not in {fixture.away_team.name}' line-up: only a card on the pitch is "
        "sent off. (E-R1)"
    ]
    assert not Result.objects.filter(fixture=fixture).exists()
