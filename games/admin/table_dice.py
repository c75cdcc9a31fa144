"""The admin's table dice (M-E2): inspections awaiting the coaches' d10s, which a
commissioner may enter for a coach (the service audits it and the ledger names him as the
one who entered the faces)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from games.models import TableInspection
from games.selectors import rolling_team
from games.services import table_inspection_enter
from league.admin.base import ReadOnlyAdmin
from league.admin.scoping import SeasonListFilter, object_filter
from league.admin.steps import Step, StepDone
from league.models import Fixture, Team
from league.templatetags.league_tags import badge_html


class TableRollAdminForm(forms.Form):
    faces = forms.IntegerField(
        label="The d10 the coach rolled", help_text="The face showing, 1 to 10."
    )


def _coach(team: Team) -> str:
    return team.coach.get_username() if team.coach else "no coach"


def _explain(side: str) -> Any:
    def explain(table_inspection: TableInspection) -> list[str]:
        team = rolling_team(table_inspection=table_inspection, side=side)
        return [
            f"You enter, for {team}'s coach ({_coach(team)}), the d10 he rolled at the table "
            f"for the inspection of {table_inspection.player} before {table_inspection.fixture}.",
            "The dice ledger records the roll as entered by you; the audit log keeps it.",
            "With both rolls in, only a higher opposing roll detects the player's "
            "enhancements (M-E2); a detection then awaits its decision.",
        ]

    return explain


def _run(side: str) -> Any:
    def run(request: HttpRequest, table_inspection: TableInspection, form: Any) -> StepDone:
        entered = table_inspection_enter(
            table_inspection=table_inspection,
            side=side,
            faces=form.cleaned_data["faces"],
            actor=request.user,
        )
        state = "resolved" if entered.resolved_at else "waiting for the other roll"
        return StepDone(f"Roll entered for {entered.player}: the inspection is {state}.")

    return run


def _form(table_inspection: TableInspection, data: Any) -> forms.Form:
    return TableRollAdminForm(data)


def _missing(side: str) -> Any:
    return lambda table_inspection: side in table_inspection.missing()


TABLE_INSPECTION_STEPS = tuple(
    Step(
        name=side.value,
        label=f"Enter the roll of {side.label.lower()}",
        explain=_explain(side.value),
        run=_run(side.value),
        form=_form,
        shown=_missing(side.value),
    )
    for side in TableInspection.Side
)


@admin.register(TableInspection)
class TableInspectionAdmin(ReadOnlyAdmin[TableInspection]):
    """Inspections in seasons whose coaches roll at the table (M-E2): each awaits the
    owner's coach's d10 and the opposing coach's, entered by each coach on his match-day
    page, or here by a commissioner for him."""

    read_only_reason = (
        "Table inspections are set when a round opens (M-E2). Enter a coach's roll with the "
        "buttons above."
    )
    league_path = "fixture__round__season__league"
    list_display = ("fixture", "player", "team", "owner_state", "inspector_state", "resolved_at")
    list_filter = (
        ("fixture__round__season", SeasonListFilter),
        object_filter("fixture", Fixture, "fixture"),
    )
    search_fields = ("player__name", "player__team__name")
    list_select_related = ("fixture__home_team", "fixture__away_team", "player__team")
    ordering = ("-created_at", "id")
    steps = TABLE_INSPECTION_STEPS

    @admin.display(description="Team", ordering="player__team__name")
    def team(self, obj: TableInspection) -> Team:
        return obj.player.team

    def _state(self, obj: TableInspection, side: str) -> str:
        if getattr(obj, f"{side}_roll") is None:
            return badge_html("picks_due", "Awaited")
        return badge_html("active", "Entered")

    @admin.display(description="Owner's d10")
    def owner_state(self, obj: TableInspection) -> str:
        return self._state(obj, TableInspection.Side.OWNER)

    @admin.display(description="Opposing d10")
    def inspector_state(self, obj: TableInspection) -> str:
        return self._state(obj, TableInspection.Side.INSPECTOR)
