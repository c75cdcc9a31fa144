"""Small presentation helpers the games admin shares: badges and a job's progress bar (the
core's lists of names, dates and scores are in league/admin/display.py)."""

from __future__ import annotations

from django.utils.html import format_html

from games.models import SimulationJob
from league.templatetags.league_tags import badge_html

FIXTURE_TEAMS = ("fixture__home_team", "fixture__away_team")
LIVE_JOBS = SimulationJob.LIVE_STATES


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
