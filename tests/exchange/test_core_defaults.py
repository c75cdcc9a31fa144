"""The core's CSV paths for a game with nothing of its own (a skeleton ruleset): scores
recorded by league.services.results.result_store, teams by league.services.teams.team_create, no
players table; and, on PostgreSQL, a job and an import run twice at once."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connection, connections

from league.capabilities import capability
from league.capabilities.simulation import Simulation
from league.errors import DomainError
from league.exchange.csv_export import csv_table_export
from league.exchange.csv_import import csv_results_import, csv_teams_import
from league.exchange.problems import ImportRefused
from league.exchange_jobs import tasks
from league.exchange_jobs.services import exchange_export_request
from league.models import Fixture, Result, Round, Season, StandingRow
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.services.leagues import league_create
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create


class Quoits(Ruleset):
    key = "quoits"
    label = "Quoits"


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def draft() -> Iterator[Season]:
    ruleset_register(Quoits())
    league = league_create(name="Quoits League", actor=None, ruleset="quoits")
    season = season_create(league=league, name="2026", actor=None, double_round_robin=False)
    for name in ("Ants", "Bees", "Crows", "Doves"):
        team_create(season=season, name=name, short_name=name[:3], actor=None)
    yield season
    ruleset_unregister(Quoits.key)


def _start(season: Season) -> Season:
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    season.refresh_from_db()
    return season


def _round_one(season: Season) -> bytes:
    lines = ["round;home;away;home_score;away_score"]
    for fixture in Fixture.objects.filter(round__season=season, round__number=1).select_related(
        "home_team", "away_team"
    ):
        lines.append(f"1;{fixture.home_team.short_name};{fixture.away_team.name};2;1")
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.django_db
def test_scores_alone_are_recorded_by_the_core_and_the_table_follows(draft: Season) -> None:
    season = _start(draft)
    report = csv_results_import(season=season, data=_round_one(season), actor=None, dry_run=False)
    assert len(report.created) == 2
    assert Round.objects.get(season=season, number=1).status == Round.Status.COMPLETE
    assert sorted(StandingRow.objects.filter(season=season).values_list("points", flat=True)) == [
        0, 0, 3, 3,
    ]  # fmt: skip
    assert "played" in csv_table_export(season=season, table="fixtures")


@pytest.mark.django_db
def test_a_game_without_players_has_no_players_table(draft: Season) -> None:
    with pytest.raises(DomainError, match="Quoits has no players"):
        csv_table_export(season=draft, table="players")
    with mock.patch("league.exchange_jobs.services.app.send_task"):
        job = exchange_export_request(
            league=draft.league, season=draft, format_key="csv-players", actor=None
        )
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    assert job.status == "failed"
    assert job.reason == "Quoits has no players: export the standings or the fixtures."


@pytest.mark.django_db
def test_the_cores_teams_refuse_player_rows(draft: Season) -> None:
    report = csv_teams_import(
        season=draft, data=b"team,short_name\nEels,EEL\n", actor=None, dry_run=False
    )
    assert report.created == ["Eels"]
    with pytest.raises(ImportRefused) as refused:
        csv_teams_import(
            season=draft,
            data=b"team,short_name,player\nFoxes,FOX,Ann\n",
            actor=None,
            dry_run=False,
        )
    assert [str(p) for p in refused.value.problems] == [
        "row 2, player: Quoits rosters are made by the game itself: leave the player columns empty."
    ]


@pytest.mark.django_db
def test_a_short_name_the_core_refuses_is_named_by_its_column(draft: Season) -> None:
    with pytest.raises(ImportRefused) as refused:
        csv_teams_import(
            season=draft, data=b"team,short_name\nFoxes,FOXES_TOO_LONG\n", actor=None, dry_run=True
        )
    (problem,) = refused.value.problems
    assert (problem.where, problem.field) == ("row 2", "short_name")


def _at_once(count: int, run: Callable[[], Any]) -> list[Any]:
    barrier = threading.Barrier(count)
    outcomes: list[Any] = [None] * count

    def go(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = run()
        except Exception as error:  # the outcome to check
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=go, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs PostgreSQL: SQLite serialises writers"
)


@pytest.mark.django_db
def test_a_game_without_engine_pairings_names_none_and_refuses_to_simulate_one(
    draft: Season,
) -> None:
    """Its playoff odds come from the ratings alone (docs/odds.md): no pairing is named, and
    a ruleset that named some without simulating them is told what it lacks."""
    game = capability(Quoits(), Simulation)
    assert game.odds_pairings(season=draft, fixtures=[]) == {}
    with pytest.raises(ImproperlyConfigured, match="odds_pairing_simulate"):
        game.odds_pairing_simulate(season=draft, home=1, away=2, matches=10, seed=0)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_two_workers_on_one_job_build_one_file(draft: Season) -> None:
    with mock.patch("league.exchange_jobs.services.app.send_task"):
        job = exchange_export_request(
            league=draft.league, season=draft, format_key="csv-standings", actor=None
        )
    _at_once(2, lambda: tasks.run_exchange_job(job.pk))
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 1)
    assert len(list(Path(job.file.path).parent.iterdir())) == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_one_file_imported_twice_at_once_is_written_once(draft: Season) -> None:
    season = _start(draft)
    data = _round_one(season)
    outcomes = _at_once(
        2, lambda: csv_results_import(season=season, data=data, actor=None, dry_run=False)
    )
    refused = [o for o in outcomes if isinstance(o, ImportRefused)]
    assert len(refused) == 1, outcomes
    assert "already has a result" in str(refused[0].problems[0])
    assert Result.objects.filter(fixture__round__season=season).count() == 2
    assert sorted(StandingRow.objects.filter(season=season).values_list("played", flat=True)) == [
        1, 1, 1, 1,
    ]  # fmt: skip
