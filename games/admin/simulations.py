"""Simulation jobs: what a simulate step says and reports, the season's refreshing panel
of jobs, and the jobs' own admin with retry, dismiss and cancel."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import admin
from django.db.models import Count, F, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from games.admin.display import FIXTURE_TEAMS, LIVE_JOBS, job_badge, progress_bar
from games.models import SimulationJob
from games.selectors import SIMULABLE, job_requested_message
from games.services import SimulationBatch, simulation_cancel, simulation_dismiss, simulation_retry
from league.admin.base import ReadOnlyAdmin
from league.admin.display import admin_url, changelist_url, name_list, plural, when
from league.admin.scoping import SeasonListFilter, object_filter
from league.admin.steps import Step, StepDone
from league.models import Fixture, Season


def simulation_lines(fixtures: Sequence[Fixture]) -> list[str]:
    wanted = [f for f in fixtures if f.status in SIMULABLE]
    return [
        f"{plural(len(wanted), 'fixture')} still to play {'is' if len(wanted) == 1 else 'are'} "
        f"simulated: {name_list(wanted)}.",
        "A worker plays each match with a recorded seed (M-D8) and records it through the "
        "result service, like a reported result: stats, injuries and standings follow.",
        "A fixture that cannot be played yet (an earlier fixture of its teams unplayed, or a "
        "detection awaiting its decision) waits, with the reason shown, and starts on its "
        "own as soon as it can: nothing fails for waiting.",
        "The progress shows on the season's page and under Simulation jobs.",
    ]


def batch_message(batch: SimulationBatch, what: str) -> str:
    message = f"{plural(len(batch.jobs), 'simulation')} of {what} requested"
    message += f", {len(batch.queued)} queued now."
    if batch.waiting:
        message += (
            f" {len(batch.waiting)} wait and start on their own as soon as they can; each "
            "waiting job's reason shows on this page."
        )
        blocked = [w for w in batch.waiting if "decision" in w.reason]
        if blocked:
            message += " Decisions hold up: " + "; ".join(
                f"{w.fixture}: {w.reason}" for w in blocked[:5]
            )
            message += "." if len(blocked) <= 5 else f" (and {len(blocked) - 5} more)."
    if batch.skipped:
        message += f" Already being simulated: {name_list(s.fixture for s in batch.skipped)}."
    return message


def season_jobs_url(season: Season) -> str:
    return admin_url(season) + "#simulations"


def _job_score(job: Any) -> str:
    """The score of a succeeded job (annotated on the row), else nothing."""
    if job.state != SimulationJob.State.SUCCEEDED or job.home_score is None:
        return ""
    return f"{job.home_score}–{job.away_score}"


def simulation_jobs_context(season: Season) -> dict[str, Any]:
    """The season's simulation jobs for the refreshing panel: the latest 40, their counts by
    state, and whether any is still live (the panel polls while one is). Failed jobs show
    until retried or dismissed, and not at all once the season is over. Two queries."""
    jobs_of_season = SimulationJob.objects.filter(
        fixture__round__season=season, dismissed_at__isnull=True
    )
    if season.status not in (Season.Status.ACTIVE, Season.Status.PLAYOFFS):
        jobs_of_season = jobs_of_season.filter(state=SimulationJob.State.SUCCEEDED)
    counts = jobs_of_season.aggregate(
        **{state.value: Count("id", filter=Q(state=state.value)) for state in SimulationJob.State}
    )
    jobs = list(
        jobs_of_season.select_related(
            "fixture__home_team", "fixture__away_team", "fixture__round__season"
        )
        .annotate(
            home_score=F("fixture__result__home_score"),
            away_score=F("fixture__result__away_score"),
        )
        .order_by("-created_at", "-id")[:40]
    )
    rows = [
        {
            "job": job,
            "url": admin_url(job),
            "badge": job_badge(job),
            "bar": progress_bar(job),
            "score": _job_score(job),
            "note": job.waiting_reason or job.error,
            "actions": [
                (
                    step.label_for(job),
                    reverse("admin:games_simulationjob_step", args=[job.pk, step.name]),
                )
                for step in JOB_STEPS
                if step.shown(job)
            ],
        }
        for job in jobs
    ]
    live = sum(counts[state] for state in LIVE_JOBS)
    return {
        "season": season,
        "jobs": rows,
        "counts": [(state.label, counts[state.value]) for state in SimulationJob.State],
        "live": live,
        "jobs_url": changelist_url(SimulationJob, fixture__round__season__id__exact=season.pk),
    }


# --- Simulation jobs ---------------------------------------------------------------------------


def _run_job_cancel(request: HttpRequest, job: SimulationJob, form: Any) -> StepDone:
    simulation_cancel(job=job, actor=request.user)
    return StepDone(
        f"The simulation of {job.fixture} is cancelled; the fixture is ready to play.",
        season_jobs_url(job.fixture.round.season),
    )


def _run_job_retry(request: HttpRequest, job: SimulationJob, form: Any) -> StepDone:
    retried = simulation_retry(job=job, actor=request.user)
    return StepDone(job_requested_message(retried), season_jobs_url(job.fixture.round.season))


def _run_job_dismiss(request: HttpRequest, job: SimulationJob, form: Any) -> StepDone:
    simulation_dismiss(job=job, actor=request.user)
    return StepDone(
        f"The failed simulation of {job.fixture} is dismissed.",
        season_jobs_url(job.fixture.round.season),
    )


def _job_dealt_with_later(job: SimulationJob) -> bool:
    """A failed or cancelled job not yet dealt with, in a season still running."""
    return (
        job.state in (SimulationJob.State.FAILED, SimulationJob.State.CANCELLED)
        and job.dismissed_at is None
        and job.fixture.round.season.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
    )


JOB_STEPS = (
    Step(
        name="retry",
        label="Retry",
        explain=lambda job: [
            f"{job.fixture} is simulated again with a new seed (M-D8); this job is dismissed.",
            f"It failed with: {job.error or 'no error recorded'}",
        ],
        run=_run_job_retry,
        shown=_job_dealt_with_later,
    ),
    Step(
        name="dismiss",
        label="Dismiss",
        explain=lambda job: [
            f"This failed simulation of {job.fixture} leaves the season's page; it stays "
            "in the list of simulation jobs. The fixture stays ready to play or report.",
        ],
        run=_run_job_dismiss,
        shown=_job_dealt_with_later,
    ),
    Step(
        name="cancel",
        label="Cancel",
        explain=lambda job: [
            f"The simulation of {job.fixture} will not run; the fixture stays to be "
            "played, reported or simulated later.",
        ],
        run=_run_job_cancel,
        shown=lambda job: job.state in (SimulationJob.State.WAITING, SimulationJob.State.QUEUED),
        destructive=True,
    ),
)


@admin.register(SimulationJob)
class SimulationJobAdmin(ReadOnlyAdmin[SimulationJob]):
    """Queued by the simulate steps, run by the Celery workers (games/services/jobs.py). The list
    refreshes itself while a job is queued or running."""

    read_only_reason = (
        "Simulation jobs are queued by the simulate steps and run by the workers; their "
        "state and progress are theirs to write."
    )
    league_path = "fixture__round__season__league"
    list_display = (
        "fixture",
        "state_badge",
        "progress_shown",
        "note",
        "score",
        "attempts",
        "requested_by",
        "queued",
        "started_at",
        "finished_at",
        "worker",
    )
    list_filter = (
        "state",
        ("fixture__round__season", SeasonListFilter),
        object_filter("fixture", Fixture, "fixture"),
    )
    search_fields = ("fixture__home_team__name", "fixture__away_team__name", "worker", "error")
    list_select_related = (*FIXTURE_TEAMS, "requested_by", "fixture__round__season")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fieldsets = (
        (
            None,
            {"fields": ("fixture", "state", "waiting_reason", "progress", "attempts", "error")},
        ),
        ("Reproduction · M-D8", {"fields": ("seed", "engine_version")}),
        (
            "Run",
            {
                "fields": (
                    "requested_by",
                    "worker",
                    "created_at",
                    "queued_at",
                    "sent_at",
                    "started_at",
                    "heartbeat_at",
                    "finished_at",
                    "dismissed_at",
                )
            },
        ),
    )
    steps = JOB_STEPS

    def get_queryset(self, request: HttpRequest) -> QuerySet[SimulationJob]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                home_score=F("fixture__result__home_score"),
                away_score=F("fixture__result__away_score"),
            )
        )

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        live = self.get_queryset(request).filter(state__in=LIVE_JOBS).exists()
        return super().changelist_view(request, {"live_jobs": live, **(extra_context or {})})

    @admin.display(description="State", ordering="state")
    def state_badge(self, obj: SimulationJob) -> str:
        return job_badge(obj)

    @admin.display(description="Progress", ordering="progress")
    def progress_shown(self, obj: SimulationJob) -> str:
        return progress_bar(obj)

    @admin.display(description="Score")
    def score(self, obj: Any) -> str:
        return _job_score(obj) or "—"

    @admin.display(description="Waits for / error")
    def note(self, obj: SimulationJob) -> str:
        return obj.waiting_reason or obj.error or "—"

    @admin.display(description="Queued", ordering="created_at")
    def queued(self, obj: SimulationJob) -> str:
        return when(obj.created_at)
