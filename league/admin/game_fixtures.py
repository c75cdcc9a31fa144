"""The steps on a fixture of a game that reports its results with its own report form, which
its ruleset hands to the core's fixture admin
(``fixture_admin_steps``): record, correct and void the result through the game's services,
the report form's errors beside their fields."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from django.http import HttpRequest

from league.access import Actor
from league.admin.steps import Step, StepDone, offered, refused_now
from league.errors import DomainError
from league.models import Fixture, Result
from league.services.result_steps import result_refusal


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
