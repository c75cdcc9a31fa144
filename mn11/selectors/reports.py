"""A match report's reads (E-R1, E-D1 … E-D5): the rules a report breaks, checked with the
match day's Away set and GK picks where it leaves them out and against each side's cards
(selectors.squads.report_cards: every card it names was on that side's pitch), and a stored
report as the audit log and the API show it (the writes are mn11/services/reports.py)."""

from __future__ import annotations

from typing import Any

from league.models import Fixture, Result, Round
from league.services.result_steps import result_score_errors
from mn11.models import MatchDay, Report, ReportEvent
from mn11.report_input import ReportData
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, Side

from .squads import report_cards


def report_faults(
    *, fixture: Fixture, data: ReportData
) -> tuple[ReportData, list[rules.ReportError]]:
    """`data` for `fixture` with the match day filled in, and every rule of the report it
    breaks (E-S1, E-S3, E-D1 … E-D5, E-R1), each with its field: every card it names is
    checked against that side's sealed line-up (or its cards), suspensions and send-offs."""
    day = MatchDay.objects.filter(fixture=fixture).first()
    data = data.with_match_day(
        away_set=AwaySet(day.away_set) if day and day.away_set else None,
        gk_home=GkCard(day.gk_home) if day and day.gk_home else None,
        gk_away=GkCard(day.gk_away) if day and day.gk_away else None,
    )
    settings = season_rules(season=fixture.round.season)
    report = data.to_rules()
    errors = rules.report_errors(
        report,
        settings=settings,
        knockout=fixture.round.stage == Round.Stage.PLAYOFF,
        cards=report_cards(fixture=fixture, report=report, settings=settings),
    )
    if data.away_set is None:
        errors.insert(
            0, rules.ReportError("away_set", "E-S1", "Record the Away set the Away team chose.")
        )
    score_errors = result_score_errors(home_score=data.home_score, away_score=data.away_score)
    errors += [rules.ReportError(name, "E-R1", text) for name, text in score_errors.items()]
    return data, errors


def shootout_note(*, result: Result) -> str:
    """How the audit says a shootout ended (nothing without one)."""
    report = Report.objects.filter(result=result).first()
    if report is None or not report.shootout_winner:
        return ""
    return f", {Side(report.shootout_winner).label} won the shootout"


def report_state(*, result: Result) -> dict[str, Any]:
    """The result and its report as the audit log and the API show them."""
    state: dict[str, Any] = {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "overtime": result.overtime,
    }
    report = Report.objects.filter(result=result).first()
    if report is None:
        return state
    return {
        **state,
        "away_set": report.away_set,
        "gk_home": report.gk_home,
        "gk_away": report.gk_away,
        "shootout_winner": report.shootout_winner,
        "events": [event_state(row) for row in report.events.all()],
        "shootout": [[k.side, k.scored, k.card] for k in report.kicks.all()],
    }


def event_state(row: ReportEvent) -> dict[str, Any]:
    """One stored event as the API shows (and takes) it."""
    state: dict[str, Any] = {"type": row.kind, "side": row.side, "half": row.half}
    if row.kind == ReportEvent.Kind.GOAL:
        return {**state, "card": row.card, "kind": row.goal_kind}
    if row.kind == ReportEvent.Kind.VAR:
        return {
            **state,
            "strength": row.strength,
            "card": row.var_card,
            "magic_number": row.magic_number,
            "warning": row.warning,
            "warned": row.card or None,
        }
    if row.kind == ReportEvent.Kind.CORNER:
        return {
            **state,
            "attempts": row.attempts,
            "attack_power": row.attack_power,
            "defence_power": row.defence_power,
        }
    if row.kind == ReportEvent.Kind.GK_SKILL:
        return state
    return {**state, "card": row.card}
