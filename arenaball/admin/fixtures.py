"""An Arenaball league's fixtures in the admin, and their match reports (A-G5): the
commissioner records a result, corrects or voids it, each a step behind a confirmation page
calling arenaball.reports (which checks the report, audits it and recomputes the standings
and the characters). MagnoBall's fixture admin (games/admin/fixtures.py) is left alone: this
is a proxy of the core's Fixture limited to Arenaball leagues."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from arenaball.admin.report_form import (
    report_form_for_correction,
    report_form_for_new,
)
from arenaball.kickoff import teams_off_the_track
from arenaball.models import Part, Report
from arenaball.reports import report_correct, report_record, report_void
from arenaball.unpriced import unpriced_in_use
from league.admin.display import admin_url, changelist_url
from league.admin.game_fixtures import GameFixtureAdmin, GameReportSteps, fixture_score
from league.models import Fixture, Round, Season

RULESET = "arenaball"
REPORT_TEMPLATE = "admin/arenaball/report_form.html"


class ArenaballFixture(Fixture):
    """A fixture of an Arenaball league, as its admin shows it (no table of its own)."""

    class Meta:
        proxy = True
        app_label = "arenaball"
        verbose_name = "fixture"
        verbose_name_plural = "fixtures and match reports"


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


@admin.register(ArenaballFixture)
class ArenaballFixtureAdmin(GameFixtureAdmin[ArenaballFixture]):
    """Arenaball fixtures come from the schedule; here they get, change or lose their result."""

    ruleset = RULESET
    steps = REPORT_STEPS

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
    """The control room's Arenaball parts: its games ready for a result (in an open round),
    the address of its games in this admin, the teams that cannot take the track and why
    (before the next round opens), and the parts without figures that hold designs back."""
    reports = changelist_url(ArenaballFixture, round__season__id__exact=season.pk)
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
