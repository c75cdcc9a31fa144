"""Fixtures: simulated or given a result with their steps; only the kick-off is edited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, F, Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from games.admin import lineups as admin_lineups
from games.admin.display import fixture_badge
from games.admin.results import result_form_for_new, result_history
from games.admin.simulations import season_jobs_url
from games.forms import ResultForm
from games.game import magnoball_refusal, plays_magnoball
from games.jobs import job_requested_message, simulation_refusal, simulation_request
from games.models import Inspection, SimulationJob
from games.results import result_record
from league.admin.base import LeagueModelAdmin
from league.admin.display import admin_url, changelist_url, score_text
from league.admin.scoping import LeagueListFilter, SeasonListFilter, object_filter
from league.admin.steps import Step, StepDone, as_action
from league.models import Fixture, Result, Round, Season
from rosters.models import DiceRoll


def _explain_fixture_simulate(fixture: Fixture) -> list[str]:
    return [
        f"{fixture} ({fixture.round} of {fixture.round.season}) is queued for a worker, "
        "which plays it with a recorded seed (M-D8) and records it through the result "
        "service: stats, injuries and standings follow.",
        "If it cannot be played yet (an earlier fixture of its teams unplayed, or a "
        "detection awaiting its decision) it waits, with the reason shown, and starts on "
        "its own once it can.",
        "Its progress shows on the season's page and under Simulation jobs.",
    ]


def _run_fixture_simulate(request: HttpRequest, fixture: Fixture, form: Any) -> StepDone:
    if (refusal := magnoball_refusal(fixture)) is not None:
        raise refusal  # an action's selection may hold another game's fixtures
    job = simulation_request(fixture=fixture, actor=request.user)
    return StepDone(job_requested_message(job), season_jobs_url(fixture.round.season))


def _explain_record(fixture: Fixture) -> list[str]:
    return [
        f"You report the result of {fixture} for the coaches: the score, and a line per "
        "player who took the field. Blank means zero.",
        "Each team's points in the lines must add up to its score; an Incapacitated player's "
        "injury is rolled (M-I1, M-I2), by the server unless the season lets coaches roll.",
        "Then stats, progression (M-P5), the injury countdown and the standings are "
        "recomputed. A commissioner can correct or void it later.",
    ]


def _run_record(request: HttpRequest, fixture: Fixture, form: ResultForm) -> StepDone:
    result = result_record(fixture=fixture, report=form.report(), actor=request.user)
    return StepDone(f"{fixture}: {score_text(result)} recorded.", admin_url(result))


FIXTURE_STEPS = (
    Step(
        name="simulate",
        label="Simulate this fixture",
        explain=_explain_fixture_simulate,
        run=_run_fixture_simulate,
        shown=lambda f: simulation_refusal(fixture=f) is None,
    ),
    Step(
        name="record",
        label="Record a result",
        explain=_explain_record,
        run=_run_record,
        form=result_form_for_new,
        shown=lambda f: f.status == Fixture.Status.READY,
        template="admin/games/result_form.html",
    ),
)


@admin.register(Fixture)
class FixtureAdmin(LeagueModelAdmin[Fixture]):
    """Fixtures of every game come from the schedule generator; here MagnoBall's are
    simulated or given a result, and only the kick-off time is edited."""

    league_path = "round__season__league"
    list_display = (
        "__str__",
        "season",
        "round_number",
        "status_badge",
        "score",
        "pending_decisions",
        "kickoff",
    )
    list_filter = (
        "status",
        ("round__season__league", LeagueListFilter),
        ("round__season", SeasonListFilter),
        "round__stage",
        ("round__number", admin.AllValuesFieldListFilter),
        object_filter("round", Round, "round"),
    )
    search_fields = (
        "home_team__name",
        "away_team__name",
        "home_team__short_name",
        "away_team__short_name",
    )
    list_select_related = ("round__season__league", "home_team", "away_team")
    date_hierarchy = "kickoff"
    ordering = ("round__season__league__name", "-round__season__created_at", "round__number", "id")
    fields = ("round", "home_team", "away_team", "status", "kickoff", "updated_at", "records")
    readonly_fields = ("round", "home_team", "away_team", "status", "updated_at", "records")
    steps = FIXTURE_STEPS
    actions = (as_action(FIXTURE_STEPS[0], "Simulate the selected fixtures"),)
    add_refusal = (
        "Fixtures come from the season's schedule (its Generate the schedule step) and from "
        "the playoffs."
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def delete_refusal_for(self, obj: Fixture) -> str:
        if obj.status == Fixture.Status.PLAYED:
            return (
                f"{obj} has been played, so it cannot be deleted: its result, stat lines, "
                "injuries and rolls refer to it. Void its result (on the result's page) if "
                "it should not count; the fixture stays in the schedule."
            )
        return (
            f"{obj} comes from the schedule, so it is not deleted by hand: regenerate the "
            "schedule (before any round opens) to change the fixtures."
        )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fixture]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                home_score=F("result__home_score"),
                away_score=F("result__away_score"),
                pending=Count(
                    "inspections", filter=Q(inspections__decision=Inspection.Decision.PENDING)
                ),
            )
        )

    @admin.display(description="Season", ordering="round__season")
    def season(self, obj: Fixture) -> Season:
        return obj.round.season

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj: Fixture) -> int:
        return obj.round.number

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj: Fixture) -> str:
        return fixture_badge(obj)

    @admin.display(description="Score")
    def score(self, obj: Any) -> str:
        home = getattr(obj, "home_score", None)
        return "—" if home is None else f"{home}–{obj.away_score}"

    @admin.display(description="Decisions pending", ordering="pending")
    def pending_decisions(self, obj: Any) -> str:
        count = int(getattr(obj, "pending", 0))
        if not count:
            return "—"
        return format_html(
            '<a href="{}">{}</a>',
            changelist_url(Inspection, fixture=obj.pk, decision__exact="pending"),
            count,
        )

    @admin.display(description="Records")
    def records(self, obj: Fixture) -> str:
        links = [
            ("Its rolls in the dice ledger", changelist_url(DiceRoll, fixture=obj.pk)),
            ("Inspections", changelist_url(Inspection, fixture=obj.pk)),
            ("Simulation jobs", changelist_url(SimulationJob, fixture=obj.pk)),
        ]
        result = Result.objects.filter(fixture=obj).first()
        if result is not None:
            links.insert(0, (f"Result {score_text(result)}", admin_url(result)))
        return format_html_join(" · ", '<a href="{}">{}</a>', ((url, text) for text, url in links))

    def steps_for(self, obj: Fixture) -> tuple[Step, ...]:
        # Every game's fixtures are listed; MagnoBall's steps are offered for its own only.
        return FIXTURE_STEPS if plays_magnoball(obj) else ()

    def step_buttons(self, request: HttpRequest, obj: Fixture) -> list[dict[str, Any]]:
        buttons = super().step_buttons(request, obj)
        result = Result.objects.filter(fixture=obj).first()
        result_admin = self.admin_site.get_model_admin(Result)
        if result is not None and isinstance(result_admin, LeagueModelAdmin):
            buttons += result_admin.step_buttons(request, result)
        return buttons

    def change_page_context(self, request: HttpRequest, obj: Fixture) -> dict[str, Any]:
        history = ("Result history (audit log)", result_history(obj))
        if not plays_magnoball(obj):
            return {"panels": [history]}
        return {"panels": [("Line-ups (M-P3)", admin_lineups.lineups_panel(obj)), history]}
