"""POST/PUT/DELETE /api/v1/arenaball/fixtures/{id}/result/ and the fixture's pits: the
game's report service behind idempotency keys and one error shape, each rule's refusal
beside its field, and MagnoBall's endpoints refusing an Arenaball fixture."""

from __future__ import annotations

import pytest

from arenaball.models import Character, Pits, Report
from league.models import Fixture, IdempotencyRecord, Result, StandingRow
from tests.api.arena import ROLES, expected, result_url, win_body
from tests.arenaball.world import driver, gunner, play

pytestmark = pytest.mark.django_db

KEY = "Idempotency-Key"


def _points(team_id: int, arena) -> int:
    return StandingRow.objects.get(season=arena.season, team_id=team_id).points


def _nothing_recorded(fixture: Fixture) -> None:
    assert not Result.objects.filter(fixture=fixture).exists()
    assert not Report.objects.exists()
    assert not IdempotencyRecord.objects.exists()


def test_a_coach_reports_a_game_and_gets_the_fixture_with_its_report(arena, fixture_one, arena_as):
    response = arena_as(fixture_one.home_team.coach).post(
        result_url(fixture_one), win_body(fixture_one)
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["fixture"]["status"] == "played"
    assert (body["report"]["home_score"], body["report"]["away_score"]) == (5, 0)
    assert body["report"]["winner"] == fixture_one.home_team_id
    assert [g["plate"] for g in body["report"]["goals"]] == ["centre", "outer", "outer"]
    assert body["lineups"]["home"]["pits"] == ["4", "5"]
    assert response["Location"] == f"http://testserver/api/v1/arenaball/fixtures/{fixture_one.pk}/"
    assert _points(fixture_one.home_team_id, arena) == 2
    scorer = driver(fixture_one.home_team, "2")
    assert (scorer.goals, scorer.driver_points) == (2, 3)


def test_a_retry_with_the_same_key_replays_the_first_response(fixture_one, arena_as):
    api = arena_as(fixture_one.home_team.coach)
    first = api.post(result_url(fixture_one), win_body(fixture_one), **{KEY: "g1"})
    again = api.post(result_url(fixture_one), win_body(fixture_one), **{KEY: "g1"})

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Result.objects.count() == 1


def test_the_same_key_with_another_body_is_refused(fixture_one, arena_as):
    api = arena_as(fixture_one.home_team.coach)
    api.post(result_url(fixture_one), win_body(fixture_one), **{KEY: "g1"})

    other = api.post(result_url(fixture_one), win_body(fixture_one, time_limit=True), **{KEY: "g1"})

    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_key_reused"
    assert Report.objects.get().time_limit is False


def test_a_second_report_without_a_key_is_a_conflict(fixture_one, arena_as):
    api = arena_as(fixture_one.home_team.coach)
    api.post(result_url(fixture_one), win_body(fixture_one))

    again = api.post(result_url(fixture_one), win_body(fixture_one))

    assert again.status_code == 409
    assert again.json()["error"]["code"] == "already_played"


def test_a_refused_report_keeps_no_key_so_a_corrected_body_may_reuse_it(fixture_one, arena_as):
    api = arena_as(fixture_one.home_team.coach)
    bad = api.post(result_url(fixture_one), win_body(fixture_one, home_score=4), **{KEY: "k"})

    good = api.post(result_url(fixture_one), win_body(fixture_one), **{KEY: "k"})

    assert (bad.status_code, good.status_code) == (400, 201)


@pytest.mark.parametrize("role", ROLES)
def test_reporting_by_role(fixture_one, arena_as, arena_role, role):
    response = arena_as(arena_role(role)).post(result_url(fixture_one), win_body(fixture_one))

    status = expected(role, {"coach", "other_coach", "commissioner"}, 201)
    assert response.status_code == status, response.content
    assert Result.objects.filter(fixture=fixture_one).exists() == (status == 201)
    if status != 201:
        code = "not_authenticated" if role == "anonymous" else "forbidden"
        assert response.json()["error"]["code"] == code


def test_a_private_league_is_not_found_for_an_outsider(arena, fixture_one, arena_as):
    arena.league.is_public = False
    arena.league.save(update_fields=["is_public"])

    posted = arena_as(arena.outsider).post(result_url(fixture_one), win_body(fixture_one))
    read = arena_as(None).get(f"/api/v1/arenaball/fixtures/{fixture_one.pk}/")
    coach = arena_as(fixture_one.away_team.coach).get(
        f"/api/v1/arenaball/fixtures/{fixture_one.pk}/"
    )

    assert (posted.status_code, read.status_code, coach.status_code) == (404, 404, 200)
    assert posted.json()["error"]["code"] == "not_found"


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", ["{", "[1, 2", '{"home_score": Infinity}', "[" * 1000 + "]" * 1000])
def test_a_malformed_body_is_a_400(fixture_one, arena_as, raw):
    response = arena_as(fixture_one.home_team.coach).post(result_url(fixture_one), raw=raw)

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_body"
    _nothing_recorded(fixture_one)


def test_a_body_that_is_not_an_object_is_a_400(fixture_one, arena_as):
    response = arena_as(fixture_one.home_team.coach).post(result_url(fixture_one), [1, 2])

    assert response.status_code == 400
    assert "body" in response.json()["error"]["fields"]


def test_wrong_types_are_named_by_their_dotted_fields(fixture_one, arena_as):
    body = win_body(
        fixture_one,
        home_score="five",
        time_limit="no",
        home_pits="4,5",
        colour="red",
    )
    body["goals"][0]["scorer"] = "Theo"
    body["goals"][1]["plate"] = "middle"

    response = arena_as(fixture_one.home_team.coach).post(result_url(fixture_one), body)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert set(error["fields"]) == {
        "home_score",
        "time_limit",
        "home_pits",
        "colour",
        "goals.0.scorer",
        "goals.1.plate",
    }
    assert error["fields"]["colour"] == ["Unknown field."]
    _nothing_recorded(fixture_one)


def _refused(response) -> dict:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid_report"
    for problem in error["problems"]:
        assert problem["field"] in error["fields"]
        assert problem["rule"].startswith("A-")
    return error


def test_goals_that_do_not_add_up_to_the_score_are_refused(fixture_one, arena_as):
    response = arena_as(fixture_one.home_team.coach).post(
        result_url(fixture_one), win_body(fixture_one, home_score=4)
    )

    error = _refused(response)
    assert any(p["rule"] == "A-G1" for p in error["problems"]), error
    _nothing_recorded(fixture_one)


def test_a_scorer_who_was_not_driving_is_refused_beside_his_goal(fixture_one, arena_as):
    body = win_body(fixture_one)
    body["goals"][0]["scorer"] = gunner(fixture_one.home_team).pk

    error = _refused(arena_as(fixture_one.home_team.coach).post(result_url(fixture_one), body))

    assert "goals.0.scorer" in error["fields"], error
    assert "scorer_not_driver" in {p["code"] for p in error["problems"]}


def test_a_substitute_without_a_kill_is_refused(fixture_one, arena_as):
    home = fixture_one.home_team_id
    body = win_body(
        fixture_one, substitutions=[{"team": home, "on": "4", "off": "1", "because": "killed"}]
    )

    error = _refused(arena_as(fixture_one.home_team.coach).post(result_url(fixture_one), body))

    assert any(name.startswith("substitutions.0") for name in error["fields"]), error


def test_pits_that_are_not_two_track_cars_are_refused_beside_the_side(fixture_one, arena_as):
    body = win_body(fixture_one, home_pits=["GK"])

    error = _refused(arena_as(fixture_one.home_team.coach).post(result_url(fixture_one), body))

    assert any(name.startswith("home.") or name == "home" for name in error["fields"]), error


# --- correction and void ------------------------------------------------------------------------


def test_a_commissioner_corrects_a_game_and_everything_is_recomputed(arena, fixture_one, arena_as):
    play(fixture_one, actor=arena.commissioner)
    home, away = fixture_one.home_team, fixture_one.away_team
    a_one, a_two = driver(away, "1").pk, driver(away, "2").pk
    body = {
        "home_score": 0,
        "away_score": 5,
        "goals": [
            {"team": away.pk, "scorer": a_one, "plate": "centre"},
            {"team": away.pk, "scorer": a_two, "plate": "outer"},
            {"team": away.pk, "scorer": a_two, "plate": "outer"},
        ],
        "home_pits": ["4", "5"],
        "away_pits": ["4", "5"],
    }

    response = arena_as(arena.commissioner).put(result_url(fixture_one), body)

    assert response.status_code == 200, response.content
    assert response.json()["report"]["winner"] == away.pk
    assert (_points(home.pk, arena), _points(away.pk, arena)) == (0, 2)
    home_scorer = Character.objects.get(pk=driver(home, "2").pk)
    assert (home_scorer.goals, home_scorer.driver_points) == (0, 0)
    assert Character.objects.get(pk=a_two).goals == 2
    assert Result.objects.get(fixture=fixture_one).source == Result.Source.CORRECTED


def test_a_commissioner_voids_a_game(arena, fixture_one, arena_as):
    play(fixture_one, actor=arena.commissioner)

    response = arena_as(arena.commissioner).delete(result_url(fixture_one))

    assert response.status_code == 200, response.content
    assert response.json()["report"] is None
    assert response.json()["fixture"]["status"] == "ready"
    assert _points(fixture_one.home_team_id, arena) == 0
    scorer = Character.objects.get(pk=driver(fixture_one.home_team, "2").pk)
    assert (scorer.goals, scorer.driver_points, scorer.games) == (0, 0, 0)
    again = arena_as(arena.commissioner).delete(result_url(fixture_one))
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "not_played"


@pytest.mark.parametrize("role", ROLES)
def test_correcting_by_role(arena, fixture_one, arena_as, arena_role, role):
    play(fixture_one, actor=arena.commissioner)

    response = arena_as(arena_role(role)).put(
        result_url(fixture_one), win_body(fixture_one, away_pits=["3", "5"])
    )

    assert response.status_code == expected(role, {"commissioner"}, 200), response.content
    pits = Report.objects.get().lineups["away"]["pits"]
    assert pits == (["3", "5"] if response.status_code == 200 else ["4", "5"])


@pytest.mark.parametrize("role", ROLES)
def test_voiding_by_role(arena, fixture_one, arena_as, arena_role, role):
    play(fixture_one, actor=arena.commissioner)

    response = arena_as(arena_role(role)).delete(result_url(fixture_one))

    assert response.status_code == expected(role, {"commissioner"}, 200), response.content
    assert Result.objects.filter(fixture=fixture_one).exists() == (response.status_code != 200)


# --- pits -----------------------------------------------------------------------------------------


def pits_url(fixture: Fixture) -> str:
    return f"/api/v1/arenaball/fixtures/{fixture.pk}/pits/"


@pytest.mark.parametrize("role", ROLES)
def test_choosing_the_home_teams_pits_by_role(fixture_one, arena_as, arena_role, role):
    body = {"team": fixture_one.home_team_id, "slots": ["3", "5"]}

    response = arena_as(arena_role(role)).put(pits_url(fixture_one), body)

    assert response.status_code == expected(role, {"coach", "commissioner"}, 200), response.content
    assert Pits.objects.exists() == (response.status_code == 200)


def test_chosen_pits_go_into_the_report_and_the_fixture(fixture_one, arena_as):
    api = arena_as(fixture_one.home_team.coach)
    chosen = api.put(pits_url(fixture_one), {"team": fixture_one.home_team_id, "slots": ["5", "3"]})
    body = win_body(fixture_one)
    del body["home_pits"]

    read = api.get(f"/api/v1/arenaball/fixtures/{fixture_one.pk}/")
    reported = api.post(result_url(fixture_one), body)

    assert chosen.status_code == 200
    assert chosen.json()["slots"] == ["3", "5"]
    assert read.json()["pits"][0]["slots"] == ["3", "5"]
    assert read.json()["lineups"]["home"]["pits"] == ["3", "5"]
    assert reported.status_code == 201, reported.content
    assert reported.json()["lineups"]["home"]["pits"] == ["3", "5"]


def test_bad_pits_are_refused(fixture_one, arena_as):
    api = arena_as(fixture_one.home_team.coach)

    one_car = api.put(pits_url(fixture_one), {"team": fixture_one.home_team_id, "slots": ["4"]})
    not_playing = api.put(pits_url(fixture_one), {"team": 99999, "slots": ["4", "5"]})

    assert one_car.status_code == 400
    assert one_car.json()["error"]["code"] == "pits_invalid"
    assert not_playing.status_code == 400
    assert "team" in not_playing.json()["error"]["fields"]


# --- MagnoBall's endpoints ----------------------------------------------------------------------


@pytest.mark.parametrize("path", ["result", "simulate", "lineup"])
def test_magnoballs_fixture_endpoints_refuse_an_arenaball_fixture(
    arena, fixture_one, arena_as, path
):
    response = arena_as(arena.commissioner).post(f"/api/v1/fixtures/{fixture_one.pk}/{path}/", {})

    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "other_game"
    assert f"/api/v1/arenaball/fixtures/{fixture_one.pk}/result/" in error["message"]
    assert not Result.objects.exists()


def test_magnoballs_players_list_does_not_know_an_arenaball_team(arena, fixture_one, arena_as):
    team = fixture_one.home_team

    response = arena_as(None).get(f"/api/v1/teams/{team.pk}/players/")

    assert response.status_code == 404
    assert f"/api/v1/arenaball/teams/{team.pk}/" in response.json()["error"]["message"]
