"""Arenaball's part of the core's fixture admin (league/admin/fixtures.py), handed over by its
ruleset: the match reports (A-G5). The commissioner records a result, corrects or voids it,
each a step behind a confirmation page calling arenaball.services (which checks the report,
audits it and recomputes the standings and the characters); the fixture's page shows its
report."""

from __future__ import annotations

from typing import Any

from arenaball.admin.report_form import (
    report_form_for_correction,
    report_form_for_new,
)
from arenaball.models import Part, Report
from arenaball.selectors import teams_off_the_track
from arenaball.services import report_correct, report_record, report_void
from arenaball.unpriced import unpriced_in_use
from league.admin.display import changelist_url
from league.admin.game_fixtures import GameReportSteps, fixture_score
from league.capabilities import Panel
from league.models import Fixture, Round, Season

RULESET = "arenaball"
REPORT_TEMPLATE = "admin/arenaball/report_form.html"


def _explain_record(fixture: Fixture) -> list[str]:
    return [
        f"You report {fixture} for the coaches: the score, the two cars each team started in "
        "the pits, and a row per goal, kill, casualty and substitution. Blank rows are left out.",
        "The report is checked against both teams' line-ups as they take the field now "
        "(A-G1 … A-G5, A-P3); every problem is shown beside its field and nothing is saved.",
        "Then the standings (kills for the tie-breaker, A-L1) and every character's points, "
        "injuries and deaths (A-P1 … A-P3) are recomputed. You can correct or void it later.",
    ]


# --- correct and void --------------------------------------------------------------------------


def _explain_correct(fixture: Fixture) -> list[str]:
    return [
        f"The report of {fixture} ({fixture_score(fixture)}) is replaced by the one below, checked "
        "against the line-ups the game was played with.",
        "Everything it caused is recomputed: the standings, every character's points, and "
        "the injuries and deaths it gave (a character no longer dead returns to his roster).",
        "The audit log keeps the report before and after.",
    ]


def _explain_void(fixture: Fixture) -> list[str]:
    return [
        f"The result of {fixture} ({fixture_score(fixture)}) and its report are deleted; the "
        "fixture is ready to be played again.",
        "Everything it caused is recomputed away: the standings, the characters' points, "
        "and the injuries and deaths it gave.",
        "The audit log keeps the report as it was.",
    ]


REPORT_STEPS = GameReportSteps(
    record=report_record,
    correct=report_correct,
    void=report_void,
    form_new=report_form_for_new,
    form_correction=report_form_for_correction,
    template=REPORT_TEMPLATE,
    explain_record=_explain_record,
    explain_correct=_explain_correct,
    explain_void=_explain_void,
    recomputed="the standings and the characters have been",
).steps()


def report_panels(fixture: Fixture) -> list[Panel]:
    """The fixture page's match report: its winner and a line per goal, kill, casualty and
    substitution."""
    stored = Report.objects.filter(result__fixture=fixture).first()
    context: dict[str, Any] = {"report": stored}
    if stored is not None:
        context["lines"] = [
            *(f"Goal: {goal}" for goal in stored.goals.select_related("scorer")),
            *(f"{kill} ({kill.how or 'no killer'})" for kill in stored.kills.all()),
            *(f"Casualty: {c}" for c in stored.casualties.select_related("character")),
            *(str(sub) for sub in stored.substitutions.select_related("team")),
        ]
        context["winner"] = stored.winner or "a draw"
    return [("Report", "admin/arenaball/report_panel.html", context)]


def season_room_context(*, season: Season) -> dict[str, Any]:
    """The control room's Arenaball parts: its games ready for a result (in an open round),
    the address of its games in the fixture admin, the teams that cannot take the track and why
    (before the next round opens), and the parts without figures that hold designs back."""
    reports = changelist_url(Fixture, round__season__id__exact=season.pk)
    ready = Fixture.objects.filter(
        round__season=season, round__status=Round.Status.OPEN, result__isnull=True
    ).count()
    running = season.status in (Season.Status.DRAFT, Season.Status.ACTIVE, Season.Status.PLAYOFFS)
    return {
        "room": {
            "to_report": ready,
            "reports_url": f"{reports}&status__exact={Fixture.Status.READY}",
            "reports_all_url": reports,
            "off_track": teams_off_the_track(season=season) if running else [],
            "unpriced": unpriced_in_use(league=season.league) if running else [],
            "parts_url": changelist_url(Part, league__id__exact=season.league_id),
        }
    }
