"""A verified coach asks to join a league open to sign-ups with a team of his making; a
commissioner approves (the team made by the game's creation rules, M-P2/M-P4, with him as
coach) or refuses with a reason; nothing becomes a team before. Every refusal changes
nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail

from league.errors import DomainError, PermissionRefused
from league.models import AuditEntry, Season, StandingRow, Team
from league.services.schedule import season_generate_schedule
from league.signup.models import JoinRequest, SignupAccount
from league.signup.services import (
    join_request_approve,
    join_request_refuse,
    join_request_submit,
    join_request_withdraw,
)
from rosters.models import DiceRoll, Player
from rosters.services import team_create
from tests.signup.helpers import PASSWORD, league_open, verified_user
from tests.world import sign_in

pytestmark = pytest.mark.django_db

SITE = "http://testserver/"


def join_url(world) -> str:
    return f"/leagues/{world.league.slug}/join/{world.season.slug}/"


def request_for(world, user, name="Stranger Things", short_name="STR", **choices):
    return join_request_submit(
        season=world.season,
        actor=user,
        name=name,
        short_name=short_name,
        colour="#aa3300",
        choices=choices,
    )


@pytest.fixture
def coach(world):
    league_open(world.league)
    return verified_user()


def test_a_verified_coach_asks_to_join_and_no_team_is_made_yet(
    client, world, coach, django_capture_on_commit_callbacks
):
    client.force_login(coach)
    landing = client.get(f"/leagues/{world.league.slug}/join/")
    assert landing.status_code == 302  # the one season taking teams
    assert landing["Location"] == join_url(world)
    page = client.get(join_url(world))
    assert page.status_code == 200
    assert "18 players rolled" in page.content.decode()  # the game's creation, M-P2
    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(
            join_url(world), {"name": "Stranger Things", "short_name": "str", "colour": "#aa3300"}
        )
    assert sent.status_code == 302
    assert sent["Location"] == "/my/"
    request = JoinRequest.objects.get()
    assert (request.user, request.season, request.short_name) == (coach, world.season, "STR")
    assert request.pending
    assert not Team.objects.filter(name="Stranger Things").exists()
    assert AuditEntry.objects.filter(action="signup.join_request.submit").exists()
    (told,) = mail.outbox  # the league's commissioner
    assert told.to == [world.commissioner.email]
    assert "stranger asks to join Test League" in told.subject
    my = client.get("/my/").content.decode()
    assert "Stranger Things" in my
    assert "waiting for a commissioner" in my


def test_approval_makes_the_team_by_the_rules_with_him_as_coach(
    world, coach, django_capture_on_commit_callbacks
):
    request = request_for(world, coach)
    with django_capture_on_commit_callbacks(execute=True):
        team = join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)
    assert (team.name, team.short_name, team.coach, team.colour) == (
        "Stranger Things",
        "STR",
        coach,
        "#aa3300",
    )
    assert Player.objects.filter(team=team).count() == 18  # M-P2
    assert DiceRoll.objects.filter(team=team, fixture__isnull=True).exists()  # M-P4 in the ledger
    assert StandingRow.objects.filter(season=world.season, team=team).exists()
    request.refresh_from_db()
    assert (request.status, request.team, request.decided_by) == (
        JoinRequest.Status.APPROVED,
        team,
        world.commissioner,
    )
    assert AuditEntry.objects.filter(action="signup.join_request.approve").count() == 1
    (email,) = [m for m in mail.outbox if m.to == [coach.email]]
    assert "Stranger Things is in" in email.subject
    assert "http://testserver/my/" in email.body


def test_his_player_names_name_the_roster_in_order(world, coach):
    names = [f"Player {index}" for index in range(1, 19)]
    request = request_for(world, coach, player_names=names)
    team = join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)
    assert list(team.players.order_by("shirt_number").values_list("name", flat=True)) == names


def test_the_join_form_refuses_a_short_list_of_player_names(client, world, coach):
    client.force_login(coach)
    page = client.post(
        join_url(world),
        {"name": "Strays", "short_name": "STY", "colour": "#aa3300", "player_names": "One\nTwo"},
    )
    assert "Give 18 names" in " ".join(page.context["form"].errors["player_names"])
    assert not JoinRequest.objects.exists()


def test_a_table_dice_season_asks_for_his_creation_dice(client, world, coach):
    rules = world.season.rules
    rules.coaches_roll_creation = True
    rules.save(update_fields=["coaches_roll_creation"])
    client.force_login(coach)
    page = client.post(
        join_url(world), {"name": "Strays", "short_name": "STY", "colour": "#aa3300"}
    )
    assert "enter the d12s" in " ".join(page.context["form"].errors["faces"])
    assert not JoinRequest.objects.exists()


def test_approving_twice_makes_one_team(world, coach):
    request = request_for(world, coach)
    join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)
    with pytest.raises(DomainError, match="already decided"):
        join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)
    assert Team.objects.filter(name="Stranger Things").count() == 1


def test_the_last_place_goes_to_one_request(world, coach):
    league_open(world.league, team_limit=3)  # two teams entered already
    other = verified_user("second")
    first = request_for(world, coach)
    second = request_for(world, other, name="Second City", short_name="SEC")
    join_request_approve(join_request=first, actor=world.commissioner, site_url=SITE)
    with pytest.raises(DomainError, match="is full"):
        join_request_approve(join_request=second, actor=world.commissioner, site_url=SITE)
    second.refresh_from_db()
    assert second.pending
    assert StandingRow.objects.filter(season=world.season).count() == 3


def test_a_name_taken_before_approval_refuses_it_and_changes_nothing(world, coach):
    request = request_for(world, coach)
    team_create(season=world.season, name="Stranger Things", short_name="ZZZ", actor=None)
    with pytest.raises(DomainError, match="already has a team"):
        join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)
    request.refresh_from_db()
    assert request.pending
    assert Team.objects.filter(name="Stranger Things").count() == 1


@pytest.mark.parametrize(
    ("name", "short_name", "field"),
    [
        ("Home Hammers", "NEW", "name"),  # a team's name
        ("home hammers", "NEW", "name"),  # however it is written
        ("Fresh Start", "HOM", "short_name"),  # a team's short name
        ("Waiting Room", "NEW", "name"),  # another coach's request waiting
    ],
)
def test_a_taken_team_name_is_refused_beside_its_field(
    client, world, coach, name, short_name, field
):
    request_for(world, verified_user("early"), name="Waiting Room", short_name="WAI")
    client.force_login(coach)
    page = client.post(
        join_url(world), {"name": name, "short_name": short_name, "colour": "#aa3300"}
    )
    assert page.status_code == 200
    assert "choose another" in " ".join(page.context["form"].errors[field])
    assert JoinRequest.objects.filter(user=coach).count() == 0


def test_one_waiting_request_per_season(world, coach):
    request_for(world, coach)
    with pytest.raises(DomainError, match="already waiting"):
        request_for(world, coach, name="Second Try", short_name="TRY")
    assert JoinRequest.objects.count() == 1


def test_a_closed_league_takes_no_requests(client, world):
    user = verified_user()
    client.force_login(user)
    page = client.get(f"/leagues/{world.league.slug}/join/")
    assert "takes no requests to join" in page.content.decode()
    refused = client.post(
        join_url(world), {"name": "Strays", "short_name": "STY", "colour": "#aa3300"}
    )
    assert refused.status_code == 403
    with pytest.raises(DomainError, match="takes no requests"):
        request_for(world, user)
    assert not JoinRequest.objects.exists()


def test_an_unverified_account_cannot_ask(client, world):
    league_open(world.league)
    user = User.objects.create_user("fresh", "fresh@example.com", PASSWORD)
    SignupAccount.objects.create(user=user, email=user.email)
    client.force_login(user)
    assert (
        "Verify your email first"
        in client.get(f"/leagues/{world.league.slug}/join/").content.decode()
    )
    refused = client.post(
        join_url(world), {"name": "Strays", "short_name": "STY", "colour": "#aa3300"}
    )
    assert refused.status_code == 403
    assert not JoinRequest.objects.exists()


def test_a_visitor_is_sent_to_sign_in_or_up(client, world):
    league_open(world.league)
    page = client.get(f"/leagues/{world.league.slug}/join/").content.decode()
    assert 'href="/accounts/sign-up/"' in page
    form = client.get(join_url(world))
    assert form.status_code == 302
    assert form["Location"].startswith("/accounts/login/?next=")


def test_a_scheduled_season_takes_no_requests(world, coach):
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    with pytest.raises(DomainError, match="schedule is made"):
        request_for(world, coach)


def test_a_request_waiting_when_the_schedule_is_made_is_not_approved(world, coach):
    request = request_for(world, coach)
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    with pytest.raises(DomainError, match="schedule is made"):
        join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)
    assert not Team.objects.filter(name="Stranger Things").exists()


def test_a_coach_already_in_the_season_cannot_ask_again(world):
    league_open(world.league)
    SignupAccount.objects.create(
        user=world.home_coach, email="h@example.com", verified_at="2026-01-01T00:00Z"
    )
    with pytest.raises(DomainError, match="already coach"):
        request_for(world, world.home_coach)


@pytest.mark.parametrize("role", ["home_coach", "away_coach", "outsider"])
def test_only_a_commissioner_decides(world, coach, role):
    request = request_for(world, coach)
    actor = getattr(world, role)
    with pytest.raises(PermissionRefused):
        join_request_approve(join_request=request, actor=actor, site_url=SITE)
    with pytest.raises(PermissionRefused):
        join_request_refuse(join_request=request, actor=actor, reason="No", site_url=SITE)
    request.refresh_from_db()
    assert request.pending


def test_refusal_needs_a_reason_and_tells_the_coach(
    client, world, coach, django_capture_on_commit_callbacks
):
    request = request_for(world, coach)
    with pytest.raises(DomainError, match="Say why"):
        join_request_refuse(
            join_request=request, actor=world.commissioner, reason=" ", site_url=SITE
        )
    with django_capture_on_commit_callbacks(execute=True):
        join_request_refuse(
            join_request=request,
            actor=world.commissioner,
            reason="The league is full.",
            site_url=SITE,
        )
    request.refresh_from_db()
    assert (request.status, request.reason) == (JoinRequest.Status.REFUSED, "The league is full.")
    (email,) = [m for m in mail.outbox if m.to == [coach.email]]
    assert "The league is full." in email.body
    client.force_login(coach)
    my = client.get("/my/").content.decode()
    assert "refused: The league is full." in my
    assert f'href="/leagues/{world.league.slug}/join/"' in my  # ask again
    assert not Team.objects.filter(name="Stranger Things").exists()


def test_the_coach_withdraws_his_waiting_request(client, world, coach):
    request = request_for(world, coach)
    with pytest.raises(PermissionRefused):
        join_request_withdraw(join_request=request, actor=world.outsider)
    sign_in(client, world.outsider)
    assert client.post(f"/my/requests/{request.pk}/withdraw/").status_code == 404
    client.force_login(coach)
    assert client.post(f"/my/requests/{request.pk}/withdraw/").status_code == 302
    request.refresh_from_db()
    assert request.status == JoinRequest.Status.WITHDRAWN
    with pytest.raises(DomainError, match="already decided"):
        join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)


def test_the_league_page_and_the_open_list_show_the_way_in(client, world):
    page = client.get(f"/leagues/{world.league.slug}/").content.decode()
    assert "Join this league" not in page
    league_open(world.league)
    page = client.get(f"/leagues/{world.league.slug}/").content.decode()
    assert f'href="/leagues/{world.league.slug}/join/"' in page
    listed = client.get("/join/").content.decode()
    assert world.league.name in listed
    assert world.season.name in listed


def test_an_approved_coach_coaches_his_team(client, world, coach):
    request = request_for(world, coach)
    team = join_request_approve(join_request=request, actor=world.commissioner, site_url=SITE)
    client.force_login(coach)
    my = client.get("/my/")
    assert [entry.team for entry in my.context["teams"]] == [team]
    assert Season.objects.get(pk=world.season.pk).standings.filter(team__coach=coach).exists()


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),  # to sign in
        ("home_coach", 403),  # already coaches a team in the season
        ("away_coach", 403),
        ("unverified", 403),
        ("outsider", 302),  # an account the commissioners made: asks like anyone verified
        ("commissioner", 302),  # may ask for a team of his own too
    ],
)
def test_who_may_ask_to_join(client, world, role, status):
    league_open(world.league)
    if role == "unverified":
        user = User.objects.create_user("fresh", "fresh@example.com", PASSWORD)
        SignupAccount.objects.create(user=user, email=user.email)
        client.force_login(user)
    elif role != "anonymous":
        sign_in(client, getattr(world, role))
    response = client.post(
        join_url(world), {"name": "Strays", "short_name": "STY", "colour": "#aa3300"}
    )
    assert response.status_code == status
    made = JoinRequest.objects.filter(name="Strays").exists()
    assert made == (role in ("outsider", "commissioner"))
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/")


def test_a_coach_with_a_request_waiting_is_sent_to_my_teams(client, world, coach):
    request_for(world, coach)
    client.force_login(coach)
    response = client.get(join_url(world))
    assert (response.status_code, response["Location"]) == (302, "/my/")
