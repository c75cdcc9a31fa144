"""An Arenaball league's fixtures in the admin, and their match reports (A-G5): the
commissioner records a result, corrects or voids it, each a step behind a confirmation page
calling arenaball.reports (which checks the report, audits it and recomputes the standings
and the characters). MagnoBall's fixture admin (games/admin/fixtures.py) is left alone: this
is a proxy of the core's Fixture limited to Arenaball leagues."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from arenaball.admin.report_form import (
    ReportForm,
    report_form_for_correction,
    report_form_for_new,
)
from arenaball.errors import ArenaballError
from arenaball.models import Report
from arenaball.reports import report_correct, report_record, report_void
from league.admin.base import LeagueModelAdmin
from league.admin.display import admin_url, changelist_url
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.admin.steps import Step, StepDone, offered, refused_now
from league.errors import DomainError
from league.models import Fixture, Result, Round, Season
from league.results import result_refusal

RULESET = "arenaball"
REPORT_TEMPLATE = "admin/arenaball/report_form.html"


class ArenaballFixture(Fixture):
    """A fixture of an Arenaball league, as its admin shows it (no table of its own)."""

    class Meta:
        proxy = True
        app_label = "arenaball"
        verbose_name = "fixture"
        verbose_name_plural = "fixtures and match reports"


def _score(fixture: Fixture) -> str:
    result = Result.objects.filter(fixture=fixture).first()
    return "—" if result is None else f"{result.home_score}–{result.away_score}"


def _refused(error: ArenaballError, form: ReportForm) -> DomainError:
    """The service's problems go beside their fields; the page's top says how many."""
    form.add_service_error(error)
    count = len(error.fields) or 1
    return DomainError(
        f"The report was not saved: {count} problem{'s' if count > 1 else ''}, each shown "
        "beside its field.",
        code=error.code,
    )


# --- record ------------------------------------------------------------------------------------


def _explain_record(fixture: Fixture) -> list[str]:
    return [
        f"You report {fixture} for the coaches: the score, the two cars each team started in "
        "the pits, and a row per goal, kill, casualty and substitution. Blank rows are left out.",
        "The report is checked against both teams' line-ups as they take the field now "
        "(A-G1 … A-G5, A-P3); every problem is shown beside its field and nothing is saved.",
        "Then the standings (kills for the tie-breaker, A-L1) and every character's points, "
        "injuries and deaths (A-P1 … A-P3) are recomputed. You can correct or void it later.",
        *refused_now(result_refusal(fixture=fixture)),
    ]


def _run_record(request: HttpRequest, fixture: Fixture, form: ReportForm) -> StepDone:
    try:
        result = report_record(fixture=fixture, data=form.report_data(), actor=request.user)
    except ArenaballError as error:
        raise _refused(error, form) from None
    return StepDone(f"{fixture}: {result.home_score}–{result.away_score} recorded.")


# --- correct and void --------------------------------------------------------------------------


def _explain_correct(fixture: Fixture) -> list[str]:
    return [
        f"The report of {fixture} ({_score(fixture)}) is replaced by the one below, checked "
        "against the line-ups the game was played with.",
        "Everything it caused is recomputed: the standings, every character's points, and "
        "the injuries and deaths it gave (a character no longer dead returns to his roster).",
        "The audit log keeps the report before and after.",
    ]


def _run_correct(request: HttpRequest, fixture: Fixture, form: ReportForm) -> StepDone:
    before = _score(fixture)
    try:
        result = report_correct(fixture=fixture, data=form.report_data(), actor=request.user)
    except ArenaballError as error:
        raise _refused(error, form) from None
    return StepDone(
        f"{fixture} is now {result.home_score}–{result.away_score} (was {before}); the "
        "standings and the characters have been recomputed."
    )


def _explain_void(fixture: Fixture) -> list[str]:
    return [
        f"The result of {fixture} ({_score(fixture)}) and its report are deleted; the fixture "
        "is ready to be played again.",
        "Everything it caused is recomputed away: the standings, the characters' points, "
        "and the injuries and deaths it gave.",
        "The audit log keeps the report as it was.",
    ]


def _run_void(request: HttpRequest, fixture: Fixture, form: Any) -> StepDone:
    voided = report_void(fixture=fixture, actor=request.user)
    return StepDone(f"The result of {voided} is void; it is ready to be played again.")


def _played(fixture: Fixture) -> bool:
    return Result.objects.filter(fixture=fixture).exists()


REPORT_STEPS = (
    Step(
        name="record",
        label="Record the result",
        explain=_explain_record,
        run=_run_record,
        form=report_form_for_new,
        shown=lambda f: offered(result_refusal(fixture=f)),
        template=REPORT_TEMPLATE,
    ),
    Step(
        name="correct",
        label="Correct the result",
        explain=_explain_correct,
        run=_run_correct,
        form=report_form_for_correction,
        shown=_played,
        destructive=True,
        template=REPORT_TEMPLATE,
    ),
    Step(
        name="void",
        label="Void the result",
        explain=_explain_void,
        run=_run_void,
        shown=_played,
        destructive=True,
    ),
)


@admin.register(ArenaballFixture)
class ArenaballFixtureAdmin(LeagueModelAdmin[ArenaballFixture]):
    """Arenaball fixtures come from the schedule; here they get, change or lose their result."""

    league_path = "round__season__league"
    list_display = ("__str__", "season", "round_number", "status", "score")
    list_filter = (
        "status",
        ("round__season__league", LeagueListFilter),
        ("round__season", SeasonListFilter),
        ("round__number", admin.AllValuesFieldListFilter),
    )
    search_fields = ("home_team__name", "away_team__name")
    list_select_related = ("round__season__league", "home_team", "away_team", "result")
    ordering = ("round__season__league__name", "-round__season__created_at", "round__number", "id")
    fields = ("round", "home_team", "away_team", "status", "kickoff", "report")
    readonly_fields = fields
    steps = REPORT_STEPS
    add_refusal = "Fixtures come from the season's schedule."

    def get_queryset(self, request: HttpRequest) -> QuerySet[ArenaballFixture]:
        return super().get_queryset(request).filter(round__season__league__ruleset=RULESET)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # Read-only: the steps above change a fixture's result.

    def delete_refusal_for(self, obj: Fixture) -> str:
        return f"{obj} comes from the schedule; void its result instead if it should not count."

    @admin.display(description="Season", ordering="round__season")
    def season(self, obj: Fixture) -> Season:
        return obj.round.season

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj: Fixture) -> int:
        return obj.round.number

    @admin.display(description="Score")
    def score(self, obj: Fixture) -> str:
        result = getattr(obj, "result", None)
        return "—" if result is None else f"{result.home_score}–{result.away_score}"

    @admin.display(description="Report")
    def report(self, obj: Fixture) -> str:
        stored = Report.objects.filter(result__fixture=obj).first()
        if stored is None:
            return "Not played yet."
        lines = [
            *(f"Goal: {goal}" for goal in stored.goals.select_related("scorer")),
            *(f"{kill} ({kill.how or 'no killer'})" for kill in stored.kills.all()),
            *(f"Casualty: {c}" for c in stored.casualties.select_related("character")),
            *(str(sub) for sub in stored.substitutions.select_related("team")),
        ]
        winner = stored.winner or "a draw"
        return format_html(
            "<p>Winner: {}{}</p><ul>{}</ul>",
            winner,
            " (time limit)" if stored.time_limit else "",
            format_html_join("", "<li>{}</li>", ((line,) for line in lines)),
        )

    def change_page_context(self, request: HttpRequest, obj: Fixture) -> dict[str, Any]:
        season = obj.round.season
        return {
            "panels": [
                (
                    "Standings",
                    format_html(
                        '<p><a href="{}">The standings of {}</a> follow every report.</p>',
                        admin_url(season),
                        season,
                    ),
                )
            ]
        }


def season_room_context(*, season: Season) -> dict[str, Any]:
    """The control room's Arenaball parts: its games ready for a result (in an open round)
    and the address of its games in this admin."""
    reports = changelist_url(ArenaballFixture, round__season__id__exact=season.pk)
    ready = Fixture.objects.filter(
        round__season=season, round__status=Round.Status.OPEN, result__isnull=True
    ).count()
    return {
        "room": {
            "to_report": ready,
            "reports_url": f"{reports}&status__exact={Fixture.Status.READY}",
            "reports_all_url": reports,
        }
    }
