"""Every answer validates against the served schema (issue #47): every GET route of the API,
walked with the real objects of each game's demo (MagnoBall, Arenaball, Magic Number
Eleven, as `manage.py demo_league` builds them, with a simulation job, odds, an export and
a webhook's delivery added), each answer checked as Schemathesis checks it: no server
error, a documented status code and content type, and a body that validates against the
schema's components. A season's ``rules`` is its own game's rules object."""

from __future__ import annotations

import gc
import itertools
import re
import warnings
from collections import defaultdict
from collections.abc import Iterator
from io import StringIO
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command

from api.tokens import api_token_create
from arenaball.models import Character, Design
from games.models import SimulationJob
from games.services import simulation_request
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import exchange_job_run
from league.models import Fixture, League, Season, Team
from league.odds.models import OddsChunk, OddsRun
from league.odds.services.runs import odds_chunk_run, odds_run_simulate, odds_run_start
from league.webhooks.models import Subscription
from rosters.models import Player
from tests.api.client import Api
from tests.api.served_schema import CHECKS, schema
from tests.league.odds_inline import odds_inline  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

GAMES = ("magnoball", "arenaball", "mn11")

#: A path parameter's kind of object, by its name (``id`` and ``job_id`` by the path too).
KINDS = {
    "league_id": "league",
    "league_slug": "league_slug",
    "season_id": "season",
    "fixture_id": "fixture",
    "team_id": "team",
    "player_id": "player",
    "tournament_id": "tournament",
    "webhook_id": "webhook",
    "character_id": "character",
    "design_id": "design",
}
_ID_KINDS = {"leagues": "league", "seasons": "season", "fixtures": "fixture"}


def _kind(path: str, name: str) -> str:
    if name == "id":
        return _ID_KINDS[path.split("/")[3]]
    if name == "job_id":
        return "export" if "/exports/" in path else "job"
    return KINDS[name]


@pytest.fixture
def demo(settings: Any, tmp_path: Any, odds_inline: None) -> Iterator[str]:  # noqa: F811
    """Each game's demo league, plus what the demo leaves out: a MagnoBall simulation job,
    the odds of each season with a complete round, an export of each league and a webhook
    with a delivery. The demo commissioner's token (he runs all three leagues)."""
    settings.MEDIA_ROOT = tmp_path
    settings.ODDS_SAMPLE_SIZE = 200
    settings.ODDS_PAIRING_MATCHES = 4
    with (
        mock.patch("games.services.job_queue.app.send_task"),
        mock.patch("league.exchange_jobs.services.app.send_task"),
        mock.patch("league.webhooks.services.events.app.send_task"),
    ):
        call_command("demo_league", stdout=StringIO())
        for run in OddsRun.objects.all():
            odds_run_start(run_id=run.pk)
            for chunk in OddsChunk.objects.filter(run=run):
                odds_chunk_run(chunk_id=chunk.pk)
            odds_run_simulate(run_id=run.pk)
        commissioner = League.objects.get(ruleset="magnoball").commissioners.get()
        _, key = api_token_create(user=commissioner, name="schema walk", actor=None)
        api = Api(key)
        ready = Fixture.objects.filter(
            round__season__league__ruleset="magnoball", status=Fixture.Status.READY
        ).earliest("id")
        simulation_request(fixture=ready, actor=commissioner)
        for league in League.objects.all():
            season = league.seasons.filter(format=Season.Format.LEAGUE).earliest("id")
            answer = api.post(
                f"/api/v1/leagues/{league.slug}/exports/",
                {"format": "csv-standings", "season": season.slug},
            )
            assert answer.status_code == 202, answer.content
        for job in ExchangeJob.objects.all():
            exchange_job_run(job_id=job.pk)
        hook = api.post(
            "/api/v1/webhooks/",
            {
                "league": League.objects.get(ruleset="magnoball").pk,
                "url": "https://hooks.example.com/in",
                "events": ["result.recorded"],
            },
        )
        assert hook.status_code == 201, hook.content
        assert api.post(f"/api/v1/webhooks/{hook.json()['id']}/test/").status_code == 202
        yield key


def _objects(game: str) -> dict[str, list[Any]]:
    """The demo's objects of `game`, by kind: a played and an unplayed fixture, each of
    its seasons (a tournament's too), a team in both, and so on."""
    league = League.objects.get(ruleset=game)
    seasons = list(league.seasons.order_by("id"))
    fixtures = Fixture.objects.filter(round__season__league=league)
    played = fixtures.filter(status=Fixture.Status.PLAYED).order_by("id").first()
    unplayed = fixtures.exclude(status=Fixture.Status.PLAYED).order_by("id").first()
    teams = Team.objects.filter(league=league).order_by("id")
    found: dict[str, list[Any]] = {
        "league": [league.pk],
        "league_slug": [league.slug],
        "season": [season.pk for season in seasons],
        "tournament": [s.pk for s in seasons if s.format == Season.Format.TOURNAMENT],
        "fixture": [f.pk for f in (played, unplayed) if f is not None],
        "team": [teams.first().pk],
        "export": list(ExchangeJob.objects.filter(league=league).values_list("pk", flat=True)),
        "webhook": list(Subscription.objects.filter(league=league).values_list("pk", flat=True)),
    }
    if game == "magnoball":
        found["player"] = [Player.objects.filter(team__league=league).earliest("id").pk]
        found["job"] = list(
            SimulationJob.objects.filter(fixture__round__season__league=league).values_list(
                "pk", flat=True
            )
        )
    if game == "arenaball":
        found["character"] = [Character.objects.filter(team__league=league).earliest("id").pk]
        found["design"] = [Design.objects.filter(team__league=league).earliest("id").pk]
    return {kind: values for kind, values in found.items() if values}


def _calls(game: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every GET route of the schema that `game`'s objects can fill (the core's, and the
    game's own under /api/v1/<game>/), with each filling."""
    objects = _objects(game)
    for path, methods in schema.raw_schema["paths"].items():
        segment = path.split("/")[3]
        if "get" not in methods or (segment in GAMES and segment != game):
            continue
        names = re.findall(r"{(\w+)}", path)
        kinds = [_kind(path, name) for name in names]
        if not all(kind in objects for kind in kinds):
            continue
        for values in itertools.product(*(objects[kind] for kind in kinds)):
            yield path, dict(zip(names, values, strict=True))


# Schemathesis's WSGI transport reads an export's file but never closes the app's iterator,
# so the file is closed when the response is collected (Django's own test client closes it).
@pytest.mark.filterwarnings(
    "ignore:Exception ignored in. <_io.FileIO:pytest.PytestUnraisableExceptionWarning"
)
def test_every_get_route_answers_each_games_demo_objects_as_the_schema_says(
    demo: str, keep_test_connection: None
) -> None:
    headers = {"Authorization": f"Token {demo}"}
    problems: list[str] = []
    statuses: dict[str, set[int]] = defaultdict(set)
    bodies: dict[tuple[str, str], Any] = {}
    try:
        for game in GAMES:
            for path, parameters in _calls(game):
                case = schema[path]["GET"].Case(path_parameters=parameters)
                response = case.call(headers=headers)
                statuses[path].add(response.status_code)
                if response.status_code == 200 and "json" in response.headers["content-type"][0]:
                    bodies[(game, path)] = response.json()
                try:
                    case.validate_response(response, checks=CHECKS, headers=headers)
                except Exception as failure:
                    problems.append(f"{game} GET {case.formatted_path}: {failure}")
    finally:
        # schemathesis's WSGI transport never closes werkzeug's response, so an export's
        # FileResponse leaves its file to the collector: collect it here, or its
        # ResourceWarning fails whichever later test the collector happens to run in.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()
    assert problems == [], "\n\n".join(problems)

    # Every GET route of the schema was walked, and answered 200 for some game's objects.
    routes = [path for path, methods in schema.raw_schema["paths"].items() if "get" in methods]
    assert sorted(path for path in routes if 200 not in statuses[path]) == []
    # A season's rules are its own game's, never null.
    games = dict(League.objects.values_list("pk", "ruleset"))
    listed = bodies[(GAMES[0], "/api/v1/seasons/")]["results"]
    assert {season["rules"]["game"] for season in listed} == set(GAMES)
    assert all(season["rules"]["game"] == games[season["league"]] for season in listed)
    for game in GAMES:
        assert bodies[(game, "/api/v1/seasons/{id}/")]["rules"]["game"] == game
