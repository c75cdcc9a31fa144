"""MagnoBall's playoff odds come from the engine itself (games/selectors/odds.py,
docs/odds.md): each remaining pairing played a bounded number of times, cached by a version
of the two rosters and the settings, then the season played out by the league's own table."""

from __future__ import annotations

import hashlib
import json
import math
from datetime import timedelta

import pytest
from django.utils import timezone

from games.selectors import odds_pairings, pairing_version, team_sheet, team_sheets
from games.selectors.odds import _plain
from games.services import PlayerLine, ResultReport, result_record
from injuries.models import Injury
from league.models import Fixture
from league.odds.models import OddsChunk, OddsRun, PairingOdds, TeamOdds
from league.odds.services.runs import (
    odds_chunk_run,
    odds_run_queue,
    odds_run_simulate,
    odds_run_start,
    odds_sweep,
)
from league.selectors.standings import standings_games
from rosters.models import Enhancement, Player, PlayerSeasonStat
from rules.magnoball.snapshot import Side
from rules.magnoball.version import ENGINE_VERSION
from rules.standings import TableGame, compute_table
from tests.league.odds_inline import odds_inline  # noqa: F401  (a fixture)

SEASONS = 3000
MATCHES = 24

pytestmark = pytest.mark.usefixtures("odds_inline")


@pytest.fixture(autouse=True)
def _small_runs(settings):
    settings.ODDS_SAMPLE_SIZE = SEASONS
    settings.ODDS_PAIRING_MATCHES = MATCHES
    settings.ODDS_CHUNK_PAIRINGS = 1


def _report(world, home: int, away: int) -> ResultReport:
    lines = [
        PlayerLine(team.players.get(shirt_number=1).pk, points, {"scoring": (points, points)})
        for team, points in ((world.home, home), (world.away, away))
    ]
    return ResultReport(home_score=home, away_score=away, lines=lines)


def _first_round_played(world, match_day) -> OddsRun:
    result_record(fixture=match_day, report=_report(world, 2, 1), actor=None)
    return OddsRun.objects.get(season=world.season)


def test_two_teams_one_fixture_left_the_title_odds_are_the_engines_own(world, match_day):
    run = _first_round_played(world, match_day)
    odds_run_start(run_id=run.pk)
    (chunk,) = OddsChunk.objects.filter(run=run)
    odds_chunk_run(chunk_id=chunk.pk)
    run = odds_run_simulate(run_id=run.pk)
    assert run.status == "done", run.error
    assert run.method.startswith(f"{SEASONS:,} simulated seasons after round 1, engine odds from")
    assert f"{MATCHES} matches per pairing, seed {run.seed}" in run.method

    # Exact, from the engine's sampled matches: who tops the table after each of them.
    (last,) = Fixture.objects.exclude(pk=match_day.pk).filter(round__season=world.season)
    pairing = PairingOdds.objects.get(home_team=last.home_team, away_team=last.away_team)
    assert pairing.matches == MATCHES
    teams = {str(t.pk): t.name for t in (world.home, world.away)}
    played = standings_games(season=world.season)
    first = [
        compute_table(
            teams=teams,
            games=[*played, TableGame(str(last.home_team_id), str(last.away_team_id), h, a, ot)],
            settings=_table_settings(world),
        )[0].team
        for h, a, ot in pairing.outcomes
    ]
    for team in (world.home, world.away):
        exact = first.count(str(team.pk)) / len(first)
        title = TeamOdds.objects.get(run=run, team=team).title
        sigma = math.sqrt(exact * (1 - exact) / SEASONS)
        assert abs(title - exact) <= 4 * sigma + 1e-12, (team, title, exact)


def _table_settings(world):
    from league.rulesets import ruleset_for

    return ruleset_for(world.league).table_settings(season=world.season)


def test_a_chunk_run_twice_simulates_once_and_counts_once(world, match_day):
    run = _first_round_played(world, match_day)
    odds_run_start(run_id=run.pk)
    (chunk,) = OddsChunk.objects.filter(run=run)
    odds_chunk_run(chunk_id=chunk.pk)
    odds_chunk_run(chunk_id=chunk.pk)
    run.refresh_from_db()
    assert (run.chunks_total, run.chunks_done, run.status) == (1, 1, "simulating")
    assert PairingOdds.objects.count() == 1


def test_the_cache_answers_until_a_roster_changes(world, match_day):
    run = _first_round_played(world, match_day)
    odds_run_start(run_id=run.pk)
    odds_chunk_run(chunk_id=OddsChunk.objects.get(run=run).pk)
    odds_run_simulate(run_id=run.pk)
    fixtures = list(Fixture.objects.exclude(pk=match_day.pk).filter(round__season=world.season))
    before = odds_pairings(season=world.season, fixtures=fixtures)

    again = OddsRun.objects.create(season=world.season, after_round=1, seed=1, sample_size=100)
    odds_run_start(run_id=again.pk)
    assert again.chunks.count() == 0  # cached: straight to the seasons
    assert odds_pairings(season=world.season, fixtures=fixtures) == before

    Player.objects.filter(team=fixtures[0].home_team, shirt_number=1).update(status="veteran")
    changed = odds_pairings(season=world.season, fixtures=fixtures)
    assert changed.keys() == before.keys()
    assert changed != before
    third = OddsRun.objects.create(season=world.season, after_round=1, seed=1, sample_size=100)
    odds_run_start(run_id=third.pk)
    assert third.chunks.count() == 1


def test_a_pairing_version_is_the_digest_of_the_engine_settings_and_both_sheets(world, match_day):
    # Each sheet is written as text once a run now, not once a pairing: the digest must stay
    # the one of the whole list as one JSON text, or every cached pairing would be lost.
    settings = world.season.rules.to_engine()
    home = team_sheet(team=world.home, settings=settings, side=Side.HOME)
    away = team_sheet(team=world.away, settings=settings, side=Side.AWAY)
    text = json.dumps(
        [ENGINE_VERSION, _plain(settings), _plain(home), _plain(away)], sort_keys=True
    )
    expected = hashlib.sha256(text.encode()).hexdigest()

    assert pairing_version(home=home, away=away, settings=settings) == expected
    versions = odds_pairings(season=world.season, fixtures=[match_day])
    assert versions == {(world.home.pk, world.away.pk): expected}


def test_a_chunk_whose_worker_died_is_taken_back_and_a_live_one_is_not(world, match_day):
    run = _first_round_played(world, match_day)
    odds_run_start(run_id=run.pk)
    chunk = OddsChunk.objects.get(run=run)
    now = timezone.now()
    OddsChunk.objects.filter(pk=chunk.pk).update(state="running", attempts=1, heartbeat_at=now)
    assert odds_chunk_run(chunk_id=chunk.pk).state == "running"  # alive: a duplicate
    assert not PairingOdds.objects.exists()

    OddsChunk.objects.filter(pk=chunk.pk).update(heartbeat_at=now - timedelta(hours=1))
    assert odds_sweep().startswith("odds: 0 runs, 1 chunks")
    taken = odds_chunk_run(chunk_id=chunk.pk)
    assert (taken.state, taken.attempts) == ("done", 2)
    assert PairingOdds.objects.count() == 1


def test_the_seasons_sheets_read_at_once_are_the_sheets_read_one_by_one(world):
    """The odds read every team's sheets in three queries (team_sheets); each is exactly
    the sheet of team_sheet: fit players only (M-P3), fitted enhancements (M-E1), stat
    levels from career successes (M-P7)."""
    rules = world.season.rules
    rules.progression_mode = "stats"
    rules.save()
    settings = rules.to_engine()
    star = world.home.players.get(shirt_number=3)
    Enhancement.objects.create(player=star, kind="pulse_magnet")
    PlayerSeasonStat.objects.create(
        player=star, season=world.season, category="scoring", attempts=30, successes=25
    )
    hurt = world.away.players.get(shirt_number=1)
    Injury.objects.create(
        player=hurt, season=world.season, duration_die="d20", duration_roll=9, games_out=4
    )

    sheets = team_sheets(teams=[world.home, world.away], settings=settings)

    assert len(sheets) == 4
    for team in (world.home, world.away):
        for side in Side:
            assert sheets[team.pk, side] == team_sheet(team=team, settings=settings, side=side)
    (starred,) = [p for p in sheets[world.home.pk, Side.HOME].players if p.key == str(star.pk)]
    assert starred.enhancements
    assert starred.stat_levels
    assert str(hurt.pk) not in {p.key for p in sheets[world.away.pk, Side.AWAY].players}


def test_a_superseded_run_s_waiting_chunks_are_done_at_once(world, match_day):
    """The first chunk to find its run superseded marks the run's other waiting chunks
    done: their messages then claim nothing and play no engine match."""
    run = _first_round_played(world, match_day)
    odds_run_start(run_id=run.pk)
    (first,) = OddsChunk.objects.filter(run=run)
    second = OddsChunk.objects.create(run=run, pairings=first.pairings)
    odds_run_queue(season=world.season, after_round=1, trigger="change:test")

    odds_chunk_run(chunk_id=first.pk)
    second.refresh_from_db()
    assert (second.state, second.attempts) == ("done", 0)
    again = odds_chunk_run(chunk_id=second.pk)

    assert (again.state, again.attempts) == ("done", 0)
    assert not PairingOdds.objects.filter(season=world.season).exists()


def test_a_chunk_of_a_superseded_run_plays_no_engine_match(world, match_day):
    """A later run of the season queued while a run's chunks wait: each chunk stops before
    its next pairing (the workers go back to the simulations), the run is superseded."""
    run = _first_round_played(world, match_day)
    odds_run_start(run_id=run.pk)
    (chunk,) = OddsChunk.objects.filter(run=run)
    odds_run_queue(season=world.season, after_round=1, trigger="change:test")

    stopped = odds_chunk_run(chunk_id=chunk.pk)

    run.refresh_from_db()
    assert (stopped.state, run.status) == ("done", "superseded")
    assert not PairingOdds.objects.filter(season=world.season).exists()
