"""The core's apps in the league's JSON document (docs/data.md): a season's awards, its MVP
vote and ballots, and the league's sign-up settings go out and come back in, the winners'
handles and pages pointing at the copy's own players; what stays behind stays behind."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from league.exchange.document_import import league_document_import
from league.exchange.problems import ImportRefused
from league.honours.exchange import holder_remap, url_remap
from league.honours.models import MvpBallot, MvpVote, SeasonAward
from league.honours.services import mvp_vote_cast, mvp_vote_close, mvp_vote_open
from league.models import League, Season
from league.signup.models import JoinRequest, LeagueSignupSettings
from rosters.models import Player, PlayerSeason
from tests.honours.helpers import season_of
from tests.league.exchange_helpers import as_copy, export, import_copy, normalised
from tests.world import World

pytestmark = pytest.mark.django_db


@pytest.fixture
def voted(world: World) -> Season:
    """A finished season whose MVP vote the two coaches voted in and the commissioner
    closed (the MVP award, shared); the league open to sign-ups, with one request."""
    season = season_of(world.league, "Voted", [world.home, world.away])
    for player in [*world.home.players.all()[:2], *world.away.players.all()[:2]]:
        PlayerSeason.objects.create(player=player, season=season, games_played=3)
    mvp_vote_open(season=season, actor=world.commissioner)
    home_star = world.home.players.order_by("pk")[0]
    away_star = world.away.players.order_by("pk")[0]
    mvp_vote_cast(season=season, coach=world.home_coach, holder=f"player:{away_star.pk}")
    mvp_vote_cast(season=season, coach=world.away_coach, holder=f"player:{home_star.pk}")
    mvp_vote_close(season=season, actor=world.commissioner)
    LeagueSignupSettings.objects.create(league=world.league, open=True, team_limit=8)
    JoinRequest.objects.create(
        league=world.league,
        season=world.season,
        user=world.outsider,
        name="Late Larks",
        short_name="LAR",
        colour="#123456",
    )
    return season


def _player_rows(document: dict[str, Any]) -> dict[int, str]:
    return {row["id"]: row["name"] for row in document["game"]["magnoball"]["players"]}


def test_awards_votes_and_sign_up_settings_go_out_with_document_ids(
    world: World, voted: Season
) -> None:
    document = export(world.league.pk)

    players = _player_rows(document)
    awards = document["season_awards"]
    assert sorted(a["award"] for a in awards) == ["mvp", "mvp"]
    for award in awards:
        kind, local = award["holder"].split(":")
        assert kind == "player"
        assert players[int(local)] == award["name"]  # the document's player, by its id
        assert award["url"] == reverse("player", kwargs={"pk": int(local)})
    (vote,) = document["mvp_votes"]
    assert (vote["opened_by"], vote["closed_by"]) == ("commissioner", "commissioner")
    ballots = document["mvp_ballots"]
    assert sorted(b["coach"] for b in ballots) == ["away_coach", "home_coach"]
    assert {b["vote"] for b in ballots} == {vote["id"]}
    assert document["signup_settings"] == [{"id": 1, "open": True, "team_limit": 8}]
    assert "join_requests" not in document  # the sign-up's correspondence stays behind


def test_the_copy_names_its_own_players_and_exports_the_same(world: World, voted: Season) -> None:
    document = export(world.league.pk)

    outcome = import_copy(document)

    assert outcome.league_id is not None
    copy = League.objects.get(pk=outcome.league_id)
    assert outcome.counts["season_awards"] == 2
    assert outcome.counts["mvp_ballots"] == 2
    for award in SeasonAward.objects.filter(season__league=copy):
        player = Player.objects.get(team__league=copy, name=award.name)
        assert award.holder == f"player:{player.pk}"
        assert award.url == reverse("player", kwargs={"pk": player.pk})
        assert award.team == player.team
    for ballot in MvpBallot.objects.filter(vote__season__league=copy):
        player = Player.objects.get(team__league=copy, name=ballot.name)
        assert ballot.holder == f"player:{player.pk}"
        assert ballot.team.league == copy
    assert MvpVote.objects.get(season__league=copy).closed_at is not None
    settings = LeagueSignupSettings.objects.get(league=copy)
    assert (settings.open, settings.team_limit) == (True, 8)
    assert not JoinRequest.objects.filter(league=copy).exists()
    again = export(copy.pk)
    expected = dict(document)
    expected.pop("exported_at")
    assert normalised(again, name=world.league.name, slug=world.league.slug) == expected


def test_a_winner_the_file_does_not_have_is_a_problem_in_its_place(
    world: World, voted: Season
) -> None:
    document = as_copy(export(world.league.pk))
    document["season_awards"][0]["holder"] = "player:999"
    document["season_awards"][1]["holder"] = "ghost:1"
    document["mvp_ballots"][0]["url"] = "/nowhere/"

    with pytest.raises(ImportRefused) as refused:
        league_document_import(document=document, actor=None, dry_run=True)

    problems = {(p.where, p.field): p.message for p in refused.value.problems}
    assert problems == {
        ("season_awards[0]", "holder"): "No player with id 999 in the file.",
        ("season_awards[1]", "holder"): "Not in the shape this field takes (docs/data.md).",
        ("mvp_ballots[0]", "url"): "Not in the shape this field takes (docs/data.md).",
    }
    assert not League.objects.filter(slug="imported-copy").exists()


def test_every_games_holder_kind_is_rewritten() -> None:
    new_ids = {("rosters.Player", 12): 40, ("arenaball.Character", 4): 41, ("league.Team", 3): 42}

    def remap(model: Any, old: Any) -> int:
        return new_ids[(model._meta.label, int(old))]

    assert holder_remap("player:12", remap) == "player:40"
    assert holder_remap("character:4", remap) == "character:41"
    assert holder_remap("card:3:base-07", remap) == "card:42:base-07"
    assert url_remap("/players/12/", remap) == "/players/40/"
    assert url_remap(reverse("arenaball-character", args=[4]), remap) == reverse(
        "arenaball-character", args=[41]
    )
    assert url_remap(reverse("team", args=[3]), remap) == reverse("team", args=[42])
    assert url_remap("", remap) == ""
