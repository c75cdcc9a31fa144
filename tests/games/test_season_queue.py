"""What a fixture waits for (games/selectors/season_queue.py, SeasonQueue; M-P3: a team
plays its fixtures in round order): the queue of one fixture's two teams gives the same
answer as the queue of the whole season, and the answer is the first earlier unplayed
fixture of either team."""

from __future__ import annotations

from unittest import mock

import pytest

from games.selectors import SeasonQueue
from games.services import round_open, simulation_request_rest_of_season
from league.models import Fixture, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_queued(make_league) -> Season:
    """Six teams, round 1 open and every fixture's simulation asked for (the broker aside)."""
    _, season = make_league("Queue League", teams=6)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    round_open(round_=season.rounds.get(number=1), actor=None)
    with mock.patch("games.services.job_queue.app.send_task"):
        simulation_request_rest_of_season(season=season, actor=None)
    return season


def _first_earlier(fixture: Fixture, fixtures: list[Fixture]) -> Fixture | None:
    """The plain reading of M-P3: scan the season's unplayed fixtures in round order."""
    teams = {fixture.home_team_id, fixture.away_team_id}
    for other in fixtures:
        if other.round.number >= fixture.round.number:
            return None
        if teams & {other.home_team_id, other.away_team_id}:
            return other
    return None


def test_a_fixtures_teams_queue_answers_as_the_seasons_queue(season_queued):
    fixtures = list(
        Fixture.objects.filter(round__season=season_queued)
        .select_related("round", "home_team", "away_team")
        .order_by("round__number", "id")
    )
    assert len(fixtures) == 6 * 5  # a double round robin of six teams
    whole = SeasonQueue(season_queued.pk)
    waiting = 0
    for fixture in fixtures:
        teams = (fixture.home_team_id, fixture.away_team_id)
        blocker = whole.blocker(fixture.pk)
        assert SeasonQueue(season_queued.pk, teams=teams).blocker(fixture.pk) == blocker
        earlier = _first_earlier(fixture, fixtures)
        if earlier is None:
            assert blocker == "", fixture
        else:
            waiting += 1
            assert blocker.startswith(f"Waits for {earlier}, round {earlier.round.number}, ")
    assert waiting == len(fixtures) - 3  # all but round 1's three fixtures


def test_the_queue_reads_no_decisions_while_no_fixture_awaits_inspections(
    season_queued, django_assert_num_queries
):
    # The unplayed fixtures and the live jobs; the decisions' two reads only serve a fixture
    # awaiting inspections (tests/games/test_simulation_jobs.py words those).
    assert not Fixture.objects.filter(status=Fixture.Status.INSPECTIONS).exists()
    with django_assert_num_queries(2):
        SeasonQueue(season_queued.pk)
