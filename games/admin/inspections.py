"""Pre-game inspections (M-E2) and the decision a commissioner takes for a coach."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from games.admin.display import FIXTURE_TEAMS
from games.models import Inspection
from games.services import inspection_decide
from league.admin.base import ReadOnlyAdmin
from league.admin.scoping import SeasonListFilter, object_filter
from league.admin.steps import Step, StepDone, as_action
from league.models import Fixture, Team
from league.templatetags.league_tags import badge_html
from rosters.models import Player


def _inspector(inspection: Inspection) -> Team:
    fixture = inspection.fixture
    owner = inspection.enhancement.player.team_id
    return fixture.away_team if owner == fixture.home_team_id else fixture.home_team


def _explain_decision(allow: bool) -> Any:
    def explain(inspection: Inspection) -> list[str]:
        enhancement = inspection.enhancement
        inspector = _inspector(inspection)
        coach = inspector.coach.get_username() if inspector.coach else "no coach"
        lines = [
            f"In {inspection.fixture}, {inspection.enhancement.player.name}'s "
            f"{enhancement.get_kind_display()} was detected (d10 {inspection.owner_roll} against "
            f"{inspection.inspector_roll}). You decide for {inspector}'s coach ({coach}).",
        ]
        if allow:
            lines.append("It is allowed for this match only; it is inspected again next time.")
        else:
            lines.append("It is banned: removed from the player for good (M-E2).")
        lines.append(
            "When no detection of the fixture awaits a decision any more, it is ready to play."
        )
        return lines

    return explain


def _run_decision(allow: bool) -> Any:
    def run(request: HttpRequest, inspection: Inspection, form: Any) -> StepDone:
        decided = inspection_decide(inspection=inspection, allow=allow, actor=request.user)
        return StepDone(f"{decided}.")

    return run


INSPECTION_STEPS = (
    Step(
        name="allow",
        label="Allow for this match",
        explain=_explain_decision(allow=True),
        run=_run_decision(allow=True),
        shown=lambda i: i.decision == Inspection.Decision.PENDING,
    ),
    Step(
        name="ban",
        label="Ban the enhancement",
        explain=_explain_decision(allow=False),
        run=_run_decision(allow=False),
        shown=lambda i: i.decision == Inspection.Decision.PENDING,
        destructive=True,
    ),
)


@admin.register(Inspection)
class InspectionAdmin(ReadOnlyAdmin[Inspection]):
    """Pre-game inspections (M-E2): only a higher opposing d10 detects. A detection awaits
    the opposing coach's decision, which a commissioner may take for him here."""

    read_only_reason = (
        "Inspections are rolled when a round opens (M-E2). A pending detection is decided "
        "with the buttons above, for the opposing coach."
    )
    league_path = "fixture__round__season__league"
    list_display = (
        "fixture",
        "player",
        "owner",
        "kind",
        "owner_roll",
        "inspector_roll",
        "decision_badge",
        "decider",
        "decided_by",
        "decided_at",
    )
    list_filter = (
        "decision",
        "enhancement__kind",
        ("fixture__round__season", SeasonListFilter),
        object_filter("fixture", Fixture, "fixture"),
    )
    search_fields = ("enhancement__player__name", "enhancement__player__team__name")
    list_select_related = (*FIXTURE_TEAMS, "enhancement__player__team", "decided_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "id")
    steps = INSPECTION_STEPS
    actions = (
        as_action(INSPECTION_STEPS[0], "Allow the selected detections for their match"),
        as_action(INSPECTION_STEPS[1], "Ban the selected detected enhancements"),
    )

    @admin.display(description="Player", ordering="enhancement__player__name")
    def player(self, obj: Inspection) -> Player:
        return obj.enhancement.player

    @admin.display(description="Team", ordering="enhancement__player__team__name")
    def owner(self, obj: Inspection) -> Team:
        return obj.enhancement.player.team

    @admin.display(description="Decided for the coach of")
    def decider(self, obj: Inspection) -> Team:
        return _inspector(obj)

    @admin.display(description="Enhancement", ordering="enhancement__kind")
    def kind(self, obj: Inspection) -> str:
        return obj.enhancement.get_kind_display()

    @admin.display(description="Decision", ordering="decision")
    def decision_badge(self, obj: Inspection) -> str:
        state = {
            Inspection.Decision.PENDING: "picks_due",
            Inspection.Decision.BANNED: "injured",
            Inspection.Decision.ALLOWED: "active",
        }.get(Inspection.Decision(obj.decision), "draft")
        return badge_html(state, obj.get_decision_display())
