"""A task whose row is gone by the time a worker takes its message (a season, a job or an
odds run deleted meanwhile, or a message left in the broker by another database, such as
the test suite's in the embedded set-up's folder) has nothing to do: it says so in the log
and ends, with no traceback and no retry."""

from __future__ import annotations

import logging

import pytest

from games.tasks import simulate_fixture
from league.models import Season
from league.odds.tasks import odds_chunk, odds_simulate, odds_start, ratings_refresh_task
from league.task_rows import gone_means_done

pytestmark = pytest.mark.django_db

GONE = 987_654


@pytest.mark.parametrize(
    ("task", "what"),
    [
        (ratings_refresh_task, "season"),
        (odds_start, "odds run"),
        (odds_chunk, "odds chunk"),
        (odds_simulate, "odds run"),
        (simulate_fixture, "simulation job"),
    ],
)
def test_a_task_for_a_row_that_is_gone_ends_quietly(task, what, caplog):
    with caplog.at_level(logging.INFO):
        assert task.run(GONE) is None
    assert f"{what} {GONE} no longer exists" in caplog.text


def test_a_missing_row_that_is_not_the_tasks_own_is_still_an_error(world):
    with pytest.raises(Season.DoesNotExist), gone_means_done(Season, world.season.pk, "season"):
        Season.objects.get(pk=GONE)
