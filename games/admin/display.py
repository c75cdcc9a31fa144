"""Small presentation helpers the games admin shares: badges, a job's progress bar, a
score, lists of names."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.formats import date_format
from django.utils.html import format_html

from games.models import Result, SimulationJob
from league.models import Fixture, Round
from league.templatetags.league_tags import badge_html

FIXTURE_TEAMS = ("fixture__home_team", "fixture__away_team")
LIVE_JOBS = SimulationJob.LIVE_STATES


def name_list(items: Iterable[object]) -> str:
    return ", ".join(str(item) for item in items) or "none"


def fixture_badge(fixture: Fixture) -> str:
    state = {
        Fixture.Status.SCHEDULED: "draft",
        Fixture.Status.INSPECTIONS: "picks_due",
        Fixture.Status.READY: "active",
        Fixture.Status.SIMULATING: "playoffs",
        Fixture.Status.PLAYED: "finished",
    }[Fixture.Status(fixture.status)]
    return badge_html(state, fixture.get_status_display())


def job_badge(job: SimulationJob) -> str:
    state = {
        SimulationJob.State.WAITING: "picks_due",
        SimulationJob.State.QUEUED: "draft",
        SimulationJob.State.RUNNING: "active",
        SimulationJob.State.SUCCEEDED: "finished",
        SimulationJob.State.FAILED: "injured",
        SimulationJob.State.CANCELLED: "retired",
    }[SimulationJob.State(job.state)]
    return badge_html(state, job.get_state_display())


def progress_bar(job: SimulationJob) -> str:
    """A job's progress as a bar with its number beside it (the bar alone says nothing to a
    screen reader or a printout)."""
    return format_html(
        '<span class="job-progress"><progress max="100" value="{}" aria-label="{}"></progress>'
        " {} %</span>",
        job.progress,
        f"Simulation of {job.fixture}",
        job.progress,
    )


def score_text(result: Result | None) -> str:
    if result is None:
        return "no result"
    overtime = " after overtime" if result.overtime else ""
    return f"{result.home_score}–{result.away_score}{overtime}"


def round_date(round_: Round) -> str:
    return f" ({date_format(round_.starts_on)})" if round_.starts_on else ""


def fixtures_of(round_: Round) -> list[Fixture]:
    return list(round_.fixtures.select_related("home_team", "away_team").order_by("id"))
