"""/api/v1/mn11/: a fixture with its match day as the user may see it, the match-day writes
(E-S1 the Away set, E-S3 GK picks and line-ups), the result reported behind idempotency keys
and corrected or voided (E-R1, E-D1 … E-D5, E-L1), the season's discipline (E-D3); every
write by role, bad input beside its field with nothing changed."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from api.tokens import api_token_create
from league.models import Fixture, IdempotencyRecord, Result, StandingRow
from league.services.leagues import league_create
from mn11.models import Lineup, MatchDay, Report
from tests.api.client import Api
from tests.factories import UserFactory
from tests.mn11.world import Mn11World, mn11_world, play, raw_report, red_card_level_shootout

pytestmark = pytest.mark.django_db

KEY = "Idempotency-Key"
ROLES = ("anonymous", "outsider", "other_coach", "coach", "rival_commissioner", "commissioner")
HOME_CARDS = ["gk-defence-cover", *[f"home-{n}" for n in range(1, 9)], "base-01", "base-02"]
AWAY_CARDS = ["gk-build-up", *[f"away-base-{n}" for n in range(1, 10)], "base-03"]


@pytest.fixture
def world(db: Any) -> Mn11World:
    """Level league matches go to a shootout (E-D5), 2 points for its win, 1 for its loss."""
    return mn11_world(shootout_league=True)


@pytest.fixture
def fixture_one(world: Mn11World) -> Fixture:
    return world.fixture()


@pytest.fixture
def api_of() -> Callable[[User | None], Api]:
    numbers = itertools.count(1)

    def make(user: User | None) -> Api:
        if user is None:
            return Api()
        _, key = api_token_create(user=user, name=f"mn11 {next(numbers)}", actor=None)
        return Api(key)

    return make


@pytest.fixture
def role(world: Mn11World, fixture_one: Fixture) -> Callable[[str], User | None]:
    """Each role of ROLES: "coach" coaches fixture one's home team, "other_coach" its away."""
    rival = UserFactory.create(username="mn11-rival")
    league_create(name="Rival Eleven", actor=None, ruleset="mn11", commissioners=[rival])

    def pick(name: str) -> User | None:
        return {
            "anonymous": None,
            "outsider": world.outsider,
            "other_coach": world.coach_of(fixture_one.away_team),
            "coach": world.coach_of(fixture_one.home_team),
            "rival_commissioner": rival,
            "commissioner": world.commissioner,
        }[name]

    return pick


def expected(name: str, allowed: set[str], ok: int) -> int:
    if name == "anonymous":
        return 401
    return ok if name in allowed else 403


def url(fixture: Fixture, tail: str = "") -> str:
    return f"/api/v1/mn11/fixtures/{fixture.pk}/{tail}"


def _nothing_recorded(fixture: Fixture) -> None:
    assert not Result.objects.filter(fixture=fixture).exists()
    assert not Report.objects.exists()
    assert not IdempotencyRecord.objects.exists()


def _points(world: Mn11World, team_id: int) -> int:
    return StandingRow.objects.get(season=world.season, team_id=team_id).points


# --- reading ---------------------------------------------------------------------------------


def test_the_fixture_shows_its_match_day_and_no_report_before_it_is_played(fixture_one, api_of):
    body = api_of(None).get(url(fixture_one)).json()

    assert body["fixture"]["id"] == fixture_one.pk
    assert body["report"] is None
    day = body["match_day"]
    assert (day["away_set"], day["gk_on"], day["gk_turn"]) == (None, True, "home")
    assert [s["side"] for s in day["sides"]] == ["home", "away"]
    assert day["sides"][0]["gk"]["choices"] == ["defence_cover", "counterattack", "build_up"]


def _ready(world: Mn11World, fixture: Fixture, api_of) -> tuple[Api, Api]:
    home = api_of(world.coach_of(fixture.home_team))
    away = api_of(world.coach_of(fixture.away_team))
    assert away.put(url(fixture, "away-set/"), {"away_set": "base"}).status_code == 200
    assert (
        home.put(url(fixture, "gk/"), {"side": "home", "card": "defence_cover"}).status_code == 200
    )
    assert away.put(url(fixture, "gk/"), {"side": "away", "card": "build_up"}).status_code == 200
    return home, away


def test_a_line_up_is_sealed_from_the_other_coach_until_both_are_in(world, fixture_one, api_of):
    home, away = _ready(world, fixture_one, api_of)
    team = {"team": fixture_one.home_team_id, "cards": HOME_CARDS}

    mine = home.put(url(fixture_one, "lineup/"), team).json()["match_day"]["sides"][0]
    theirs = away.get(url(fixture_one)).json()["match_day"]["sides"][0]
    public = api_of(None).get(url(fixture_one)).json()["match_day"]["sides"][0]
    assert (mine["lineup"], mine["lineup_in"]) == (HOME_CARDS, True)
    assert (theirs["lineup"], theirs["lineup_in"]) == (None, True)
    assert public["lineup"] is None

    away.put(url(fixture_one, "lineup/"), {"team": fixture_one.away_team_id, "cards": AWAY_CARDS})
    assert (
        api_of(None).get(url(fixture_one)).json()["match_day"]["sides"][0]["lineup"] == HOME_CARDS
    )


def test_a_private_league_is_not_found_for_an_outsider(world, fixture_one, api_of):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])

    read = api_of(world.outsider).get(url(fixture_one))
    posted = api_of(world.outsider).post(url(fixture_one, "result/"), raw_report())
    coach = api_of(world.coach_of(fixture_one.away_team)).get(url(fixture_one))

    assert (read.status_code, posted.status_code, coach.status_code) == (404, 404, 200)


def test_another_games_fixture_is_not_found(fixture_one, api_of):
    from tests.arenaball.world import arena_world

    other = arena_world().fixture()

    assert api_of(None).get(url(other)).status_code == 404


# --- match day writes ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ROLES)
def test_choosing_the_away_set_by_role(fixture_one, api_of, role, name):
    response = api_of(role(name)).put(url(fixture_one, "away-set/"), {"away_set": "expansion"})

    assert response.status_code == expected(name, {"other_coach", "commissioner"}, 200), (
        response.content
    )
    chosen = MatchDay.objects.filter(fixture=fixture_one, away_set="expansion").exists()
    assert chosen == (response.status_code == 200)


@pytest.mark.parametrize("name", ROLES)
def test_picking_the_home_gk_card_by_role(fixture_one, api_of, role, name):
    response = api_of(role(name)).put(url(fixture_one, "gk/"), {"side": "home", "card": "build_up"})

    assert response.status_code == expected(name, {"coach", "commissioner"}, 200), response.content
    picked = MatchDay.objects.filter(fixture=fixture_one, gk_home="build_up").exists()
    assert picked == (response.status_code == 200)


def test_away_may_not_pick_the_gk_card_home_took_nor_pick_first(world, fixture_one, api_of):
    away = api_of(world.coach_of(fixture_one.away_team))
    first = away.put(url(fixture_one, "gk/"), {"side": "away", "card": "build_up"})
    api_of(world.coach_of(fixture_one.home_team)).put(
        url(fixture_one, "gk/"), {"side": "home", "card": "build_up"}
    )

    taken = away.put(url(fixture_one, "gk/"), {"side": "away", "card": "build_up"})

    for response in (first, taken):
        assert response.status_code == 400, response.content
        error = response.json()["error"]
        assert error["code"] == "gk_pick_refused"
        assert set(error["fields"]) == {"card"}
    assert MatchDay.objects.get(fixture=fixture_one).gk_away == ""


@pytest.mark.parametrize("name", ROLES)
def test_submitting_the_home_line_up_by_role(world, fixture_one, api_of, role, name):
    _ready(world, fixture_one, api_of)
    body = {"team": fixture_one.home_team_id, "cards": HOME_CARDS}

    response = api_of(role(name)).put(url(fixture_one, "lineup/"), body)

    assert response.status_code == expected(name, {"coach", "commissioner"}, 200), response.content
    assert Lineup.objects.filter(fixture=fixture_one).exists() == (response.status_code == 200)


def test_a_bad_line_up_is_refused_beside_its_cards(world, fixture_one, api_of):
    home, _ = _ready(world, fixture_one, api_of)

    short = home.put(
        url(fixture_one, "lineup/"), {"team": fixture_one.home_team_id, "cards": HOME_CARDS[:10]}
    )
    stranger = home.put(url(fixture_one, "lineup/"), {"team": 99999, "cards": HOME_CARDS})
    typed = home.put(url(fixture_one, "lineup/"), {"team": "home", "cards": "home-1", "x": 1})

    assert short.status_code == 400
    assert short.json()["error"]["code"] == "lineup_invalid"
    assert set(short.json()["error"]["fields"]) == {"cards"}
    assert stranger.status_code == 400
    assert set(stranger.json()["error"]["fields"]) == {"team"}
    assert typed.status_code == 400
    assert {"team", "cards", "x"} <= set(typed.json()["error"]["fields"])
    assert not Lineup.objects.exists()


def test_match_day_is_closed_once_played(world, fixture_one, api_of):
    play(fixture_one, world.commissioner)

    response = api_of(world.commissioner).put(url(fixture_one, "away-set/"), {"away_set": "base"})

    assert response.status_code == 409
    assert response.json()["error"]["code"] == "already_played"


# --- the result ------------------------------------------------------------------------------


def test_a_coach_reports_a_red_card_and_a_shootout_and_the_table_counts_it(
    world, fixture_one, api_of
):
    response = api_of(world.coach_of(fixture_one.home_team)).post(
        url(fixture_one, "result/"), red_card_level_shootout()
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert response["Location"] == f"http://testserver/api/v1/mn11/fixtures/{fixture_one.pk}/"
    assert body["fixture"]["status"] == "played"
    report = body["report"]
    assert (report["home_score"], report["away_score"], report["shootout_winner"]) == (1, 1, "home")
    assert report["events"][3] == {
        "type": "send_off",
        "side": "away",
        "half": 2,
        "card": "away-base-4",
    }
    assert len(report["shootout"]) == 7
    home, away = _points(world, fixture_one.home_team_id), _points(world, fixture_one.away_team_id)
    assert (home, away) == (2, 1)  # E-L1: the shootout's win and loss, as overtime results

    discipline = api_of(None).get(f"/api/v1/mn11/seasons/{world.season.pk}/discipline/").json()
    line = next(row for row in discipline if row["team"]["id"] == fixture_one.away_team_id)
    assert (line["warnings"], line["yellows"], line["reds"]) == (2, 1, 1)
    assert line["sent_off"] == [{"card": "away-base-4", "count": 1}]


def test_a_retry_with_the_same_key_replays_the_first_response(world, fixture_one, api_of):
    api = api_of(world.coach_of(fixture_one.home_team))
    first = api.post(url(fixture_one, "result/"), raw_report(), **{KEY: "e1"})
    again = api.post(url(fixture_one, "result/"), raw_report(), **{KEY: "e1"})

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Result.objects.count() == 1


def test_the_same_key_with_another_body_is_refused(world, fixture_one, api_of):
    api = api_of(world.coach_of(fixture_one.home_team))
    api.post(url(fixture_one, "result/"), raw_report(), **{KEY: "e1"})

    other = api.post(url(fixture_one, "result/"), raw_report(away_set="expansion"), **{KEY: "e1"})

    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_key_reused"
    assert Report.objects.get().away_set == "base"


def test_a_second_report_without_a_key_is_a_conflict(world, fixture_one, api_of):
    api = api_of(world.coach_of(fixture_one.home_team))
    api.post(url(fixture_one, "result/"), raw_report())

    again = api.post(url(fixture_one, "result/"), raw_report())

    assert again.status_code == 409
    assert again.json()["error"]["code"] == "already_played"


def test_a_refused_report_keeps_no_key_so_a_corrected_body_may_reuse_it(world, fixture_one, api_of):
    api = api_of(world.coach_of(fixture_one.home_team))
    bad = api.post(url(fixture_one, "result/"), raw_report(home_score=3), **{KEY: "k"})

    good = api.post(url(fixture_one, "result/"), raw_report(), **{KEY: "k"})

    assert (bad.status_code, good.status_code) == (400, 201)


@pytest.mark.parametrize("name", ROLES)
def test_reporting_by_role(fixture_one, api_of, role, name):
    response = api_of(role(name)).post(url(fixture_one, "result/"), raw_report())

    status = expected(name, {"coach", "other_coach", "commissioner"}, 201)
    assert response.status_code == status, response.content
    assert Result.objects.filter(fixture=fixture_one).exists() == (status == 201)
    if status != 201:
        code = "not_authenticated" if name == "anonymous" else "forbidden"
        assert response.json()["error"]["code"] == code


def _refused(response) -> dict[str, Any]:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid_report"
    assert error["problems"]
    for problem in error["problems"]:
        assert problem["field"] in error["fields"]
        assert problem["rule"].startswith("E-")
    return error


def test_a_shootout_without_a_winner_is_refused_beside_the_shootout(world, fixture_one, api_of):
    body = red_card_level_shootout()
    body["shootout"] = body["shootout"][:2]

    error = _refused(
        api_of(world.coach_of(fixture_one.home_team)).post(url(fixture_one, "result/"), body)
    )

    assert any(name.startswith("shootout") for name in error["fields"]), error
    assert "E-D5" in {p["rule"] for p in error["problems"]}
    _nothing_recorded(fixture_one)


def test_goals_that_do_not_add_up_are_refused_beside_the_score(world, fixture_one, api_of):
    error = _refused(
        api_of(world.coach_of(fixture_one.home_team)).post(
            url(fixture_one, "result/"), raw_report(home_score=3)
        )
    )

    assert "home_score" in error["fields"]
    _nothing_recorded(fixture_one)


def test_wrong_types_are_named_by_their_dotted_fields(world, fixture_one, api_of):
    body = raw_report(home_score="two", away_set="third", colour="red")
    body["events"][0]["side"] = "left"
    body["events"][1]["type"] = "dive"

    response = api_of(world.coach_of(fixture_one.home_team)).post(url(fixture_one, "result/"), body)

    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert {"home_score", "away_set", "colour", "events.0.side", "events.1.type"} <= set(
        error["fields"]
    )
    assert error["fields"]["colour"] == ["Unknown field."]
    _nothing_recorded(fixture_one)


@pytest.mark.parametrize("raw", ["{", "[1, 2", '{"home_score": Infinity}'])
def test_a_malformed_body_is_a_400(world, fixture_one, api_of, raw):
    response = api_of(world.coach_of(fixture_one.home_team)).post(
        url(fixture_one, "result/"), raw=raw
    )

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "malformed_body"
    _nothing_recorded(fixture_one)


# --- correction and void -----------------------------------------------------------------------


def test_a_commissioner_corrects_a_match_and_the_table_follows(world, fixture_one, api_of):
    play(fixture_one, world.commissioner)

    response = api_of(world.commissioner).put(
        url(fixture_one, "result/"), red_card_level_shootout()
    )

    assert response.status_code == 200, response.content
    assert response.json()["report"]["shootout_winner"] == "home"
    assert Result.objects.get(fixture=fixture_one).source == Result.Source.CORRECTED
    assert _points(world, fixture_one.away_team_id) > 0


def test_a_commissioner_voids_a_match(world, fixture_one, api_of):
    play(fixture_one, world.commissioner)

    response = api_of(world.commissioner).delete(url(fixture_one, "result/"))

    assert response.status_code == 200, response.content
    assert response.json()["report"] is None
    assert response.json()["fixture"]["status"] == "ready"
    assert _points(world, fixture_one.home_team_id) == 0
    again = api_of(world.commissioner).delete(url(fixture_one, "result/"))
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "not_played"


@pytest.mark.parametrize("name", ROLES)
def test_correcting_by_role(world, fixture_one, api_of, role, name):
    play(fixture_one, world.commissioner)

    response = api_of(role(name)).put(url(fixture_one, "result/"), raw_report(away_set="expansion"))

    assert response.status_code == expected(name, {"commissioner"}, 200), response.content
    stored = Report.objects.get().away_set
    assert stored == ("expansion" if response.status_code == 200 else "base")


@pytest.mark.parametrize("name", ROLES)
def test_voiding_by_role(world, fixture_one, api_of, role, name):
    play(fixture_one, world.commissioner)

    response = api_of(role(name)).delete(url(fixture_one, "result/"))

    assert response.status_code == expected(name, {"commissioner"}, 200), response.content
    assert Result.objects.filter(fixture=fixture_one).exists() == (response.status_code != 200)


def test_a_bad_correction_is_refused_and_the_report_stands(world, fixture_one, api_of):
    play(fixture_one, world.commissioner)

    response = api_of(world.commissioner).put(url(fixture_one, "result/"), raw_report(home_score=5))

    _refused(response)
    assert Result.objects.get(fixture=fixture_one).home_score == 2


@pytest.mark.parametrize("path", ["result", "simulate", "lineup"])
def test_magnoballs_fixture_endpoints_refuse_an_mn11_fixture_naming_its_own(
    world, fixture_one, api_of, path
):
    response = api_of(world.commissioner).post(f"/api/v1/fixtures/{fixture_one.pk}/{path}/", {})

    assert response.status_code == 409
    error = response.json()["error"]
    assert error["code"] == "other_game"
    assert f"/api/v1/mn11/fixtures/{fixture_one.pk}/result/" in error["message"]
    assert not Result.objects.exists()
