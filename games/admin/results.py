"""Results: the form that lists every player's stat line, the correct and void steps, the
result admin, and a result's before and after in the audit log."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from games.admin.display import FIXTURE_TEAMS, score_text
from games.models import Appearance, LineupEntry
from games.results import PlayerLine, ResultReport, TableRoll, result_correct, result_void
from games.selectors import report_players
from injuries.models import Injury
from league.admin.audit import AUDIT_RENDERERS, audit_entries_panel
from league.admin.base import ReadOnlyAdmin, ReadOnlyTabularInline
from league.admin.display import admin_url, when
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.admin.steps import Step, StepDone
from league.models import AuditEntry, Fixture, Result, Season
from rosters.models import Player
from rules.magnoball.dice import die_label
from rules.magnoball.vocabulary import Position, StatCategory

# --- Results: the form that lists every player's stat line -------------------------------------

_CATEGORIES = tuple(StatCategory)


class ResultForm(forms.Form):
    """A result as one form: the score, then one row per player who could take the field,
    with his points and attempts/successes per action category (M-P7) and whether he was
    Incapacitated (M-I1). Blank means zero; a player with a number, or ticked as played,
    took the field. The result service validates it all (the scores must add up)."""

    home_score = forms.IntegerField(required=False, min_value=0, max_value=99)
    away_score = forms.IntegerField(required=False, min_value=0, max_value=99)
    overtime = forms.BooleanField(
        required=False, help_text="Decided by the overtime goal (M-G2): the score cannot be level."
    )

    def __init__(
        self,
        data: Any,
        *,
        fixture: Fixture,
        players: Sequence[Player],
        coaches_roll: bool,
        result: Result | None = None,
    ) -> None:
        super().__init__(data, initial=self._initial(fixture, result))
        self.fixture = fixture
        self.players = list(players)
        self.coaches_roll = coaches_roll
        self._line_players: list[int] = []
        self._incapacitated: list[int] = []
        for player in self.players:
            prefix = f"p{player.pk}"
            self.fields[f"{prefix}-played"] = forms.BooleanField(
                required=False, label=f"{player.name} took the field"
            )
            self.fields[f"{prefix}-points"] = forms.IntegerField(
                required=False, min_value=0, max_value=99, label=f"{player.name}: points"
            )
            for category in _CATEGORIES:
                for part in ("attempts", "successes"):
                    self.fields[f"{prefix}-{category.value}-{part}"] = forms.IntegerField(
                        required=False,
                        min_value=0,
                        max_value=999,
                        label=f"{player.name}: {category.label} {part}",
                    )
            self.fields[f"{prefix}-incapacitated"] = forms.BooleanField(
                required=False, label=f"{player.name} was Incapacitated"
            )
            if coaches_roll:
                die = die_label(Position(player.position).injury_die)
                for part, what in (("duration", "injury roll"), ("permanent", "permanent roll")):
                    self.fields[f"{prefix}-{part}"] = forms.IntegerField(
                        required=False, min_value=1, label=f"{player.name}: {what} ({die})"
                    )

    @staticmethod
    def _initial(fixture: Fixture, result: Result | None) -> dict[str, Any]:
        if result is None:
            return {}
        initial: dict[str, Any] = {
            "home_score": result.home_score,
            "away_score": result.away_score,
            "overtime": result.overtime,
        }
        for appearance in result.appearances.prefetch_related("stat_lines"):
            prefix = f"p{appearance.player_id}"
            initial[f"{prefix}-played"] = True
            initial[f"{prefix}-points"] = appearance.points
            for line in appearance.stat_lines.all():
                initial[f"{prefix}-{line.category}-attempts"] = line.attempts
                initial[f"{prefix}-{line.category}-successes"] = line.successes
        for injury in Injury.objects.filter(fixture=fixture):
            prefix = f"p{injury.player_id}"
            initial[f"{prefix}-incapacitated"] = True
            initial[f"{prefix}-duration"] = injury.duration_roll
            initial[f"{prefix}-permanent"] = injury.permanent_roll
        return initial

    def report(self) -> ResultReport:
        data = self.cleaned_data
        lines, incapacitated, rolls = [], [], {}
        for player in self.players:
            prefix = f"p{player.pk}"
            stats = {}
            for category in _CATEGORIES:
                attempts = data.get(f"{prefix}-{category.value}-attempts") or 0
                successes = data.get(f"{prefix}-{category.value}-successes") or 0
                if attempts or successes:
                    stats[category.value] = (attempts, successes)
            points = data.get(f"{prefix}-points") or 0
            if data.get(f"{prefix}-played") or points or stats:
                lines.append(PlayerLine(player.pk, points, stats))
            if data.get(f"{prefix}-incapacitated"):
                incapacitated.append(player.pk)
                duration = data.get(f"{prefix}-duration")
                if self.coaches_roll and duration is not None:
                    rolls[player.pk] = TableRoll(duration, data.get(f"{prefix}-permanent"))
        self._line_players = [line.player_id for line in lines]
        self._incapacitated = incapacitated
        return ResultReport(
            home_score=data["home_score"] or 0,
            away_score=data["away_score"] or 0,
            overtime=data["overtime"],
            lines=tuple(lines),
            incapacitated=tuple(incapacitated),
            table_rolls=rolls,
        )

    def field_for_error(self, key: str) -> str:
        """The form field of a key in the result service's ``fields`` (``lines[2].points``)."""
        if match := re.fullmatch(r"lines\[(\d+)\]\.(\w+)(?:\.(\w+))?", key):
            index, part, category = int(match[1]), match[2], match[3]
            if index >= len(self._line_players):
                return key
            prefix = f"p{self._line_players[index]}"
            if part == "points":
                return f"{prefix}-points"
            if part == "stats" and category:
                return f"{prefix}-{category}-successes"
            return f"{prefix}-played"
        if match := re.fullmatch(r"incapacitated\[(\d+)\]", key):
            index = int(match[1])
            if index < len(self._incapacitated):
                return f"p{self._incapacitated[index]}-incapacitated"
        if match := re.fullmatch(r"table_rolls\.(\d+)(?:\.(\w+))?", key):
            return f"p{match[1]}-{match[2] or 'duration'}"
        return key

    def teams(self) -> list[dict[str, Any]]:
        """The rows of the form, team by team, for the template."""
        sides = []
        for team, score in (
            (self.fixture.home_team, "home_score"),
            (self.fixture.away_team, "away_score"),
        ):
            rows = []
            for player in self.players:
                if player.team_id != team.pk:
                    continue
                prefix = f"p{player.pk}"
                names = [
                    f"{prefix}-played",
                    f"{prefix}-points",
                    *(
                        f"{prefix}-{c.value}-{part}"
                        for c in _CATEGORIES
                        for part in ("attempts", "successes")
                    ),
                    f"{prefix}-incapacitated",
                ]
                if self.coaches_roll:
                    names += [f"{prefix}-duration", f"{prefix}-permanent"]
                errors = [error for name in names for error in self[name].errors]
                rows.append(
                    {
                        "player": player,
                        "played": self[f"{prefix}-played"],
                        "points": self[f"{prefix}-points"],
                        "stats": [
                            (
                                self[f"{prefix}-{c.value}-attempts"],
                                self[f"{prefix}-{c.value}-successes"],
                            )
                            for c in _CATEGORIES
                        ],
                        "incapacitated": self[f"{prefix}-incapacitated"],
                        "duration": self[f"{prefix}-duration"] if self.coaches_roll else None,
                        "permanent": self[f"{prefix}-permanent"] if self.coaches_roll else None,
                        "errors": errors,
                    }
                )
            sides.append({"team": team, "score": self[score], "rows": rows})
        return sides

    def categories(self) -> tuple[StatCategory, ...]:
        return _CATEGORIES


def result_form_for_new(fixture: Fixture, data: Any) -> ResultForm:
    players, _ = report_players(fixture=fixture)  # starters then bench, as kick-off fixes them
    return ResultForm(
        data,
        fixture=fixture,
        players=players,
        coaches_roll=fixture.round.season.rules.coaches_roll_injuries,
    )


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
        coaches_roll=fixture.round.season.rules.coaches_roll_injuries,
        result=result,
    )


# --- Results in the audit log: before and after, with player names ----------------------------


def _line_text(line: dict[str, Any] | None) -> str:
    if not line:
        return "did not play"
    parts = [f"{line.get('points', 0)} pts"]
    for category in _CATEGORIES:
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


def result_history(fixture: Fixture) -> str:
    """Every audit entry of the fixture and of its result, newest first, with before and
    after: the record of reports, simulations, corrections and voids."""
    fixture_type = ContentType.objects.get_for_model(Fixture)
    result_type = ContentType.objects.get_for_model(Result)
    mine = Q(content_type=fixture_type, object_id=str(fixture.pk))
    result = Result.objects.filter(fixture=fixture).values_list("pk", flat=True).first()
    if result is not None:
        mine |= Q(content_type=result_type, object_id=str(result))
    # A voided result's entries point at a row that is gone; the void's own entry (on the
    # fixture) keeps the result as it was.
    entries = (
        AuditEntry.objects.filter(mine, action__startswith="result.")
        .select_related("actor", "api_token__user", "api_token__created_by")
        .order_by("-created_at", "-id")
    )
    return audit_entries_panel(entries, empty="No result has been recorded yet.")


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


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin[Result]):
    read_only_reason = (
        "A result changes only through Correct or Void (buttons above): everything it caused "
        "is then recomputed, and the audit log keeps the before and after."
    )
    league_path = "fixture__round__season__league"
    list_display = (
        "fixture",
        "score",
        "overtime",
        "season",
        "round_number",
        "source",
        "reported_by",
        "recorded",
    )
    list_filter = (
        "source",
        "overtime",
        ("fixture__round__season__league", LeagueListFilter),
        ("fixture__round__season", SeasonListFilter),
    )
    search_fields = (
        "fixture__home_team__name",
        "fixture__away_team__name",
        "fixture__home_team__short_name",
        "fixture__away_team__short_name",
    )
    list_select_related = (*FIXTURE_TEAMS, "fixture__round__season__league", "reported_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fieldsets = (
        (None, {"fields": ("fixture", "home_score", "away_score", "overtime")}),
        (
            "Record · M-D8",
            {
                "fields": (
                    "source",
                    "reported_by",
                    "seed",
                    "engine_version",
                    "created_at",
                    "updated_at",
                )
            },
        ),
    )
    inlines = (AppearanceInline,)
    steps = RESULT_STEPS

    @admin.display(description="Score")
    def score(self, obj: Result) -> str:
        return f"{obj.home_score}–{obj.away_score}"

    @admin.display(description="Season", ordering="fixture__round__season")
    def season(self, obj: Result) -> Season:
        return obj.fixture.round.season

    @admin.display(description="Round", ordering="fixture__round__number")
    def round_number(self, obj: Result) -> int:
        return obj.fixture.round.number

    @admin.display(description="Recorded", ordering="created_at")
    def recorded(self, obj: Result) -> str:
        return when(obj.created_at)

    def change_page_context(self, request: HttpRequest, obj: Result) -> dict[str, Any]:
        season = obj.fixture.round.season
        standings = format_html(
            '<p><a href="{}">The standings of {}</a> follow every change.</p>',
            admin_url(season),
            season,
        )
        return {
            "panels": [
                ("Before and after (audit log)", result_history(obj.fixture)),
                ("Standings", standings),
            ]
        }
