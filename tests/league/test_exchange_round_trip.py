"""Export → import as a new league → export gives the same document (docs/data.md), for
each game's demo league and a 6-team league of three seasons; the copy's pages (the
league's, its seasons', teams', match centres and players') read the same as the
original's."""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from django.test import Client
from django.urls import reverse

from league.exchange.document_import import league_document_import
from league.exchange.document_schema import SCHEMA_PATH, document_schema, document_schema_text
from league.models import Fixture, League, Round, Season, Team
from league.rulesets import ruleset_get
from tests.league.exchange_helpers import (
    COPY_NAME,
    COPY_SLUG,
    export,
    import_copy,
    normalised,
    page_text,
)
from tests.world import played_league_build

VALIDATOR = jsonschema.Draft202012Validator(
    document_schema(), format_checker=jsonschema.FormatChecker()
)


def _schema_errors(document: dict[str, Any]) -> list[str]:
    return [f"{list(e.path)}: {e.message}" for e in VALIDATOR.iter_errors(document)]


def _pages(league: League) -> list[str]:
    """The addresses of the league's pages (its own, its hall of fame and stories), each
    season's (home, standings, fixtures, and its game's: MagnoBall's leaders, a Magic
    Number Eleven draft), each team's page and history, the first played match centres
    and (MagnoBall) the first players' pages, in the order their rows were made."""
    urls = [
        reverse(name, kwargs={"slug": league.slug})
        for name in ("league", "hall-of-fame", "graveyard", "head-to-head")
    ]
    for season in Season.objects.filter(league=league).order_by("pk"):
        names = {"league": league.slug, "season": season.slug}
        urls += [reverse(name, kwargs=names) for name in ("season", "standings", "fixtures")]
        if league.ruleset == "magnoball":
            urls.append(reverse("leaders", kwargs=names))
        if league.ruleset == "mn11":
            urls.append(reverse("mn11-draft", kwargs={"pk": season.pk}))
    for team in Team.objects.filter(league=league).order_by("pk"):
        urls += [reverse(name, kwargs={"pk": team.pk}) for name in ("team", "team-history")]
    played = Fixture.objects.filter(round__season__league=league, status=Fixture.Status.PLAYED)
    urls += [reverse("fixture", kwargs={"pk": f.pk}) for f in played.order_by("pk")[:12]]
    if league.ruleset == "magnoball":
        from rosters.models import Player

        players = Player.objects.filter(team__league=league).order_by("pk")[:5]
        urls += [reverse("player", kwargs={"pk": player.pk}) for player in players]
    return urls


def _assert_round_trip(league: League) -> None:
    document = export(league.pk)
    assert _schema_errors(document) == []
    assert document["format"] == "magnoball-league-export"
    assert document["version"] == 1
    assert document["rulesets"] == [league.ruleset]

    outcome = import_copy(document)

    assert outcome.league_id is not None
    copy = League.objects.get(pk=outcome.league_id)
    assert copy.slug == COPY_SLUG
    assert copy.ruleset == league.ruleset
    again = export(copy.pk)
    expected = dict(document)
    expected.pop("exported_at")
    assert normalised(again, name=league.name, slug=league.slug) == expected
    client = Client()
    original_pages, copy_pages = _pages(league), _pages(copy)
    assert len(original_pages) == len(copy_pages) > 1
    for original_url, copy_url in zip(original_pages, copy_pages, strict=True):
        seen = page_text(client, copy_url).replace(COPY_NAME, league.name)
        assert seen == page_text(client, original_url), copy_url


@pytest.mark.django_db
@pytest.mark.parametrize("key", ["magnoball", "arenaball", "mn11"])
def test_each_games_demo_league_round_trips(key: str) -> None:
    summary = ruleset_get(key).demo_build(seed=7)
    assert summary is not None

    _assert_round_trip(summary.league)


@pytest.mark.django_db
def test_a_league_with_every_kind_of_row_round_trips(superuser: Any) -> None:
    # A tournament of guest teams, inspections, a simulated match, injuries, force healing.
    played = played_league_build(name="Every Row", teams=4, actor=superuser)
    document = export(played.league.pk)
    game = document["game"]["magnoball"]
    for key in ("table_inspections", "inspections", "injuries", "force_healing", "groups"):
        assert game.get(key, document.get(key)), key

    _assert_round_trip(played.league)


@pytest.mark.django_db
def test_an_imported_league_replays_its_matches_with_its_own_players(superuser: Any) -> None:
    """A match event's board data names its players, the replay's tokens: in the document
    by their ids there, in the copy by the copy's players, not the original's (which named
    nobody in another installation, and the original's players beside it). A file from
    before keeps the keys it holds (text), as its import always did (docs/data.md)."""
    from games.models import MatchEvent
    from games.selectors import match_report, replay_data

    played = played_league_build(name="Replayed", teams=4, actor=superuser)
    document = export(played.league.pk)
    section = document["game"]["magnoball"]
    named = [key for row in section["match_events"] for key in row["data"].get("players", [])]
    assert named
    assert set(named) <= {row["id"] for row in section["players"]}

    copied = import_copy(document).league_id
    event = MatchEvent.objects.filter(result__fixture__round__season__league=copied)[0]
    fixture = event.result.fixture
    report = match_report(fixture=fixture)
    assert report is not None
    replay = replay_data(fixture=fixture, report=report)
    tokens = {key for event in replay["events"] for key in event["players"]}
    assert tokens
    assert tokens <= set(replay["players"])

    for row in section["match_events"]:
        if row["data"].get("players"):
            row["data"]["players"] = [f"99999{key}" for key in row["data"]["players"]]
    document["league"]["name"], document["league"]["slug"] = "Old File", "old-file"
    outcome = league_document_import(document=document, actor=None, dry_run=False)
    assert outcome.league_id is not None
    kept = MatchEvent.objects.filter(result__fixture__round__season__league=outcome.league_id)
    assert sorted(key for event in kept for key in event.data.get("players", [])) == sorted(
        f"99999{key}" for key in named
    )
    # That league exports again, passing on the keys it could not translate.
    again = export(outcome.league_id)["game"]["magnoball"]["match_events"]
    assert sorted(key for row in again for key in row["data"].get("players", [])) == sorted(
        f"99999{key}" for key in named
    )


@pytest.mark.django_db
def test_an_imported_draft_shows_its_draws_by_the_copys_team_names() -> None:
    """E-S2's draws name teams by their keys: in the document by their ids there, in the
    copy by the copy's teams, so its draft board names the same teams as the original's."""
    from mn11.models.draft import Draft
    from mn11.selectors import draft_board

    league = ruleset_get("mn11").demo_build(seed=7).league
    document = export(league.pk)
    section = document["game"]["mn11"]
    teams = {row["id"] for row in document["teams"]}
    drawn = [draw for row in section["drafts"] for draw in row["draws"]]
    assert drawn
    assert {key for draw in drawn for key in (*draw["options"], draw["result"])} <= teams

    copied = import_copy(document).league_id
    boards = [
        draft_board(season=draft.season, user=None)
        for draft in Draft.objects.filter(season__league__in=[league.pk, copied])
        .select_related("season")
        .order_by("season__league_id")
    ]
    original, copy = (board.draws if board else None for board in boards)
    assert copy == original
    names = set(Team.objects.filter(league=league).values_list("name", flat=True))
    assert {draw.result for draw in original or ()} <= names


@pytest.mark.django_db
def test_an_imported_automatic_pick_names_the_copys_team() -> None:
    """An automatic pick's draw names the team on the clock (its key): the copy's team."""
    from datetime import timedelta

    from mn11.models.draft import DraftPick
    from mn11.services import draft_catch_up, draft_start
    from tests.mn11.draft_world import draft_world

    world = draft_world(draft_auto_pick=True)
    draft = draft_start(season=world.season, actor=world.commissioner, pick_hours=2)
    pick = draft_catch_up(season=world.season, now=draft.clock_started_at + timedelta(hours=3))[0]
    assert pick.draw["actor"] == str(pick.team_id)

    copied = import_copy(export(world.league.pk)).league_id
    copy = DraftPick.objects.get(draft__season__league=copied, automatic=True)
    assert copy.draw["actor"] == str(copy.team_id)


@pytest.mark.django_db
def test_import_counts_every_row_it_wrote() -> None:
    summary = ruleset_get("magnoball").demo_build(seed=7)
    assert summary is not None
    document = export(summary.league.pk)

    outcome = import_copy(document)

    game = document["game"]["magnoball"]
    assert outcome.counts["fixtures"] == len(document["fixtures"])
    assert outcome.counts.get("players") == len(game["players"])
    assert outcome.counts.get("dice_rolls") == len(game["dice_rolls"])


@pytest.mark.slow
@pytest.mark.django_db
def test_a_league_of_three_seasons_round_trips() -> None:
    # Seasons rolled over carry their players' careers; bench/exchange.py times the same
    # for a 20-team league of five seasons (docs/data.md).
    from bench.exchange import league_with_history

    league = league_with_history(name="Six", teams=6, seasons=3)

    _assert_round_trip(league)


def test_the_published_schema_is_the_documents() -> None:
    # Regenerate: manage.py league_export --schema -o league/exchange/schema/league-export-v1.json
    assert SCHEMA_PATH.read_text(encoding="utf-8") == document_schema_text()
    jsonschema.Draft202012Validator.check_schema(document_schema())


def test_every_model_of_a_league_is_in_the_document_or_said_to_stay_behind() -> None:
    # A new model of the core or of a game must join the document (a Table) or this list,
    # with the reason in docs/data.md ("What stays behind").
    from django.apps import apps

    from league.exchange.app_tables import app_tables
    from league.exchange.core_tables import AUDIT_TABLE, CORE_TABLES
    from league.rulesets import rulesets

    stays_behind = {
        "league.League",  # the document's "league" itself
        "league.ApiToken",
        "league.Invitation",
        "league.IdempotencyRecord",
        "league.PageVersion",
        "games.SimulationJob",
        "signup.SignupAccount",  # a person's own account and its verification
        "signup.JoinRequest",  # the sign-up's correspondence; approved ones are teams
        "webhooks.Subscription",  # the installation's, with their secrets
        "webhooks.Delivery",
        "exchange_jobs.ExchangeJob",  # the work queue
        "odds.PairingOdds",  # the engine's cached match odds: simulated again when needed
        "odds.OddsChunk",  # a run's work under way
    }
    tables = [
        *CORE_TABLES,
        *app_tables(),
        AUDIT_TABLE,
        *(t for r in rulesets() for t in r.exchange_tables()),
    ]
    exported = {table.model._meta.label for table in tables}
    apps_ = {
        "league",
        "rosters",
        "injuries",
        "games",
        "arenaball",
        "mn11",
        "honours",
        "signup",
        "webhooks",
        "exchange_jobs",
        "odds",
    }
    stored = {
        model._meta.label
        for model in apps.get_models()
        if model._meta.app_label in apps_ and not model._meta.proxy
    }

    assert stored - exported == stays_behind
    assert len(exported) == len(tables), "a model is listed twice"


@pytest.mark.django_db
def test_a_season_in_divisions_with_its_ratings_and_odds_round_trips() -> None:
    # The divisions (and each row's division), the power ranking with its history and a
    # finished odds run travel, so the standings page reads the same in the copy. Magic
    # Number Eleven: a game whose scores need no roster behind them.
    from django.contrib.auth.models import User

    from league.odds.models import OddsRun, RatingChange, TeamOdds
    from league.odds.services.ratings import ratings_refresh
    from league.odds.services.runs import odds_run_queue, odds_run_simulate, odds_run_start
    from tests.league.test_divisions import _by_name, _season_in_divisions, _start

    commissioner = User.objects.create(username="commissioner")
    season = _season_in_divisions(commissioner, {"North": "ABC", "South": "DEF"}, ruleset="mn11")
    _start(season, commissioner)
    first = Round.objects.filter(season=season).order_by("number").first()
    assert first is not None
    Round.objects.filter(pk=first.pk).update(status=Round.Status.OPEN)
    _play_round(first, _by_name)
    ratings_refresh(season_id=season.pk)
    run = odds_run_queue(season=season, after_round=first.number, seed=11)
    odds_run_start(run_id=run.pk)
    odds_run_simulate(run_id=run.pk)
    assert OddsRun.objects.get(pk=run.pk).status == OddsRun.Status.DONE
    assert RatingChange.objects.filter(season=season).exists()
    assert TeamOdds.objects.filter(run=run).count() == 6

    document = export(season.league_id)
    assert len(document["divisions"]) == 2
    assert all(row["division"] for row in document["standings"])
    assert len(document["odds_runs"]) == 1

    _assert_round_trip(season.league)


def _play_round(round_: Round, score: Any) -> None:
    from league.services.results import result_store

    for fixture in round_.fixtures.select_related("home_team", "away_team"):
        home, away = score(fixture.home_team.name, fixture.away_team.name)
        result_store(fixture=fixture, home_score=home, away_score=away, actor=None)
