"""A game's fixtures in the admin, for a game that reports its results with its own report
(its ruleset's ``result_seam``): a read-only list of its fixtures (a proxy of the core's
Fixture limited to its leagues) and the commissioner's steps on one: record, correct and void
the result through the game's services, the report form's errors beside their fields."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from league.access import Actor
from league.admin.base import LeagueModelAdmin
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.admin.steps import Step, StepDone, offered, refused_now
from league.errors import DomainError
from league.models import Fixture, Result, Season
from league.results import result_refusal
from league.rulesets import ruleset_get


class ReportForm(Protocol):
    """What a game's admin report form offers the steps."""

    def report_data(self) -> Any: ...

    def add_service_error(self, error: DomainError) -> None: ...


def fixture_score(fixture: Fixture) -> str:
    result = Result.objects.filter(fixture=fixture).first()
    return "—" if result is None else f"{result.home_score}–{result.away_score}"


def _played(fixture: Fixture) -> bool:
    return Result.objects.filter(fixture=fixture).exists()


def _refused(error: DomainError, form: ReportForm) -> DomainError:
    """The service's problems go beside their fields; the page's top says how many."""
    form.add_service_error(error)
    count = len(error.fields) or 1
    return DomainError(
        f"The report was not saved: {count} problem{'s' if count > 1 else ''}, each shown "
        "beside its field.",
        code=error.code,
    )


Record = Callable[..., Result]


@dataclass(frozen=True)
class GameReportSteps:
    """A game's record, correct and void steps: its services, its report forms (new, and
    filled from the stored report), their template, what each step says it does (the
    record step adds why it may not run now) and what a correction recomputes."""

    record: Record
    correct: Record
    void: Callable[..., Fixture]
    form_new: Callable[[Fixture, Any], Any]
    form_correction: Callable[[Fixture, Any], Any]
    template: str
    explain_record: Callable[[Fixture], list[str]]
    explain_correct: Callable[[Fixture], list[str]]
    explain_void: Callable[[Fixture], list[str]]
    recomputed: str

    def steps(self) -> tuple[Step, ...]:
        return (
            Step(
                name="record",
                label="Record the result",
                explain=lambda f: [
                    *self.explain_record(f),
                    *refused_now(result_refusal(fixture=f)),
                ],
                run=self._run_record,
                form=self.form_new,
                shown=lambda f: offered(result_refusal(fixture=f)),
                template=self.template,
            ),
            Step(
                name="correct",
                label="Correct the result",
                explain=self.explain_correct,
                run=self._run_correct,
                form=self.form_correction,
                shown=_played,
                destructive=True,
                template=self.template,
            ),
            Step(
                name="void",
                label="Void the result",
                explain=self.explain_void,
                run=self._run_void,
                shown=_played,
                destructive=True,
            ),
        )

    def _report(self, service: Record, fixture: Fixture, form: ReportForm, actor: Actor) -> Result:
        try:
            return service(fixture=fixture, data=form.report_data(), actor=actor)
        except DomainError as error:
            raise _refused(error, form) from None

    def _run_record(self, request: HttpRequest, fixture: Fixture, form: ReportForm) -> StepDone:
        result = self._report(self.record, fixture, form, request.user)
        return StepDone(f"{fixture}: {result.home_score}–{result.away_score} recorded.")

    def _run_correct(self, request: HttpRequest, fixture: Fixture, form: ReportForm) -> StepDone:
        before = fixture_score(fixture)
        result = self._report(self.correct, fixture, form, request.user)
        return StepDone(
            f"{fixture} is now {result.home_score}–{result.away_score} (was {before}); "
            f"{self.recomputed} recomputed."
        )

    def _run_void(self, request: HttpRequest, fixture: Fixture, form: Any) -> StepDone:
        voided = self.void(fixture=fixture, actor=request.user)
        return StepDone(f"The result of {voided} is void; it is ready to be played again.")


_F = TypeVar("_F", bound=Fixture)


class FixtureStatusFilter(admin.SimpleListFilter):
    """The fixtures' states the admin's game has (its ruleset's ``fixture_statuses``): no
    inspections or simulations offered for a game without them."""

    title = "status"
    parameter_name = "status__exact"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        labels = dict(Fixture.Status.choices)
        statuses = ruleset_get(model_admin.ruleset).fixture_statuses
        return [(status, str(labels[status])) for status in statuses]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return queryset.filter(status=value) if value else queryset


class GameFixtureAdmin(LeagueModelAdmin[_F]):
    """A game's fixtures: they come from the schedule; here they get, change or lose their
    result by the `steps`. A subclass names its game (`ruleset`) and shows its `report`."""

    ruleset: ClassVar[str]
    league_path = "round__season__league"
    list_display = ("__str__", "season", "round_number", "status", "score")
    list_filter = (
        FixtureStatusFilter,
        ("round__season__league", LeagueListFilter),
        ("round__season", SeasonListFilter),
        ("round__number", admin.AllValuesFieldListFilter),
    )
    search_fields = ("home_team__name", "away_team__name")
    list_select_related = ("round__season__league", "home_team", "away_team", "result")
    ordering = ("round__season__league__name", "-round__season__created_at", "round__number", "id")
    fields = ("round", "home_team", "away_team", "status", "kickoff", "report")
    readonly_fields = fields
    add_refusal = "Fixtures come from the season's schedule."

    def get_queryset(self, request: HttpRequest) -> QuerySet[_F]:
        return super().get_queryset(request).filter(round__season__league__ruleset=self.ruleset)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # Read-only: the steps change a fixture's result.

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
