"""Match reports' writes (E-R1, E-D1 … E-D5): a coach of either team or a commissioner
reports a match; the commissioner corrects or voids it. Each report is checked by the rules
(mn11.selectors.report_faults: rules.mn11.report_errors with the match day's Away set and GK
picks where it leaves them out, and against each side's cards), every error beside its
field; then the core stores the result (a shootout's win as an overtime result on a level
score) and its aftermath recomputes the standings."""

from __future__ import annotations

from typing import Any

from league.access import Actor
from league.models import Fixture, Result
from league.services.results import ResultSeam, Score, result_correct, result_record, result_void
from mn11.errors import report_refused
from mn11.models import Report, ReportEvent, ReportKick
from mn11.report_input import ReportData
from mn11.selectors import report_faults, report_state, shootout_note
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard


def report_check(*, fixture: Fixture, data: ReportData) -> ReportData:
    """`data` for `fixture` with the match day filled in (report_faults); raises an
    Mn11Error with each fault beside its field."""
    data, errors = report_faults(fixture=fixture, data=data)
    if errors:
        raise report_refused(errors, code="invalid_report")
    return data


def report_record(*, fixture: Fixture, data: ReportData, actor: Actor) -> Result:
    """A match's report (a coach of either team or a commissioner): checked, stored with the
    core's result, the fixture played, the aftermath run, audited; all or nothing."""
    return result_record(fixture_id=fixture.pk, report=data, actor=actor, seam=MN11_RESULTS)


def report_correct(*, fixture: Fixture, data: ReportData, actor: Actor) -> Result:
    """A commissioner corrects a played match's report (the match day it was played with
    where the correction leaves it out); the table recomputed, audited before and after."""
    return result_correct(fixture_id=fixture.pk, report=data, actor=actor, seam=MN11_RESULTS)


def report_void(*, fixture: Fixture, actor: Actor) -> Fixture:
    """A commissioner voids a match's result: the fixture is to be played again, the table
    recomputed without it."""
    return result_void(fixture_id=fixture.pk, actor=actor, seam=MN11_RESULTS)


class Mn11Results(ResultSeam):
    """Magic Number Eleven's part of a result's lifecycle (league/services/results.py): the
    report checked with the match day (report_check; a correction with the one it was
    played with), its events and shootout kicks; a shootout's win is an overtime result on
    a level score."""

    def check(
        self, *, fixture: Fixture, report: Any, source: str, result: Result | None
    ) -> ReportData:
        data: ReportData = report
        stored = None if result is None else Report.objects.filter(result=result).first()
        if stored is not None:
            data = data.with_match_day(
                away_set=AwaySet(stored.away_set),
                gk_home=GkCard(stored.gk_home) if stored.gk_home else None,
                gk_away=GkCard(stored.gk_away) if stored.gk_away else None,
            )
        return report_check(fixture=fixture, data=data)

    def score(self, checked: Any) -> Score:
        data: ReportData = checked
        return Score(data.home_score, data.away_score, overtime=bool(data.shootout))

    def store(self, *, fixture: Fixture, result: Result, checked: Any, actor: Actor) -> None:
        _store(result, checked)

    def unstore(self, *, fixture: Fixture, result: Result, checked: Any | None) -> None:
        if checked is not None:  # a void deletes the report with its result
            Report.objects.filter(result=result).delete()

    def state(self, *, result: Result) -> dict[str, Any]:
        return report_state(result=result)

    def audit_note(self, *, result: Result) -> str:
        return shootout_note(result=result)

    def correct_message(self, *, fixture: Fixture, result: Result) -> str:
        note = shootout_note(result=result)
        return f"{super().correct_message(fixture=fixture, result=result)}{note}"


MN11_RESULTS = Mn11Results()


def _store(result: Result, data: ReportData) -> None:
    report = data.to_rules()
    winner = report.shootout_winner
    stored = Report.objects.create(
        result=result,
        away_set=report.away_set.value,
        gk_home=report.gk_home.value if report.gk_home else "",
        gk_away=report.gk_away.value if report.gk_away else "",
        shootout_winner=winner.value if winner else "",
    )
    ReportEvent.objects.bulk_create(
        _event_row(stored, index, event) for index, event in enumerate(report.events)
    )
    ReportKick.objects.bulk_create(
        ReportKick(
            report=stored,
            order=index,
            side=kick.side.value,
            scored=kick.scored,
            card=kick.card or "",
        )
        for index, kick in enumerate(report.shootout)
    )


def _event_row(report: Report, order: int, event: rules.Event) -> ReportEvent:
    row = ReportEvent(report=report, order=order, side=event.side.value, half=event.half)
    if isinstance(event, rules.Goal):
        row.kind, row.card, row.goal_kind = ReportEvent.Kind.GOAL, event.card, event.kind.value
    elif isinstance(event, rules.VarDecision):
        row.kind, row.strength, row.var_card = ReportEvent.Kind.VAR, event.strength, event.card
        row.magic_number, row.warning = event.magic_number, event.warning
        row.card = event.warned or ""
    elif isinstance(event, rules.CornerKick):
        row.kind, row.attempts = ReportEvent.Kind.CORNER, list(event.attempts)
        row.attack_power, row.defence_power = event.attack_power, event.defence_power
    elif isinstance(event, rules.GkSkill):
        row.kind = ReportEvent.Kind.GK_SKILL
    else:
        row.kind, row.card = ReportEvent.Kind.SEND_OFF, event.card
    return row
