"""POST /api/v1/fixtures/{id}/result/: the one result service behind strict input,
idempotency keys and one error shape."""

from __future__ import annotations

import json

import pytest

from games.models import Appearance
from league.models import Fixture, IdempotencyRecord, Result
from rosters.models import PlayerSeason
from tests.api.conftest import player_id, result_body, result_url
from tests.world import league_build

pytestmark = pytest.mark.django_db


def _nothing_recorded(fixture: Fixture) -> None:
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY
    assert not Result.objects.exists()
    assert not Appearance.objects.exists()
    assert not PlayerSeason.objects.exists()
    assert not IdempotencyRecord.objects.exists()


def test_a_coach_posts_a_result_and_gets_it_back_with_its_lines(world, match_day, api_as):
    response = api_as(world.home_coach).post(result_url(match_day), result_body(world))

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["home_score"], body["away_score"], body["source"]) == (2, 1, "reported")
    assert body["reported_by"] == world.home_coach.username
    forward = next(line for line in body["lines"] if line["player"] == player_id(world.home, 1))
    assert forward["stats"]["scoring"] == {"attempts": 3, "successes": 2}
    assert response["Location"] == f"http://testserver/api/v1/fixtures/{match_day.pk}/"
    match_day.refresh_from_db()
    assert match_day.status == Fixture.Status.PLAYED


def test_a_retry_with_the_same_key_and_body_replays_the_first_response(world, match_day, api_as):
    api = api_as(world.home_coach)
    first = api.post(result_url(match_day), result_body(world), **{"Idempotency-Key": "r1-abc"})
    again = api.post(result_url(match_day), result_body(world), **{"Idempotency-Key": "r1-abc"})

    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Result.objects.count() == 1


def test_key_order_and_spacing_do_not_change_the_body(world, match_day, api_as):
    api = api_as(world.home_coach)
    body = result_body(world)
    api.post(result_url(match_day), body, **{"Idempotency-Key": "k"})
    reordered = json.dumps(dict(reversed(body.items())), indent=2)

    again = api.post(result_url(match_day), raw=reordered, **{"Idempotency-Key": "k"})

    assert again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"


def test_the_same_key_with_another_body_is_refused(world, match_day, api_as):
    api = api_as(world.home_coach)
    api.post(result_url(match_day), result_body(world), **{"Idempotency-Key": "k"})

    other = api.post(result_url(match_day), result_body(world, 3, 1), **{"Idempotency-Key": "k"})

    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_key_reused"
    assert Result.objects.get().home_score == 2


def test_keys_belong_to_their_user(world, match_day, api_as):
    api_as(world.home_coach).post(
        result_url(match_day), result_body(world), **{"Idempotency-Key": "k"}
    )

    theirs = api_as(world.away_coach).post(
        result_url(match_day), result_body(world), **{"Idempotency-Key": "k"}
    )

    assert theirs.status_code == 409  # not a replay of someone else's response
    assert theirs.json()["error"]["code"] == "already_played"


def test_a_refused_post_keeps_no_key_so_a_corrected_body_may_reuse_it(world, match_day, api_as):
    api = api_as(world.home_coach)
    wrong = api.post(
        result_url(match_day), result_body(world, home_score=5), **{"Idempotency-Key": "k"}
    )
    right = api.post(result_url(match_day), result_body(world), **{"Idempotency-Key": "k"})

    assert wrong.status_code == 400
    assert right.status_code == 201


def test_a_second_different_result_is_a_conflict_naming_the_first(world, match_day, api_as):
    api = api_as(world.home_coach)
    first = api.post(result_url(match_day), result_body(world)).json()

    second = api.post(result_url(match_day), result_body(world, 3, 0))

    assert second.status_code == 409
    error = second.json()["error"]
    assert error["code"] == "already_played"
    assert f"result {first['id']}" in error["message"]
    assert "2–1" in error["message"]


@pytest.mark.parametrize("key", ["", "x" * 256, "naïve"])
def test_a_malformed_idempotency_key_is_refused(world, match_day, api_as, key):
    response = api_as(world.home_coach).post(
        result_url(match_day), result_body(world), **{"Idempotency-Key": key}
    )

    assert response.status_code == 400
    assert "Idempotency-Key" in response.json()["error"]["fields"]
    _nothing_recorded(match_day)


# --- bad input: a 400 naming the field, and nothing changed ------------------------------------


def _line(body, index, **changes):
    body["lines"][index] = {**body["lines"][index], **changes}
    return body


BAD_BODIES = {
    "string score": (lambda w: result_body(w, home_score="2"), "home_score"),
    "float score": (lambda w: result_body(w, home_score=2.0), "home_score"),
    "boolean score": (lambda w: result_body(w, away_score=True), "away_score"),
    "negative score": (lambda w: result_body(w, home_score=-1), "home_score"),
    "huge score": (lambda w: result_body(w, home_score=10**30), "home_score"),
    "string overtime": (lambda w: result_body(w, overtime="yes"), "overtime"),
    "missing score": (
        lambda w: {k: v for k, v in result_body(w).items() if k != "away_score"},
        "away_score",
    ),
    "missing lines": (
        lambda w: {k: v for k, v in result_body(w).items() if k != "lines"},
        "lines",
    ),
    "unknown field": (lambda w: result_body(w, weather="rain"), "weather"),
    "unknown line field": (lambda w: _line(result_body(w), 0, goals=2), "lines[0].goals"),
    "lines not a list": (lambda w: result_body(w, lines={"a": 1}), "lines"),
    "line not an object": (lambda w: result_body(w, lines=[7]), "lines[0]"),
    "negative points": (lambda w: _line(result_body(w), 1, points=-3), "lines[1].points"),
    "huge player id": (lambda w: _line(result_body(w), 0, player=2**70), "lines[0].player"),
    "string player id": (lambda w: _line(result_body(w), 0, player="12"), "lines[0].player"),
    "missing points": (
        lambda w: _line(result_body(w), 0, points=None),
        "lines[0].points",
    ),
    "huge attempts": (
        lambda w: _line(result_body(w), 0, stats={"scoring": {"attempts": 10**6, "successes": 2}}),
        "lines[0].stats.scoring.attempts",
    ),
    "unknown stat field": (
        lambda w: _line(
            result_body(w), 0, stats={"scoring": {"attempts": 3, "successes": 2, "x": 1}}
        ),
        "lines[0].stats.scoring.x",
    ),
    "unknown category": (
        lambda w: _line(result_body(w), 0, stats={"juggling": {"attempts": 3, "successes": 2}}),
        "lines[0].stats.juggling",
    ),
    "more successes than attempts": (
        lambda w: _line(result_body(w), 0, stats={"scoring": {"attempts": 1, "successes": 2}}),
        "lines[0].stats.scoring",
    ),
    "scores do not add up": (lambda w: result_body(w, home_score=3), "home_score"),
    "unknown player": (lambda w: _line(result_body(w), 0, player=999_999), "lines[0].player"),
    "player of another league": (None, "lines[0].player"),
    "player twice": (
        lambda w: (
            result_body(w) | {"lines": [*result_body(w)["lines"], result_body(w)["lines"][1]]}
        ),
        "lines[4].player",
    ),
    "incapacitated did not play": (
        # A substitute the report does not name did not come on (the starters all played).
        lambda w: result_body(w, incapacitated=[player_id(w.home, 12)]),
        "incapacitated[0]",
    ),
    "incapacitated not an id": (
        lambda w: result_body(w, incapacitated=["x"]),
        "incapacitated[0]",
    ),
    "table rolls when the server rolls": (
        lambda w: result_body(
            w,
            incapacitated=[player_id(w.home, 1)],
            table_rolls={str(player_id(w.home, 1)): {"duration": 4, "permanent": 3}},
        ),
        "table_rolls",
    ),
    "table rolls not keyed by id": (
        lambda w: result_body(w, table_rolls={"forward": {"duration": 4}}),
        "table_rolls",
    ),
    "overtime with a level score": (
        lambda w: result_body(w, 1, 1, overtime=True),
        "overtime",
    ),
}


@pytest.mark.parametrize("case", BAD_BODIES)
def test_bad_input_is_a_400_naming_the_field_and_changes_nothing(
    world, match_day, api_as, rival_commissioner, case
):
    make, field = BAD_BODIES[case]
    if make is None:  # a player of another team in another league
        stranger = _stranger_player()
        body = _line(result_body(world), 0, player=stranger)
    else:
        body = make(world)

    response = api_as(world.home_coach).post(result_url(match_day), body)

    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] in {"invalid", "invalid_report"}
    assert field in error["fields"], error
    assert all(isinstance(m, str) for ms in error["fields"].values() for m in ms)
    _nothing_recorded(match_day)


def _stranger_player() -> int:
    _, _, [team] = league_build("Faraway", teams=1)
    return int(team.players.first().pk)


def test_an_injured_player_cannot_take_the_field(world, match_day, api_as):
    from injuries.models import Injury

    forward = world.home.players.get(shirt_number=1)
    Injury.objects.create(
        player=forward, season=world.season, duration_die="d8", duration_roll=4, games_out=2
    )

    response = api_as(world.home_coach).post(result_url(match_day), result_body(world))

    assert response.status_code == 400
    assert "lines[0].player" in response.json()["error"]["fields"]
    _nothing_recorded(match_day)


@pytest.mark.parametrize(
    "raw", ["{not json", "", "[1, 2]", '"a string"', "null", '{"home_score": NaN}']
)
def test_a_body_that_is_not_a_json_object_is_a_400(world, match_day, api_as, raw):
    response = api_as(world.home_coach).post(result_url(match_day), raw=raw)

    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] in {"malformed_body", "invalid"}
    assert error["fields"]
    _nothing_recorded(match_day)


def test_a_form_encoded_body_is_refused(world, match_day, api_as):
    api = api_as(world.home_coach)
    response = api.client.post(
        result_url(match_day), {"home_score": 2}, headers={"Authorization": f"Token {api.key}"}
    )

    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"


def test_table_rolls_are_taken_when_coaches_roll(world, match_day, api_as):
    from injuries.models import Injury

    world.season.rules.coaches_roll_injuries = True
    world.season.rules.save(update_fields=["coaches_roll_injuries"])
    forward = player_id(world.home, 1)
    body = result_body(
        world,
        incapacitated=[forward],
        table_rolls={str(forward): {"duration": 4, "permanent": 3}},
    )

    response = api_as(world.home_coach).post(result_url(match_day), body)

    assert response.status_code == 201, response.content
    assert response.json()["incapacitated"] == [forward]
    injury = Injury.objects.get(player_id=forward)
    assert (injury.duration_roll, injury.games_out, injury.permanent_roll) == (4, 2, 3)


def test_a_missing_table_roll_names_the_player(world, match_day, api_as):
    world.season.rules.coaches_roll_injuries = True
    world.season.rules.save(update_fields=["coaches_roll_injuries"])
    forward = player_id(world.home, 1)

    response = api_as(world.home_coach).post(
        result_url(match_day), result_body(world, incapacitated=[forward])
    )

    assert response.status_code == 400
    assert f"table_rolls.{forward}" in response.json()["error"]["fields"]
    _nothing_recorded(match_day)


def test_a_result_naming_only_the_scorer_gives_the_22_starters_their_appearances(
    world, match_day, api_as
):
    """Issue #47 (M-P3): docs/api.md's result names three players; one naming only its
    scorer left the other starters without an appearance, and so without the game (M-P5)."""
    scorer = player_id(world.home, 1)
    body = {
        "home_score": 1,
        "away_score": 0,
        "lines": [{"player": scorer, "points": 1, "stats": {}}],
    }

    response = api_as(world.home_coach).post(result_url(match_day), body)

    assert response.status_code == 201, response.content
    assert len(response.json()["lines"]) == 22
    assert Appearance.objects.filter(result__fixture=match_day).count() == 22
    lineups = api_as(None).get(f"/api/v1/fixtures/{match_day.pk}/lineup/").json()
    started = {player for team in lineups for player in team["starters"]}
    assert {line["player"] for line in response.json()["lines"]} == started
    assert PlayerSeason.objects.filter(season=world.season, games_played=1).count() == 22


def test_a_result_naming_a_player_outside_the_line_up_is_refused_with_his_name(
    world, match_day, api_as
):
    listed = world.home.players.get(shirt_number=5)
    listed.roster_state = "injured_list"
    listed.save(update_fields=["roster_state"])
    body = result_body(world)
    body["lines"].append({"player": listed.pk, "points": 0, "stats": {}})

    response = api_as(world.home_coach).post(result_url(match_day), body)

    assert response.status_code == 400
    message = response.json()["error"]["fields"]["lines[4].player"][0]
    assert message == (
        f"{listed.name} did not start or come on in {match_day}: he was not in "
        f"{world.home}'s line-up at kick-off (injured list, M-P3)."
    )
    _nothing_recorded(match_day)
