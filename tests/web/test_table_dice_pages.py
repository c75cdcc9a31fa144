"""Table dice on the coach's pages: a small form per inspection roll due (M-E2) on match day
and behind the to-do item, force-healing faces (M-I3); each refusal says why."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import TableInspection
from games.services import round_open
from injuries.models import ForceHealingAttempt, Injury
from league.models import Fixture, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import DiceRoll, Enhancement
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind, Position
from tests.world import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def due(world) -> TableInspection:
    """Round 1 open in a season whose coaches roll inspections; the home forward carries a
    Pulse Magnet, so his coach ("home_coach") rolls the owner's d10."""
    world.season.rules.coaches_roll_inspections = True
    world.season.rules.save(update_fields=["coaches_roll_inspections"])
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    forward = fixture.home_team.players.get(shirt_number=1)
    Enhancement.objects.create(player=forward, kind=EnhancementKind.PULSE_MAGNET)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([]))
    return TableInspection.objects.get(fixture=fixture)


def _coaches(world, due):
    fixture = due.fixture
    owner = world.home_coach if fixture.home_team == world.home else world.away_coach
    other = world.away_coach if owner == world.home_coach else world.home_coach
    return owner, other


def test_match_day_shows_a_form_for_the_coachs_own_roll_only(client, world, due):
    owner, other = _coaches(world, due)
    url = reverse("fixture", args=[due.fixture_id])
    sign_in(client, owner)
    page = client.get(url).content.decode()
    assert "Inspection rolls to enter" in page
    assert "Waiting for the inspection rolls and decisions" in page
    assert 'value="owner"' in page
    assert 'value="inspector"' not in page
    sign_in(client, other)
    page = client.get(url).content.decode()
    assert 'value="inspector"' in page
    assert 'value="owner"' not in page


def test_the_to_do_list_links_each_coach_to_his_roll(client, world, due):
    owner, other = _coaches(world, due)
    roll_url = reverse("table-inspection-roll", args=[due.pk])
    for coach in (owner, other):
        sign_in(client, coach)
        page = client.get(reverse("my-teams")).content.decode()
        assert "Roll your d10 for the inspection of" in page
        assert roll_url in page


@pytest.mark.parametrize(
    ("who", "side", "status"),
    [
        ("owner", "owner", 302),
        ("other", "owner", 403),  # the other coach may not enter the owner's roll
        ("other", "inspector", 302),
        ("commissioner", "owner", 302),
        ("outsider", "owner", 403),
        ("anonymous", "owner", 302),  # to the sign-in page
    ],
)
def test_entering_a_roll_on_the_page(client, world, due, who, side, status):
    owner, other = _coaches(world, due)
    users = {"owner": owner, "other": other, "commissioner": world.commissioner}
    users["outsider"] = world.outsider
    if who != "anonymous":
        sign_in(client, users[who])
    url = reverse("table-inspection-roll", args=[due.pk])

    response = client.post(url, {"side": side, "faces": "7"})

    assert response.status_code == status
    due.refresh_from_db()
    entered = who in ("owner", "commissioner") or (who == "other" and side == "inspector")
    assert (getattr(due, f"{side}_roll") == 7) == entered
    if who == "anonymous":
        assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize(("face", "words"), [("0", "not on a d10"), ("11", "not on a d10")])
def test_a_bad_face_is_shown_beside_the_field_and_nothing_changes(client, world, due, face, words):
    owner, _other = _coaches(world, due)
    sign_in(client, owner)

    response = client.post(
        reverse("table-inspection-roll", args=[due.pk]), {"side": "owner", "faces": face}
    )

    assert response.status_code == 200
    assert words in str(response.context["form"].errors["faces"])
    due.refresh_from_db()
    assert due.owner_roll is None


def test_both_rolls_entered_on_the_pages_resolve_the_inspection(client, world, due):
    owner, other = _coaches(world, due)
    url = reverse("table-inspection-roll", args=[due.pk])
    sign_in(client, owner)
    client.post(url, {"side": "owner", "faces": "3"})
    sign_in(client, other)
    response = client.post(url, {"side": "inspector", "faces": "4"}, follow=True)

    assert "Both rolls are in" in response.content.decode()
    due.refresh_from_db()
    assert due.resolved_at is not None
    rolls = DiceRoll.objects.filter(purpose="inspection")
    assert {(r.result, r.entered_by) for r in rolls} == {(3, owner), (4, other)}


def test_force_healing_with_table_faces_on_the_page(client, world):
    world.season.rules.coaches_roll_force_healing = True
    world.season.rules.save(update_fields=["coaches_roll_force_healing"])
    player = world.home.players.filter(position=Position.HALFBACK).first()  # a d10
    injury = Injury.objects.create(
        player=player, season=world.season, duration_die="d10", duration_roll=6, games_out=3
    )
    sign_in(client, world.home_coach)
    url = reverse("injury-heal", args=[injury.pk])
    page = client.get(url).content.decode()
    assert "Faces rolled" in page

    bad = client.post(url, {"faces": "11 3"})
    assert "not on a d10" in str(bad.context["form"].errors["faces"])
    assert not ForceHealingAttempt.objects.exists()

    client.post(url, {"faces": "9 3"})
    attempt = ForceHealingAttempt.objects.get()
    assert attempt.succeeded
