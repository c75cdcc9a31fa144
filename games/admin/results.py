"""MagnoBall's part of the core's result admin (league/admin/results.py), handed over by its
ruleset: the record and correct steps' result form (the report page's, games/forms.py), the
correct and void steps, the players' appearances, and a result's before and after in the
audit log with the players' names."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from games.forms import ResultForm
from games.models import Appearance, LineupEntry
from games.selectors import report_players
from games.services import result_correct, result_void
from league.admin.audit import AUDIT_RENDERERS
from league.admin.base import ReadOnlyTabularInline
from league.admin.display import admin_url, score_text
from league.admin.steps import Step, StepDone
from league.models import AuditEntry, Fixture, Result
from rosters.models import Player
from rules.magnoball.vocabulary import StatCategory

# --- Results: the one result form (games/forms.py), for the record and correct steps ----------


def result_form_for_new(fixture: Fixture, data: Any) -> ResultForm:
    lineup = report_players(fixture=fixture)  # starters then bench, as kick-off fixes them
    return ResultForm(data, fixture=fixture, players=lineup.players, starters=lineup.starters)


def _result_form_for_correction(result: Result, data: Any) -> ResultForm:
    fixture = result.fixture
    entries = (
        LineupEntry.objects.filter(fixture=fixture)
        .select_related("player")
        .order_by("team_id", "-starter", "player__shirt_number", "id")
    )
    return ResultForm(
        data,
        fixture=fixture,
        players=[entry.player for entry in entries],
        starters=[entry.player_id for entry in entries if entry.starter],
        result=result,
    )


# --- Results in the audit log: before and after, with player names ----------------------------


def _line_text(line: dict[str, Any] | None) -> str:
    if not line:
        return "did not play"
    parts = [f"{line.get('points', 0)} pts"]
    for category in StatCategory:
        pair = line.get(category.value)
        if pair:
            parts.append(f"{category.label} {pair[1]}/{pair[0]}")
    return " · ".join(parts)


def result_change_html(entry: AuditEntry) -> str:
    """A result's before and after: the score, then each player whose line changed."""
    before, after = entry.before or {}, entry.after or {}
    lines_before, lines_after = before.get("lines", {}), after.get("lines", {})
    hurt_before = set(before.get("incapacitated", []))
    hurt_after = set(after.get("incapacitated", []))
    ids = {int(pk) for pk in (*lines_before, *lines_after)} | hurt_before | hurt_after
    names = dict(
        Player.objects.filter(pk__in=ids).values_list("pk", "name")
    )  # one query per entry shown

    def score(state: dict[str, Any]) -> str:
        if not state:
            return "—"
        overtime = " (OT)" if state.get("overtime") else ""
        return f"{state['home_score']}–{state['away_score']}{overtime}"

    rows: list[tuple[str, str, str]] = [("Score", score(before), score(after))]
    for pk in sorted(ids, key=lambda pk: names.get(pk, "")):
        old = _line_text(lines_before.get(str(pk))) if before else "—"
        new = _line_text(lines_after.get(str(pk))) if after else "—"
        if pk in hurt_before:
            old += " · Incapacitated"
        if pk in hurt_after:
            new += " · Incapacitated"
        if old != new:
            rows.append((names.get(pk, f"Player {pk}"), old, new))
    return format_html(
        '<table class="audit-changes"><thead><tr><th scope="col">What</th>'
        '<th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>{}</tbody>'
        "</table>",
        format_html_join("", '<tr><th scope="row">{}</th><td>{}</td><td>{}</td></tr>', rows),
    )


AUDIT_RENDERERS["result"] = result_change_html


# --- Results -----------------------------------------------------------------------------------


def _explain_correct(result: Result) -> list[str]:
    return [
        f"The result of {result.fixture} ({score_text(result)}) is replaced by the one below; "
        "blank means zero.",
        "Everything it caused is recomputed: season lines and career games, statuses (M-P5), "
        "the injury countdown and the standings. Players no longer Incapacitated lose the "
        "injury it gave them; newly Incapacitated players are rolled for (M-I1, M-I2).",
        "The audit log keeps the result before and after.",
    ]


def _run_correct(request: HttpRequest, result: Result, form: ResultForm) -> StepDone:
    before = score_text(result)
    corrected = result_correct(result=result, report=form.report(), actor=request.user)
    return StepDone(
        f"{corrected.fixture} is now {score_text(corrected)} (was {before}); everything it caused "
        "has been recomputed. The before and after are below."
    )


def _explain_void(result: Result) -> list[str]:
    return [
        f"The result of {result.fixture} ({score_text(result)}) is deleted, with its stat lines "
        "and events; the fixture is ready to be played again.",
        "Everything it caused is recomputed away: season lines, statuses, the injuries it "
        "gave (a career it ended resumes) and the standings. Its rolls stay in the dice "
        "ledger, which forgets nothing.",
        "The audit log keeps the result as it was.",
    ]


def _run_void(request: HttpRequest, result: Result, form: Any) -> StepDone:
    fixture = result_void(result=result, actor=request.user)
    return StepDone(
        f"The result of {fixture} is void; it is ready to play again.", admin_url(fixture)
    )


RESULT_STEPS = (
    Step(
        name="correct",
        label="Correct the result",
        explain=_explain_correct,
        run=_run_correct,
        form=_result_form_for_correction,
        destructive=True,
        template="admin/games/result_form.html",
    ),
    Step(
        name="void",
        label="Void the result",
        explain=_explain_void,
        run=_run_void,
        destructive=True,
    ),
)


class AppearanceInline(ReadOnlyTabularInline[Appearance, Result]):
    model = Appearance
    fields = ("player", "team", "points")
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Appearance]:
        return super().get_queryset(request).select_related("player", "team")
