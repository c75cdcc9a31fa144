"""The dispatch of a season's waiting jobs (games.services.jobs_dispatch_waiting) leaves
every job's wait in words as a second dispatch would: a job it queues is named as being
simulated by the waits it words in the same pass, after every result of a whole season."""

from __future__ import annotations

from unittest import mock

import pytest

from games.models import SimulationJob
from games.services import (
    jobs_dispatch_waiting,
    round_open,
    simulation_request_rest_of_season,
    simulation_run,
)
from league.models import Result, Round, Season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition

pytestmark = pytest.mark.django_db


def test_after_each_result_a_second_dispatch_changes_nothing(
    make_league, django_capture_on_commit_callbacks
):
    _league, season = make_league("Six", teams=6)
    season.rules.enhancements = False
    season.rules.save(update_fields=["enhancements"])
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for round_ in Round.objects.filter(season=season).order_by("number"):
        round_open(round_=round_, actor=None)
    jobs = SimulationJob.objects.filter(fixture__round__season=season)

    def states():
        return {
            pk: (state, words)
            for pk, state, words in jobs.values_list("pk", "state", "waiting_reason")
        }

    with (
        mock.patch("games.services.job_queue.app.send_task"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        simulation_request_rest_of_season(season=season, actor=None)
    assert jobs.filter(state=SimulationJob.State.WAITING).count() > 20
    for played in range(1, jobs.count() + 1):
        job = jobs.filter(state=SimulationJob.State.QUEUED).order_by("pk").first()
        with (
            mock.patch("games.services.job_queue.app.send_task"),
            django_capture_on_commit_callbacks(execute=True),
        ):
            assert simulation_run(job_id=job.pk, worker="w1").state == "succeeded"
        assert Result.objects.filter(fixture__round__season=season).count() == played
        after = states()
        with mock.patch("games.services.job_queue.app.send_task"):
            assert jobs_dispatch_waiting(season_id=season.pk) == []
        assert states() == after
    assert set(jobs.values_list("state", flat=True)) == {SimulationJob.State.SUCCEEDED}
