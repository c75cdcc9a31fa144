"""Issue #17, no dead ends: a control shows only for who may use it, a destructive roster
action is asked first, a disabled action says why, a refusal says why and links back, and a
round that is not open says who opens it and when."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from games.models import Inspection
from games.services import round_open
from injuries.models import Injury
from league.models import Fixture, Round, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import Enhancement, Player
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind, Position
from tests.world import sign_in

pytestmark = pytest.mark.django_db


def _player(team, position=Position.FORWARD, string="first") -> Player:
    return team.players.filter(position=position, string=string).order_by("id").first()


@pytest.fixture
def detected(world) -> Inspection:
    """Round 1 opened with the home-or-away owner's Pulse Magnet detected (1 against 10)."""
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__number=1, round__season=world.season)
    owner = world.home if fixture.home_team_id == world.home.pk else world.away
    Enhancement.objects.create(player=_player(owner), kind=EnhancementKind.PULSE_MAGNET)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([1, 10]))
    return Inspection.objects.get(fixture=fixture)


def _owner_and_inspector(world, inspection: Inspection):
    if inspection.enhancement.player.team == world.home:
        return world.home_coach, world.away_coach
    return world.away_coach, world.home_coach


def test_allow_and_ban_show_only_to_the_opposing_coach_and_commissioners(client, world, detected):
    owner, inspector = _owner_and_inspector(world, detected)
    page_url = reverse("fixture", args=[detected.fixture_id])
    ban_url = reverse("inspection-ban", args=[detected.pk])

    for user in (owner, world.outsider):
        sign_in(client, user)
        page = client.get(page_url).content.decode()
        assert ban_url not in page
        assert 'value="allow"' not in page
    assert "Waiting for the opposing coach" in page
    client.logout()
    assert ban_url not in client.get(page_url).content.decode()

    for user in (inspector, world.commissioner):
        sign_in(client, user)
        page = client.get(page_url).content.decode()
        assert ban_url in page
        assert 'value="allow"' in page


def test_a_ban_is_confirmed_on_its_own_page_before_it_happens(client, world, detected):
    _owner, inspector = _owner_and_inspector(world, detected)
    sign_in(client, inspector)
    url = reverse("inspection-ban", args=[detected.pk])

    page = client.get(url).content.decode()
    detected.refresh_from_db()
    assert detected.decision == Inspection.Decision.PENDING
    assert "cannot be undone" in page
    assert f'href="{reverse("fixture", args=[detected.fixture_id])}"' in page  # Cancel

    response = client.post(url)
    detected.refresh_from_db()
    assert detected.decision == Inspection.Decision.BANNED
    assert response.status_code == 302
    assert response.url.startswith(reverse("fixture", args=[detected.fixture_id]))


def test_the_owner_asking_to_ban_is_refused_with_why_and_a_way_back(client, world, detected):
    owner, _inspector = _owner_and_inspector(world, detected)
    sign_in(client, owner)
    fixture_url = reverse("fixture", args=[detected.fixture_id])

    response = client.get(
        reverse("inspection-ban", args=[detected.pk]),
        HTTP_REFERER=f"http://testserver{fixture_url}",
    )

    page = response.content.decode()
    assert response.status_code == 403
    assert "(the opposing team) or a commissioner decides" in page
    assert f'<a href="{fixture_url}">' in page
    detected.refresh_from_db()
    assert detected.decision == Inspection.Decision.PENDING


def test_a_refusal_links_back_to_the_object_and_never_to_another_site(client, world, detected):
    owner, _inspector = _owner_and_inspector(world, detected)
    sign_in(client, owner)
    fixture_url = reverse("fixture", args=[detected.fixture_id])

    response = client.post(
        reverse("inspection-decide", args=[detected.pk]),
        {"decision": "allow"},
        HTTP_REFERER="https://elsewhere.example/trap",
    )

    page = response.content.decode()
    assert response.status_code == 403
    assert "elsewhere.example" not in page
    assert f'<a href="{fixture_url}">' in page


def test_the_injured_list_is_confirmed_before_it_happens(client, world):
    player = _player(world.home, Position.HALFBACK)
    Injury.objects.create(
        player=player, season=world.season, duration_die="d10", duration_roll=4, games_out=2
    )
    sign_in(client, world.home_coach)
    url = reverse("player-injured-list", args=[player.pk])
    roster = client.get(reverse("team", args=[world.home.pk])).content.decode()
    assert f'<a href="{url}">Put on injured list…</a>' in roster

    page = client.get(url).content.decode()
    player.refresh_from_db()
    assert player.roster_state == Player.RosterState.ACTIVE
    assert "his spot opens for a Rookie call-up" in page

    client.post(url)
    player.refresh_from_db()
    assert player.roster_state == Player.RosterState.INJURED_LIST


def test_removing_an_enhancement_is_confirmed_before_it_happens(client, world):
    enhancement = Enhancement.objects.create(
        player=_player(world.home), kind=EnhancementKind.EM_COIL
    )
    sign_in(client, world.home_coach)
    url = reverse("enhancement-remove", args=[enhancement.pk])

    assert "Remove EM Coil" in client.get(url).content.decode()
    enhancement.refresh_from_db()
    assert enhancement.removed_at is None

    client.post(url)
    enhancement.refresh_from_db()
    assert enhancement.removed_at is not None


def test_call_up_is_disabled_at_18_of_18_with_the_reason_beside_it(client, world):
    sign_in(client, world.home_coach)
    team_url = reverse("team", args=[world.home.pk])
    call_up = reverse("team-call-up", args=[world.home.pk])

    page = client.get(team_url).content.decode()
    assert f'href="{call_up}"' not in page
    assert 'disabled aria-describedby="call-up-why"' in page
    assert "The roster is full (18 of 18 active)" in page
    assert "has 18 active players" in client.get(call_up).content.decode()

    Player.objects.filter(pk=_player(world.home).pk).update(roster_state="released")
    page = client.get(team_url).content.decode()
    assert f'href="{call_up}"' in page
    assert "The roster is full" not in page


def test_a_round_not_open_says_which_commissioner_opens_it_and_when(client, world):
    world.commissioner.first_name, world.commissioner.last_name = "Morgan", "Reyes"
    world.commissioner.save()
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    round_ = Round.objects.get(season=world.season, number=1)
    round_.starts_on = datetime.date(2026, 12, 5)
    round_.save()
    fixture = round_.fixtures.get()

    page = client.get(reverse("fixture", args=[fixture.pk])).content.decode()

    assert (
        "This round is not open yet. Morgan Reyes, the league&#x27;s commissioner, opens it" in page
    )
    assert "on its date, 5 December 2026" in page


def test_deciding_who_sees_allow_and_ban_costs_no_query_per_detection(client, world):
    """The match-day page's queries do not grow with its detections (may_decide reads the
    page's fixture and roles only)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__number=1, round__season=world.season)
    owner = world.home if fixture.home_team_id == world.home.pk else world.away
    for position in (Position.FORWARD, Position.WINGBACK, Position.HALFBACK):
        Enhancement.objects.create(player=_player(owner, position), kind=EnhancementKind.EM_COIL)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([1, 10] * 3))
    sign_in(client, world.commissioner)
    url = reverse("fixture", args=[fixture.pk])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(url).status_code == 200
        return len(captured)

    three = queries()
    Inspection.objects.filter(fixture=fixture).exclude(
        pk=Inspection.objects.filter(fixture=fixture).order_by("pk").first().pk
    ).delete()
    assert queries() == three
