"""The power ranking and the odds runs (league/odds, docs/odds.md) for a game with no engine:
the rating model. A round that completes queues a run; the run's steps are safe to run
twice; the ratings refreshed one result at a time equal the season replayed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from league.models import Fixture, Result, Round, Season
from league.odds.models import OddsChunk, OddsRun, RatingChange, TeamOdds, TeamRating
from league.odds.services.ratings import ratings_refresh
from league.odds.services.runs import odds_run_queue, odds_run_simulate, odds_run_start, odds_sweep
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.services.leagues import league_create
from league.services.results import result_store
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create
from rules.ratings import INITIAL_RATING
from rules.standings import TableSettings
from tests.league.odds_inline import odds_inline  # noqa: F401  (a fixture)

pytestmark = pytest.mark.usefixtures("odds_inline")


class Plain(Ruleset):
    key = "plain-odds"
    label = "Plain"

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings(points_win=2, points_overtime_win=2, points_overtime_loss=0)


@pytest.fixture
def plain() -> Iterator[Plain]:
    ruleset = Plain()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


@pytest.fixture(autouse=True)
def _small_runs(settings):
    settings.ODDS_SAMPLE_SIZE = 400


def _season(teams: int, playoff_teams: int = 0) -> Season:
    league = league_create(name="Odds League", actor=None, ruleset="plain-odds")
    season = season_create(
        league=league,
        name="2026",
        actor=None,
        double_round_robin=False,
        playoff_teams=playoff_teams,
    )
    for index in range(teams):
        team_create(season=season, name=f"Club {index}", short_name=f"C{index}", actor=None)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    Round.objects.filter(season=season).update(status=Round.Status.OPEN)
    return season


def _play_round(season: Season, number: int, score=(2, 1)) -> list[Result]:
    fixtures = Fixture.objects.filter(round__season=season, round__number=number).order_by("pk")
    return [
        result_store(fixture=f, home_score=score[0], away_score=score[1], actor=None)
        for f in fixtures
    ]


def _run(season: Season) -> OddsRun:
    run = OddsRun.objects.filter(season=season).latest("pk")
    odds_run_start(run_id=run.pk)
    return odds_run_simulate(run_id=run.pk)


def test_a_completed_round_queues_an_odds_run_and_a_half_played_one_does_not(plain, db):
    season = _season(4)
    first, _second = Fixture.objects.filter(round__season=season, round__number=1)
    result_store(fixture=first, home_score=1, away_score=0, actor=None)
    assert not OddsRun.objects.filter(season=season).exists()
    result_store(fixture=_second, home_score=1, away_score=0, actor=None)
    run = OddsRun.objects.get(season=season)
    assert (run.after_round, run.status, run.sample_size) == (1, "queued", 400)


def test_an_odds_run_plays_the_season_out_by_the_rating_model(plain, db):
    season = _season(4, playoff_teams=2)
    _play_round(season, 1)
    run = _run(season)
    assert run.status == "done", run.error
    assert run.method == (
        f"400 simulated seasons after round 1, match odds from the Elo ratings, seed {run.seed}"
    )
    figures = list(TeamOdds.objects.filter(run=run))
    assert len(figures) == 4
    assert sum(f.title for f in figures) == pytest.approx(1.0)
    assert sum(f.playoffs for f in figures) == pytest.approx(2.0)
    assert all(sum(f.positions) == pytest.approx(1.0) for f in figures)
    # The ratings were brought up to date first: two wins, two losses, the sum kept.
    ratings = list(TeamRating.objects.filter(season=season))
    assert sum(r.rating for r in ratings) == pytest.approx(4 * INITIAL_RATING)
    assert {r.games for r in ratings} == {1}


def test_each_step_of_a_run_done_twice_changes_nothing(plain, db):
    season = _season(4)
    _play_round(season, 1)
    run = OddsRun.objects.get(season=season)
    odds_run_start(run_id=run.pk)
    odds_run_start(run_id=run.pk)
    done = odds_run_simulate(run_id=run.pk)
    again = odds_run_simulate(run_id=run.pk)
    assert (done.status, again.status, again.attempts) == ("done", "done", done.attempts)
    assert TeamOdds.objects.filter(run=run).count() == 4
    assert not OddsChunk.objects.filter(run=run).exists()  # no engine: no pairings


def test_the_same_seed_gives_the_same_figures(plain, db):
    season = _season(4)
    _play_round(season, 1)
    first = _run(season)
    again = OddsRun.objects.create(
        season=season, after_round=1, seed=first.seed, sample_size=first.sample_size
    )
    _run(season)

    def figures(run):
        return sorted(TeamOdds.objects.filter(run=run).values_list("team_id", "title", "positions"))

    assert figures(first) == figures(again)


def test_a_decided_season_gives_certain_odds(plain, db):
    season = _season(2)  # one round, one fixture
    _play_round(season, 1, score=(3, 0))
    run = _run(season)
    home = Fixture.objects.get(round__season=season).home_team_id
    odds = {f.team_id: f for f in TeamOdds.objects.filter(run=run)}
    assert odds[home].title == 1.0
    assert [f.title for team, f in odds.items() if team != home] == [0.0]


def test_ratings_added_result_by_result_equal_the_season_replayed(plain, db):
    season = _season(4)
    for number, score in ((1, (3, 0)), (2, (1, 1)), (3, (0, 2))):
        _play_round(season, number, score)
        ratings_refresh(season_id=season.pk)
    added = sorted(
        TeamRating.objects.filter(season=season).values_list("team_id", "rating", "games")
    )
    history = sorted(RatingChange.objects.values_list("team_id", "sequence", "before", "after"))
    assert ratings_refresh(season_id=season.pk) == 0  # nothing new: nothing done
    ratings_refresh(season_id=season.pk, replay=True)
    replayed = sorted(
        TeamRating.objects.filter(season=season).values_list("team_id", "rating", "games")
    )
    # The same games in the same order, the same arithmetic: equal to the last bit.
    assert added == replayed
    assert sorted(RatingChange.objects.values_list("team_id", "sequence", "before", "after")) == (
        history
    )
    assert sum(r for _, r, _ in replayed) == pytest.approx(4 * INITIAL_RATING)


def test_a_void_replays_the_ratings_without_the_result(plain, db):
    season = _season(2)
    (result,) = _play_round(season, 1)
    ratings_refresh(season_id=season.pk)
    assert RatingChange.objects.count() == 2
    result.delete()
    ratings_refresh(season_id=season.pk, replay=True)
    assert not RatingChange.objects.exists()
    assert set(TeamRating.objects.values_list("rating", "games")) <= {(INITIAL_RATING, 0)}


def test_the_sweep_sends_again_what_waited_too_long(plain, db, settings):
    season = _season(2)
    _play_round(season, 1)
    run = OddsRun.objects.get(season=season)
    OddsRun.objects.filter(pk=run.pk).update(created_at=run.created_at.replace(year=2000))
    assert odds_sweep().startswith("odds: 1 runs, 0 chunks, 0 simulations")


def test_the_celery_tasks_delivered_twice_change_nothing(plain, db):
    from league.odds import tasks

    season = _season(4)
    _play_round(season, 1)
    run = OddsRun.objects.get(season=season)
    for _ in range(2):
        tasks.ratings_refresh_task(season.pk)
        tasks.odds_start(run.pk)
        tasks.odds_simulate(run.pk)
    run.refresh_from_db()
    assert (run.status, run.attempts) == ("done", 2)  # one claim to start, one to simulate
    assert TeamOdds.objects.filter(run=run).count() == 4
    assert RatingChange.objects.filter(season=season).count() == 4
    assert "odds: 0 runs" in tasks.odds_sweep_task()


def test_a_start_whose_worker_died_is_started_again(plain, db):
    season = _season(2)
    _play_round(season, 1)
    run = OddsRun.objects.get(season=season)
    long_ago = run.created_at.replace(year=2000)
    OddsRun.objects.filter(pk=run.pk).update(
        status="pairings", attempts=1, heartbeat_at=long_ago, created_at=long_ago
    )
    assert odds_sweep().startswith("odds: 1 runs")
    assert _run(season).status == "done"


def test_a_lost_message_is_made_good_by_the_sweep_once(plain, db):
    season = _season(4)
    _play_round(season, 1)
    OddsRun.objects.all().delete()  # as if the ratings message never arrived
    odds_sweep()
    odds_sweep()
    (run,) = OddsRun.objects.filter(season=season)
    assert run.after_round == 1
    assert run.trigger.startswith("round:")


def test_a_run_stops_once_a_later_run_of_its_season_is_queued(plain, db):
    """A season played quickly completes rounds faster than their odds are worked out:
    a run whose season has a later one stops at its next step, and the later run counts."""
    season = _season(6)
    _play_round(season, 1)
    first = OddsRun.objects.get(season=season)
    _play_round(season, 2)
    second = OddsRun.objects.filter(season=season).latest("pk")
    assert second.pk != first.pk

    stopped = odds_run_start(run_id=first.pk)

    assert (stopped.status, stopped.finished_at is not None) == ("superseded", True)
    assert odds_run_simulate(run_id=first.pk).status == "superseded"
    assert not TeamOdds.objects.filter(run=first).exists()
    assert _run(season).status == "done"
    assert TeamOdds.objects.filter(run=second).count() == 6


def test_a_run_between_its_steps_stops_too(plain, db):
    season = _season(4)
    _play_round(season, 1)
    run = OddsRun.objects.get(season=season)
    odds_run_start(run_id=run.pk)  # no engine: ready to simulate
    odds_run_queue(season=season, after_round=1, trigger="change:test")

    assert odds_run_simulate(run_id=run.pk).status == "superseded"
    assert not TeamOdds.objects.filter(run=run).exists()
