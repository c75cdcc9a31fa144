"""The API as a script author meets it (issue #18, item 6): who am I, `roster_state=active`
as "may play", strict `?ordering=`, absolute URLs, why a job waits."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from api.tokens import api_token_create
from games.models import LineupEntry, SimulationJob
from games.selectors import STALE_AFTER, job_waiting_for
from injuries.models import Injury
from league.models import Result, Season
from league.services.seasons import season_transition
from rosters.models import Player
from tests.api.client import Api
from tests.world import sign_in

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


# --- GET me/ ----------------------------------------------------------------------------------


def test_me_names_the_user_his_teams_and_the_token(world, match_day):
    _, key = api_token_create(user=world.home_coach, name="results bot", actor=None)

    me = Api(key).get("/api/v1/me/").json()

    assert me["username"] == world.home_coach.username
    assert me["display_name"] == (world.home_coach.get_full_name() or world.home_coach.username)
    assert me["commissioner_of"] == []
    [team] = me["teams"]
    assert (team["id"], team["name"], team["ruleset"]) == (
        world.home.pk,
        world.home.name,
        "magnoball",
    )
    assert team["league"] == {
        "id": world.league.pk,
        "name": world.league.name,
        "ruleset": "magnoball",
    }
    assert team["season"] == {"id": world.season.pk, "name": world.season.name, "status": "active"}
    assert me["token"]["name"] == "results bot"
    assert key.startswith(me["token"]["prefix"])


def test_me_lists_a_commissioners_leagues(world, api_as):
    me = api_as(world.commissioner).get("/api/v1/me/").json()

    assert [league["id"] for league in me["commissioner_of"]] == [world.league.pk]
    assert (me["teams"], me["site_admin"]) == ([], False)


def test_me_by_session_has_no_token(world, client):
    sign_in(client, world.outsider)

    me = client.get("/api/v1/me/").json()

    assert (me["username"], me["token"], me["teams"]) == ("outsider", None, [])


def test_me_refuses_anonymous_in_the_error_shape(world):
    response = Api().get("/api/v1/me/")

    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert response["WWW-Authenticate"] == "Token"


# --- roster_state=active: who may play --------------------------------------------------------


def _injure(player: Player, season: Season) -> Injury:
    return Injury.objects.create(
        player=player, season=season, duration_die="d20", duration_roll=4, games_out=2
    )


def test_active_lists_only_players_who_may_play_and_a_report_takes_each(world, match_day, api_as):
    forward = world.home.players.filter(position="forward", string="first").first()
    _injure(forward, world.season)
    listed = world.home.players.filter(position="mauler").first()
    Player.objects.filter(pk=listed.pk).update(roster_state=Player.RosterState.INJURED_LIST)
    coach = api_as(world.home_coach)

    page = coach.get(f"/api/v1/teams/{world.home.pk}/players/?roster_state=active&page_size=200")
    active = page.json()["results"]

    ids = {p["id"] for p in active}
    assert forward.pk not in ids
    assert listed.pk not in ids
    assert all(p["may_play"] for p in active)
    assert ids == set(
        world.home.players.filter(roster_state="active")
        .exclude(pk=forward.pk)
        .values_list("pk", flat=True)
    )
    # The injured forward is on the active roster, and says he may not play.
    player = coach.get(f"/api/v1/players/{forward.pk}/").json()["player"]
    assert (player["roster_state"], player["may_play"]) == ("active", False)
    # Every player the filter lists is accepted in a report (games/services/results.py agrees).
    away = world.away.players.filter(roster_state="active").first()
    lines = [{"player": p["id"], "points": 0} for p in active]
    lines.append({"player": away.pk, "points": 0})
    lines[0]["points"] = 1
    lines[0]["stats"] = {"scoring": {"attempts": 1, "successes": 1}}
    report = {"home_score": 1, "away_score": 0, "lines": lines}

    answer = coach.post(f"/api/v1/fixtures/{match_day.pk}/result/", report)

    assert answer.status_code == 201, answer.json()
    # Each line named, and every starter besides (M-P3: a result's appearances are its
    # line-up).
    appeared = Result.objects.get(fixture=match_day).appearances.values_list("player", flat=True)
    starters = LineupEntry.objects.filter(fixture=match_day, starter=True)
    assert set(appeared) == {line["player"] for line in lines} | set(
        starters.values_list("player", flat=True)
    )


def test_an_injured_player_in_a_report_is_refused(world, match_day, api_as):
    forward = world.home.players.filter(position="forward", string="first").first()
    _injure(forward, world.season)
    report = {
        "home_score": 1,
        "away_score": 0,
        "lines": [
            {
                "player": forward.pk,
                "points": 1,
                "stats": {"scoring": {"attempts": 1, "successes": 1}},
            }
        ],
    }

    answer = api_as(world.home_coach).post(f"/api/v1/fixtures/{match_day.pk}/result/", report)

    assert answer.status_code == 400
    assert "lines[0].player" in answer.json()["error"]["fields"]


def test_other_roster_states_list_those_players(world):
    listed = world.home.players.first()
    Player.objects.filter(pk=listed.pk).update(roster_state=Player.RosterState.INJURED_LIST)

    page = Api().get(f"/api/v1/teams/{world.home.pk}/players/?roster_state=injured_list").json()

    assert [p["id"] for p in page["results"]] == [listed.pk]


# --- ?ordering= -------------------------------------------------------------------------------


def test_ordering_by_a_listed_field_sorts(world):
    names = [t["name"] for t in Api().get("/api/v1/teams/?ordering=-name").json()["results"]]

    assert names == sorted(names, reverse=True)


@pytest.mark.parametrize(
    "path", ["/api/v1/teams/?ordering=coach", "/api/v1/fixtures/?ordering=id,-bogus"]
)
def test_an_unknown_ordering_field_is_refused_naming_it(world, path):
    response = Api().get(path)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    [message] = error["fields"]["ordering"]
    assert ("coach" if "coach" in path else "bogus") in message


def test_a_list_with_one_order_refuses_any_ordering(world, match_day):
    response = Api().get(f"/api/v1/fixtures/{match_day.pk}/dice/?ordering=id")

    assert response.status_code == 400
    assert "ordering" in response.json()["error"]["fields"]


def test_the_schema_lists_each_lists_ordering_fields_exactly(client):
    schema = client.get("/api/v1/schema/?format=json").json()

    [ordering] = [
        p for p in schema["paths"]["/api/v1/teams/"]["get"]["parameters"] if p["name"] == "ordering"
    ]
    assert ordering["schema"]["items"]["enum"] == ["name", "-name", "created_at", "-created_at"]
    dice = schema["paths"]["/api/v1/fixtures/{fixture_id}/dice/"]["get"]["parameters"]
    assert "ordering" not in {p["name"] for p in dice}


# --- absolute URLs ----------------------------------------------------------------------------


def test_job_and_location_urls_are_absolute_like_the_pagination_links(world, match_day, api_as):
    commissioner = api_as(world.commissioner)

    queued = commissioner.post(f"/api/v1/fixtures/{match_day.pk}/simulate/")

    job = queued.json()
    assert job["url"] == f"{HOST}/api/v1/jobs/{job['job_id']}/"
    assert queued["Location"] == job["url"]
    assert job["fixture_url"] == f"{HOST}/api/v1/fixtures/{match_day.pk}/"
    assert commissioner.get(job["url"]).json()["url"] == job["url"]
    assert Api().get("/api/v1/teams/?page_size=1").json()["next"].startswith(HOST)


def test_a_reported_results_location_is_absolute(world, match_day, api_as):
    scorer = world.home.players.filter(position="forward", string="first").first()
    report = {
        "home_score": 1,
        "away_score": 0,
        "lines": [
            {
                "player": scorer.pk,
                "points": 1,
                "stats": {"scoring": {"attempts": 1, "successes": 1}},
            }
        ],
    }

    answer = api_as(world.home_coach).post(f"/api/v1/fixtures/{match_day.pk}/result/", report)

    assert answer.status_code == 201
    assert answer["Location"] == f"{HOST}/api/v1/fixtures/{match_day.pk}/"


# --- why a job waits ---------------------------------------------------------------------------


def test_a_queued_job_says_how_many_jobs_are_ahead(world, match_day, api_as):
    queued = api_as(world.commissioner).post(f"/api/v1/fixtures/{match_day.pk}/simulate/").json()
    SimulationJob.objects.filter(pk=queued["job_id"]).update(sent_at=timezone.now())

    job = api_as(world.commissioner).get(queued["url"]).json()

    assert (job["state"], job["waiting_for"]) == ("queued", "Next in the queue.")


def test_waiting_for_names_the_queue_ahead_a_lost_worker_and_a_silent_one(world, match_day):
    now = timezone.now()
    job = SimulationJob.objects.create(
        fixture=match_day, seed=1, state="queued", queued_at=now, sent_at=now, attempts=1
    )
    other = world.season.rounds.get(number=2).fixtures.get()
    SimulationJob.objects.create(
        fixture=other, seed=2, state="running", heartbeat_at=now - 2 * STALE_AFTER, attempts=1
    )

    words = job_waiting_for(
        job_id=job.pk,
        state="queued",
        waiting_reason="",
        sent_at=now,
        queued_at=now,
        attempts=1,
        now=now + 2 * STALE_AFTER,
    )

    assert "attempt 2 of 5" in words
    assert "Queued behind 1 job." in words
    assert "No worker has run a job since" in words


def test_waiting_for_is_the_waiting_reason_and_empty_once_finished(world, match_day):
    def words(state: str) -> str:
        return job_waiting_for(
            job_id=1,
            state=state,
            waiting_reason="Waits for round 1.",
            sent_at=None,
            queued_at=None,
            attempts=0,
        )

    assert words("waiting") == "Waits for round 1."
    assert words("queued").startswith("The job queue cannot be reached")
    assert words("succeeded") == words("failed") == ""


def test_the_web_job_status_says_why_it_waits(world, match_day, client):
    job = SimulationJob.objects.create(
        fixture=match_day,
        seed=1,
        state="queued",
        queued_at=timezone.now() - timedelta(seconds=1),
        sent_at=timezone.now(),
    )
    sign_in(client, world.commissioner)

    status = client.get(f"/jobs/{job.pk}/status/").json()
    page = client.get(f"/fixtures/{match_day.pk}/").content.decode()

    assert status["waiting_for"] == "Next in the queue."
    assert "Next in the queue." in page


# --- error codes that were never returned ------------------------------------------------------


def test_reporting_in_a_season_not_running_says_so(world, match_day, api_as):
    season_transition(season=world.season, to=Season.Status.FINISHED, actor=None)

    answer = api_as(world.home_coach).post(
        f"/api/v1/fixtures/{match_day.pk}/result/", {"home_score": 0, "away_score": 0, "lines": []}
    )

    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "season_not_running"


def test_a_second_simulation_of_a_fixture_is_job_exists(world, match_day, api_as):
    commissioner = api_as(world.commissioner)
    assert commissioner.post(f"/api/v1/fixtures/{match_day.pk}/simulate/").status_code == 202

    again = commissioner.post(f"/api/v1/fixtures/{match_day.pk}/simulate/")

    assert (again.status_code, again.json()["error"]["code"]) == (409, "job_exists")


def test_a_session_post_without_csrf_is_forbidden_not_permission_denied(world, match_day):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    sign_in(client, world.commissioner)

    answer = client.post(
        f"/api/v1/fixtures/{match_day.pk}/simulate/", "{}", content_type="application/json"
    )

    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "forbidden"


# --- manage.py api_token_create ---------------------------------------------------------------


def test_the_token_command_prints_a_key_that_signs_in(world):
    out = StringIO()

    call_command("api_token_create", world.home_coach.username, "--name", "bot", stdout=out)

    me = Api(out.getvalue().strip()).get("/api/v1/me/").json()
    assert (me["username"], me["token"]["name"]) == (world.home_coach.username, "bot")


def test_the_token_command_refuses_an_unknown_user(world):
    with pytest.raises(CommandError, match="No active user"):
        call_command("api_token_create", "nobody", stdout=StringIO())
