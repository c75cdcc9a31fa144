"""The API's tournament reads: the tournament with its field, its groups with their tables,
its bracket; visibility as for any season; documented in the schema."""

from __future__ import annotations

from unittest import mock

import pytest

from games.services import simulation_request_rest_of_season
from league.models import Season, StandingRow
from league.services.tournaments import (
    tournament_draw_groups,
    tournament_generate_schedule,
    tournament_knockout_start,
    tournament_start,
)
from tests.api.conftest import Api
from tests.league.tournament_helpers import run_queued_jobs, tournament_with_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(world) -> Season:
    """Six teams in two groups, the top two of each to a knockout of four, drawn."""
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=2)
    tournament_draw_groups(tournament=cup, actor=None, seed=3)
    tournament_generate_schedule(tournament=cup, actor=None)
    tournament_start(tournament=cup, actor=None)
    with mock.patch("games.services.job_queue.app.send_task"):
        simulation_request_rest_of_season(season=cup, actor=None)
        run_queued_jobs(cup)
    tournament_knockout_start(tournament=cup, actor=None)
    return cup


def test_the_tournament_shows_its_shape_and_its_field_by_seed(world, cup):
    body = Api().get(f"/api/v1/tournaments/{cup.pk}/").json()
    assert body["group_count"] == 2
    assert body["group_qualifiers"] == 2
    assert body["status"] == "playoffs"
    entries = body["entries"]
    assert [entry["seed"] for entry in entries] == [1, 2, 3, 4, 5, 6]
    assert entries[0]["team"]["id"] == world.home.pk
    assert entries[0]["guest"] is False
    assert entries[2]["guest"] is True
    assert {entry["group"] for entry in entries} == {"Group A", "Group B"}
    assert sorted(e["bracket_seed"] for e in entries if e["bracket_seed"]) == [1, 2, 3, 4]


def test_the_groups_carry_their_tables_in_order(cup):
    groups = Api().get(f"/api/v1/tournaments/{cup.pk}/groups/").json()
    assert [g["name"] for g in groups] == ["Group A", "Group B"]
    for group in groups:
        assert [row["position"] for row in group["standings"]] == [1, 2, 3]
        assert group["qualifiers"] == 2
        assert all(row["played"] == 2 for row in group["standings"])


def test_the_bracket_has_the_semi_finals_and_the_final_to_come(cup):
    rounds = Api().get(f"/api/v1/tournaments/{cup.pk}/bracket/").json()
    assert [r["name"] for r in rounds] == ["Semi-finals", "Final"]
    semis, final = rounds
    seeds = [(g["home"]["seed"], g["away"]["seed"]) for g in semis["games"]]
    assert seeds == [(1, 4), (2, 3)]
    assert final["round"] is None
    assert final["games"][0]["home"]["team"] is None
    assert final["games"][0]["home"]["comes_from"] == "Winner of semi-final 1"
    top = StandingRow.objects.get(season=cup, bracket_seed=1)
    assert semis["games"][0]["home"]["team"]["id"] == top.team_id


def test_a_league_season_is_not_a_tournament(world):
    assert Api().get(f"/api/v1/tournaments/{world.season.pk}/").status_code == 404
    assert Api().get(f"/api/v1/tournaments/{world.season.pk}/bracket/").status_code == 404


def test_a_private_league_tournament_is_read_by_its_members_only(world, cup, api_as):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    for path in ("", "groups/", "bracket/"):
        url = f"/api/v1/tournaments/{cup.pk}/{path}"
        assert Api().get(url).status_code == 404
        assert api_as(world.outsider).get(url).status_code == 404
        assert api_as(world.home_coach).get(url).status_code == 200
        assert api_as(world.commissioner).get(url).status_code == 200


def test_seasons_say_their_format(world, cup):
    body = Api().get("/api/v1/seasons/").json()
    formats = {s["id"]: s["format"] for s in body["results"]}
    assert formats == {cup.pk: "tournament", world.season.pk: "league"}


def test_the_schema_documents_the_tournament_reads(db):
    schema = Api().get("/api/v1/schema/", {"format": "json"}).json()
    for path in ("", "groups/", "bracket/"):
        operation = schema["paths"][f"/api/v1/tournaments/{{tournament_id}}/{path}"]["get"]
        assert {"200", "404"} <= set(operation["responses"])
    assert "Tournament" in schema["components"]["schemas"]
    assert "BracketRound" in schema["components"]["schemas"]
