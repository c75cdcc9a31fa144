"""`games.selectors.SeasonQueue` reads a season's unplayed fixtures and their live jobs in SQL:
it answers as the ORM queries it stands for, for the whole season and for some teams."""

from __future__ import annotations

import pytest
from django.db.models import Q

from games.models import SimulationJob
from games.selectors import SeasonQueue
from games.services import round_open, simulation_request_rest_of_season
from league.models import Fixture, Round, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(make_league) -> Season:
    """Six teams, every round open, the rest of the season asked for; a fixture played, jobs
    in each live state and one cancelled."""
    _league, season = make_league("Queue", teams=6)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for round_ in Round.objects.filter(season=season).order_by("number"):
        round_open(round_=round_, actor=None)
    jobs = simulation_request_rest_of_season(season=season, actor=None).jobs
    played, running, cancelled, queued = jobs[0], jobs[1], jobs[2], jobs[-1]
    Fixture.objects.filter(pk=played.fixture_id).update(status=Fixture.Status.PLAYED)
    SimulationJob.objects.filter(pk=running.pk).update(state=SimulationJob.State.RUNNING)
    SimulationJob.objects.filter(pk=cancelled.pk).update(state=SimulationJob.State.CANCELLED)
    SimulationJob.objects.filter(pk=queued.pk).update(state=SimulationJob.State.QUEUED)
    return season


def _orm(season: Season, teams: tuple[int, ...]):
    """The ORM queries SeasonQueue's statements stand for (before them)."""
    rows = Fixture.objects.filter(round__season_id=season.pk).exclude(status=Fixture.Status.PLAYED)
    if teams:
        rows = rows.filter(Q(home_team_id__in=teams) | Q(away_team_id__in=teams))
    fixtures = list(
        rows.order_by("round__number", "id").values_list(
            "id",
            "round__number",
            "home_team_id",
            "away_team_id",
            "status",
            "home_team__name",
            "away_team__name",
        )
    )
    live = dict(
        SimulationJob.objects.filter(
            fixture_id__in=rows.order_by().values("id"), state__in=SimulationJob.LIVE_STATES
        ).values_list("fixture_id", "state")
    )
    return fixtures, live


@pytest.mark.parametrize("some_teams", [False, True])
def test_the_queue_reads_what_the_orm_queries_read(season, some_teams):
    teams: tuple[int, ...] = ()
    if some_teams:
        teams = tuple(season.league.teams.order_by("pk").values_list("pk", flat=True)[:2])
    fixtures, live = _orm(season, teams)
    queue = SeasonQueue(season.pk, teams=teams)
    assert [
        (f.id, f.round_number, f.home, f.away, f.status, f.name) for f in queue.fixtures.values()
    ] == [(pk, n, home, away, status, f"{h} v {a}") for pk, n, home, away, status, h, a in fixtures]
    assert queue.live_jobs == live
    if not some_teams:
        assert set(live.values()) == {"waiting", "queued", "running"}
    assert 0 < len(queue.fixtures) < Fixture.objects.filter(round__season=season).count()
