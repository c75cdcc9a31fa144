"""The coach's actions through the pages: each one works for his coach (and a commissioner),
and each refusal says why: a 403 page naming who may act, the rules' message beside the
field or at the top of the roster, a sign-in for visitors."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Inspection
from games.services import ResultReport, inspection_decide, result_record, round_open
from injuries.models import Injury
from league.models import AuditEntry, Fixture, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import Enhancement, Player
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind, Position, Status
from tests.world import sign_in

pytestmark = pytest.mark.django_db


def _player(team, position=Position.FORWARD, string="first") -> Player:
    return team.players.filter(position=position, string=string).order_by("id").first()


def _injure(player: Player, season: Season, games: int = 2) -> Injury:
    return Injury.objects.create(
        player=player, season=season, duration_die="d20", duration_roll=games * 2, games_out=games
    )


def _posts(world) -> list[tuple[str, str, dict[str, object], str]]:
    """(name, url, data, the refusal's words) for every change a coach can make."""
    player = _player(world.home)
    reserve = _player(world.home, string="second")
    enhancement = Enhancement.objects.create(player=player, kind=EnhancementKind.EM_COIL)
    injury = _injure(_player(world.home, Position.HALFBACK), world.season)
    listed = _player(world.home, Position.MAULER)
    Player.objects.filter(pk=listed.pk).update(roster_state=Player.RosterState.INJURED_LIST)
    coach_only = "Only the coach of Home Hammers or a commissioner may do this."
    return [
        ("rename", reverse("player-rename", args=[player.pk]), {"name": "X"}, coach_only),
        ("swap", reverse("player-swap", args=[player.pk]), {"other": str(reserve.pk)}, coach_only),
        ("picks", reverse("player-picks", args=[player.pk]), {"actions": ["scoring"]}, coach_only),
        ("fit", reverse("player-fit", args=[player.pk]), {"kind": "pulse_magnet"}, coach_only),
        ("release", reverse("player-release", args=[player.pk]), {}, coach_only),
        (
            "call-up",
            reverse("team-call-up", args=[world.home.pk]),
            {"name": "New Kid", "position": "forward"},
            coach_only,
        ),
        ("remove", reverse("enhancement-remove", args=[enhancement.pk]), {}, coach_only),
        ("injured list", reverse("player-injured-list", args=[injury.player_id]), {}, coach_only),
        ("reactivate", reverse("player-reactivate", args=[listed.pk]), {}, coach_only),
        ("heal", reverse("injury-heal", args=[injury.pk]), {}, coach_only),
    ]


@pytest.mark.parametrize("who", ["away_coach", "outsider"])
def test_every_roster_change_by_another_user_is_refused_with_a_clear_message(client, world, who):
    sign_in(client, getattr(world, who))
    for name, url, data, words in _posts(world):
        response = client.post(url, data)
        assert response.status_code == 403, name
        page = response.content.decode()
        assert words in page, name
        assert 'role="alert"' in page, name
    assert not Player.objects.filter(name="X").exists()
    assert not Player.objects.filter(name="New Kid").exists()


def test_a_visitor_is_asked_to_sign_in_before_any_change(client, world):
    for name, url, data, _words in _posts(world):
        response = client.post(url, data)
        assert response.status_code == 302, name
        assert response.url.startswith(reverse("login")), name


def test_forms_of_another_team_are_refused_before_they_show(client, world):
    sign_in(client, world.away_coach)
    response = client.get(reverse("player-rename", args=[_player(world.home).pk]))
    assert response.status_code == 403
    assert "Only the coach of Home Hammers" in response.content.decode()


def test_a_rename_goes_back_to_the_roster_and_highlights_the_row(client, world):
    sign_in(client, world.home_coach)
    player = _player(world.home)

    response = client.post(reverse("player-rename", args=[player.pk]), {"name": "Ada Swift"})

    assert response.status_code == 302
    roster = reverse("team", args=[world.home.pk])
    assert response.url == f"{roster}?changed=player-{player.pk}#player-{player.pk}"
    page = client.get(response.url).content.decode()
    assert f'id="player-{player.pk}" class="row--changed' in page
    assert "Renamed" in page


def test_a_taken_name_is_shown_beside_the_name_field(client, world):
    sign_in(client, world.home_coach)
    one, two = world.home.players.order_by("id")[:2]

    response = client.post(reverse("player-rename", args=[one.pk]), {"name": two.name})

    page = response.content.decode()
    assert response.status_code == 200
    assert "already has a player called" in page
    assert 'aria-invalid="true"' in page


def test_a_commissioner_may_change_any_team(client, world):
    sign_in(client, world.commissioner)
    response = client.post(
        reverse("team-call-up", args=[world.home.pk]), {"name": "Kid", "position": "goalie"}
    )
    assert response.status_code == 200  # the roster is full: the page says so
    assert "has 18 active players" in response.content.decode()
    assert not Player.objects.filter(name="Kid").exists()


def test_a_rule_refusal_returns_to_the_roster_with_its_message(client, world):
    sign_in(client, world.home_coach)
    fit = _player(world.home)

    response = client.post(reverse("player-injured-list", args=[fit.pk]), follow=True)

    assert "is fit" in response.content.decode()


def test_veteran_picks_offer_only_the_positions_actions(client, world):
    sign_in(client, world.home_coach)
    fullback = _player(world.home, Position.FULLBACK)
    Player.objects.filter(pk=fullback.pk).update(status=Status.VETERAN, veteran_actions=[])

    page = client.get(reverse("player-picks", args=[fullback.pk])).content.decode()

    assert 'value="passing"' in page
    assert 'value="scoring"' not in page
    assert 'value="face_offs"' not in page


def test_swap_and_fit_work_from_the_pages(client, world):
    sign_in(client, world.home_coach)
    starter, reserve = _player(world.home), _player(world.home, string="second")
    client.post(reverse("player-swap", args=[starter.pk]), {"other": reserve.pk})
    client.post(reverse("player-fit", args=[starter.pk]), {"kind": "pulse_magnet"})

    starter.refresh_from_db()
    assert starter.string == "second"
    assert starter.enhancements.filter(kind="pulse_magnet", removed_at__isnull=True).exists()


@pytest.fixture
def detected(world) -> Inspection:
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__number=1, round__season=world.season)
    owner = world.home if fixture.home_team_id == world.home.pk else world.away
    Enhancement.objects.create(player=_player(owner), kind=EnhancementKind.PULSE_MAGNET)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([1, 10]))
    return Inspection.objects.get(fixture=fixture)


def test_only_the_opposing_coach_decides_a_detection(client, world, detected):
    owner_team = detected.enhancement.player.team
    owner = world.home_coach if owner_team == world.home else world.away_coach
    inspector = world.away_coach if owner is world.home_coach else world.home_coach
    url = reverse("inspection-decide", args=[detected.pk])
    for user in (owner, world.outsider):
        sign_in(client, user)
        response = client.post(url, {"decision": "ban"})
        assert response.status_code == 403
        assert "decides this detection" in response.content.decode()
    sign_in(client, inspector)
    response = client.post(url, {"decision": "allow"}, follow=True)
    assert "allowed for this match" in response.content.decode()
    response = client.post(url, {"decision": "ban"}, follow=True)
    assert "already decided" in response.content.decode()


def test_only_a_commissioner_simulates(client, world, match_day):
    url = reverse("fixture-simulate", args=[match_day.pk])
    sign_in(client, world.home_coach)
    response = client.post(url)
    assert response.status_code == 403
    assert "Only a commissioner of Test League" in response.content.decode()


def test_only_the_fixtures_coaches_or_a_commissioner_report(client, world, match_day):
    url = reverse("fixture-report", args=[match_day.pk])
    sign_in(client, world.outsider)
    for response in (client.get(url), client.post(url, {"home_score": "0"})):
        assert response.status_code == 403
        assert "may report its result" in response.content.decode()


def test_a_report_with_errors_shows_them_beside_the_fields(client, world, match_day):
    sign_in(client, world.home_coach)
    scorer = _player(world.home)
    data = {
        "home_score": "2",
        "away_score": "x",
        f"p{scorer.pk}-played": "1",
        f"p{scorer.pk}-points": "1",
        f"p{scorer.pk}-scoring-a": "1",
        f"p{scorer.pk}-scoring-s": "2",
    }
    page = client.post(reverse("fixture-report", args=[match_day.pk]), data).content.decode()
    assert 'id="away_score"' in page
    assert "A whole number from 0 to 99." in page

    data["away_score"] = ""
    page = client.post(reverse("fixture-report", args=[match_day.pk]), data).content.decode()
    assert "scored 1 points in their stat lines, not 2" in page
    assert f'id="p{scorer.pk}-scoring-a-error"' in page
    assert f"{scorer.name}: scoring successes (2) cannot exceed attempts (1)." in page
    # The summary at the top links each problem to its box, named for the player and stat.
    assert f'<a href="#p{scorer.pk}-scoring-a">{scorer.name}: scoring successes' in page
    assert '<a href="#home_score">Home score — ' in page

    data.update({"home_score": "1", f"p{scorer.pk}-scoring-a": "3"})
    response = client.post(reverse("fixture-report", args=[match_day.pk]), data)
    assert response.status_code == 302
    match_day.refresh_from_db()
    assert (match_day.result.home_score, match_day.result.away_score) == (1, 0)
    assert match_day.result.appearances.get(player=scorer).points == 1


def test_an_incapacitated_player_took_the_field_and_his_table_roll_is_checked_against_his_die(
    client, world, match_day
):
    """M-T2, M-I1: ticking Incapacitated alone puts the player on the field; when coaches
    roll, his roll is a face of his position's die."""
    world.season.rules.coaches_roll_injuries = True
    world.season.rules.save(update_fields=["coaches_roll_injuries"])
    sign_in(client, world.home_coach)
    scorer, goalie = _player(world.home), _player(world.away, Position.GOALIE)
    data = {
        "home_score": "1",
        f"p{scorer.pk}-points": "1",
        f"p{goalie.pk}-incap": "1",
        f"p{goalie.pk}-roll": "7",
        f"p{goalie.pk}-perm": "2",
    }
    url = reverse("fixture-report", args=[match_day.pk])

    page = client.post(url, data).content.decode()
    assert "A whole number from 0 to 6." in page  # A goalie's injury die is a d6.

    data[f"p{goalie.pk}-roll"] = "5"
    assert client.post(url, data).status_code == 302
    match_day.refresh_from_db()
    assert match_day.result.appearances.filter(player=goalie).exists()
    assert Injury.objects.get(player=goalie).duration_roll == 5


def test_the_coachs_home_lists_his_decisions(client, world, detected):
    owner_team = detected.enhancement.player.team
    inspector = world.away_coach if owner_team == world.home else world.home_coach
    sign_in(client, inspector)
    page = client.get(reverse("my-teams")).content.decode()
    assert "Decide: Pulse Magnet detected" in page
    assert "Next fixture" in page


def test_private_league_pages_are_not_found_for_outsiders(client, world, match_day):
    world.league.is_public = False
    world.league.save()
    urls = (
        reverse("league", args=[world.league.slug]),
        reverse("standings", args=[world.league.slug, world.season.slug]),
        reverse("team", args=[world.home.pk]),
        reverse("player", args=[_player(world.home).pk]),
        reverse("fixture", args=[match_day.pk]),
    )
    for url in urls:
        assert client.get(url).status_code == 404, f"anonymous: {url}"
    sign_in(client, world.outsider)
    for url in urls:
        assert client.get(url).status_code == 404, f"outsider: {url}"
    # The league's own people still see every page of it, the other team's coach included.
    for person in (world.home_coach, world.away_coach, world.commissioner):
        sign_in(client, person)
        for url in urls:
            assert client.get(url).status_code == 200, f"{person}: {url}"


# --- Pages for a state already past (issue #47) ---------------------------------------------------


def test_a_played_fixtures_report_page_shows_its_result_and_how_to_have_it_corrected(
    client, world, match_day
):
    """Issue #47: the page showed a blank form and said "This fixture is played" only on
    submit. Now it shows the result and who corrects it, offers no form, and a post
    records nothing."""
    world.commissioner.email = "morgan@example.com"
    world.commissioner.save(update_fields=["email"])
    result_record(fixture=match_day, report=ResultReport(0, 0), actor=world.home_coach)
    url = reverse("fixture-report", args=[match_day.pk])
    sign_in(client, world.away_coach)

    page = client.get(url).content.decode()

    assert "Result recorded" in page
    assert f"{world.home.name} 0–0 {world.away.name}" in page
    assert 'href="mailto:morgan@example.com' in page
    assert "<form" not in page.split("<main", 1)[-1]
    assert "Record the result" not in page

    posted = client.post(url, {"home_score": "3", "away_score": "0"})
    assert posted.status_code == 409
    assert "Nothing was recorded: this fixture already has its result." in posted.content.decode()
    match_day.refresh_from_db()
    assert (match_day.result.home_score, match_day.result.away_score) == (0, 0)


def test_a_commissioner_is_sent_from_a_played_fixtures_report_page_to_its_correction(
    client, world, match_day
):
    result = result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
    world.commissioner.is_staff = True
    world.commissioner.save(update_fields=["is_staff"])
    sign_in(client, world.commissioner)

    page = client.get(reverse("fixture-report", args=[match_day.pk])).content.decode()

    correct = reverse("admin:league_result_step", args=[result.pk, "correct"])
    assert f'href="{correct}">Correct this result</a>' in page


def test_a_fixture_not_ready_says_why_before_a_form_is_filled(client, world, match_day):
    Fixture.objects.filter(pk=match_day.pk).update(status=Fixture.Status.SIMULATING)
    sign_in(client, world.home_coach)

    page = client.get(reverse("fixture-report", args=[match_day.pk])).content.decode()

    assert "its result is recorded when the simulation finishes" in page
    assert "Record the result" not in page


def test_a_decided_inspections_ban_page_shows_its_decision_and_offers_no_ban(
    client, world, detected
):
    """Issue #47: /inspections/<id>/ban/ still offered "Ban" after the ban."""
    owner_team = detected.enhancement.player.team
    inspector = world.away_coach if owner_team == world.home else world.home_coach
    inspection_decide(inspection=detected, allow=False, actor=inspector)
    url = reverse("inspection-ban", args=[detected.pk])
    sign_in(client, inspector)

    page = client.get(url).content.decode()

    player = detected.enhancement.player
    assert f"Pulse Magnet on {player}: banned" in page
    assert f"Pulse Magnet on {player} was banned by {inspector.username} on " in page
    assert "This inspection is decided: there is nothing left to do here." in page
    assert "Ban Pulse Magnet" not in page
    assert "<form" not in page.split("<main", 1)[-1]

    posted = client.post(url)
    assert posted.status_code == 409
    assert "Nothing was changed: this inspection is decided." in posted.content.decode()
    assert AuditEntry.objects.filter(action__startswith="inspection").count() == 1
