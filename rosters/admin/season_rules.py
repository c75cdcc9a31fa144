"""A MagnoBall season's rules: the form, the inline the season's page shows (the ruleset's
season_admin_inlines) and their own admin."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest

from league.admin.base import LeagueModelAdmin
from league.admin.scoping import LeagueListFilter
from league.admin.tie_breakers import TieBreakersField
from league.errors import LeagueError
from league.models import League, Season
from league.services.seasons import season_update_rules
from league.templatetags.league_tags import badge_html
from rosters.models import SeasonRules
from rules.magnoball.settings import RuleSettings, TieBreaker

#: Field name → "M-xx · meaning", from the engine's RuleSettings metadata (the single source).
RULE_HELP_TEXTS: dict[str, str] = {
    field.name: f"{field.metadata['rule']} · {field.metadata['help']}"
    for field in dataclasses.fields(RuleSettings)
}
RULE_HELP_TEXTS["tie_breakers"] += " Comma-separated, from: " + ", ".join(
    f"{tie_breaker.value} ({tie_breaker.label})" for tie_breaker in TieBreaker
)
RULE_HELP_TEXTS["tie_breaker_order"] = RULE_HELP_TEXTS["tie_breakers"]

RULE_LABELS: dict[str, str] = {
    "lowering_die_type": "Lowering die type (Maulers)",
    "status_roll": "Status roll at creation",
    "superstars": "Superstar roll at creation",
    "rookie_to_pro_games": "Rookie → Pro after (games)",
    "pro_to_veteran_games": "Pro → Veteran after (games)",
    "stat_level_1": "Level 1 at (successes)",
    "stat_level_2": "Level 2 at (successes)",
    "board_columns": "Board columns",
    "board_rows": "Board rows",
    "activation_limit": "Activations before a simulated half ends",
    "activations_per_turn": "Activations per turn",
    "evading_rushing": "Evading and Rushing",
    "pass_blocking": "Blocking passes",
    "ricochet": "Ricochet shots",
    "substitute_goalie_at_once": "Substitute Goalie takes the box at once",
    "points_win": "Points for a win",
    "points_overtime_win": "Points for an overtime win",
    "points_draw": "Points for a draw",
    "points_overtime_loss": "Points for an overtime loss",
    "points_loss": "Points for a loss",
    "tie_breakers": "Tie-breakers, in order",
    "tie_breaker_order": "Tie-breakers, in order",
}

#: (title, fields): every SeasonRules setting exactly once (tests check it).
RULE_FIELDSETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Rolls & status · M-P4, M-P8", ("status_roll", "superstars")),
    (
        "Progression · M-P5, M-P7",
        (
            "progression_mode",
            "rookie_to_pro_games",
            "pro_to_veteran_games",
            "stat_level_1",
            "stat_level_2",
        ),
    ),
    (
        "Board & turns · M-G1–M-G3, M-P3",
        (
            "board_columns",
            "board_rows",
            "activations_per_turn",
            "activation_limit",
            "mid_game_replacements",
        ),
    ),
    (
        "Optional contact rules · M-G5, M-T5, M-T6, M-T9, M-D7",
        ("evading_rushing", "assault", "striking", "pass_blocking", "lowering_die_type"),
    ),
    ("Scoring · M-S3–M-S5", ("goal_zones", "ricochet", "substitute_goalie_at_once")),
    ("Injuries · M-I2, M-I3", ("permanent_injuries", "force_healing")),
    ("Enhancements · M-E1", ("enhancements",)),
    (
        "Standings · M-L1, M-L2",
        (
            "points_win",
            "points_overtime_win",
            "points_draw",
            "points_overtime_loss",
            "points_loss",
            "tie_breakers",
        ),
    ),
    (
        "Table dice · M-E2, M-I1–M-I3, M-P4, M-P8",
        (
            "coaches_roll_inspections",
            "coaches_roll_force_healing",
            "coaches_roll_creation",
            "coaches_roll_injuries",
        ),
    ),
)
RULE_FIELD_NAMES: tuple[str, ...] = tuple(name for _, names in RULE_FIELDSETS for name in names)


class SeasonRulesForm(forms.ModelForm[SeasonRules]):
    """The engine validates the values (SeasonRules.clean); this form only presents them."""

    tie_breakers = TieBreakersField(
        choices=TieBreaker,
        label=RULE_LABELS["tie_breakers"],
        help_text=RULE_HELP_TEXTS["tie_breakers"],
        widget=forms.TextInput(attrs={"size": 70}),
    )

    class Meta:
        model = SeasonRules
        fields = RULE_FIELD_NAMES
        help_texts = RULE_HELP_TEXTS
        labels = RULE_LABELS


def rule_changes(form: forms.BaseForm) -> dict[str, Any]:
    """The rule settings a submitted form changed, ready for season_update_rules."""
    return {name: form.cleaned_data[name] for name in form.changed_data if name in RULE_FIELD_NAMES}


class SeasonRulesPresentation:
    """Fieldsets and the read-only view shared by the rules inline and the rules admin."""

    @staticmethod
    def _season(obj: Any) -> Season | None:
        """The season whose rules are shown: an inline is given the season itself, the rules
        admin the rules row."""
        if isinstance(obj, SeasonRules):
            return obj.season
        return obj if isinstance(obj, Season) else None

    def _frozen(self, obj: Any) -> bool:
        season = self._season(obj)
        return season is not None and season.rules_frozen

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        frozen = self._frozen(obj)
        fieldsets = []
        for index, (title, names) in enumerate(RULE_FIELDSETS):
            options: dict[str, Any] = {"fields": names}
            if frozen:
                options["fields"] = tuple(
                    "tie_breaker_order" if name == "tie_breakers" else name for name in names
                )
                if index == 0:
                    season = self._season(obj)
                    assert season is not None
                    options["description"] = (
                        f"These rules are frozen: the season is "
                        f"{season.get_status_display().lower()}. "
                        "Rules can change only while a season is a draft."
                    )
            fieldsets.append((title, options))
        return fieldsets

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("tie_breaker_order",) if self._frozen(obj) else ()

    @admin.display(description="Tie-breakers, in order")
    def tie_breaker_order(self, obj: SeasonRules) -> str:
        labels = []
        for key in obj.tie_breakers or []:
            try:
                labels.append(TieBreaker(key).label)
            except ValueError:
                labels.append(str(key))
        return " → ".join(labels)


class SeasonRulesInline(SeasonRulesPresentation, admin.StackedInline[SeasonRules, Season]):
    """The season's rules, editable while it is a draft and read-only once it has started."""

    model = SeasonRules
    form = SeasonRulesForm
    can_delete = False
    verbose_name = "rules"
    verbose_name_plural = "rules"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(SeasonRules)
class SeasonRulesAdmin(SeasonRulesPresentation, LeagueModelAdmin[SeasonRules]):
    """The same rules on their own page: created with their season, changed only as a draft."""

    league_path = "season__league"
    add_refusal = "A season's rules are created with the season: add a season instead."
    form = SeasonRulesForm
    list_display = (
        "season",
        "league",
        "season_status",
        "progression_mode",
        "lowering_die_type",
        "goal_zones",
        "ricochet",
        "enhancements",
        "points",
    )
    list_filter = (
        "season__status",
        ("season__league", LeagueListFilter),
        "progression_mode",
        "goal_zones",
        "ricochet",
        "enhancements",
    )
    search_fields = ("season__name", "season__league__name")
    list_select_related = ("season__league",)
    ordering = ("season__league__name", "-season__created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # Created with the season (season_create).

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    @admin.display(description="League", ordering="season__league__name")
    def league(self, obj: SeasonRules) -> League:
        return obj.season.league

    @admin.display(description="Season status", ordering="season__status")
    def season_status(self, obj: SeasonRules) -> str:
        return badge_html(obj.season.status, obj.season.get_status_display())

    @admin.display(description="Points W / OTW / D / OTL / L")
    def points(self, obj: SeasonRules) -> str:
        values = (
            obj.points_win,
            obj.points_overtime_win,
            obj.points_draw,
            obj.points_overtime_loss,
            obj.points_loss,
        )
        return " / ".join(str(value) for value in values)

    def save_model(self, request: HttpRequest, obj: SeasonRules, form: Any, change: bool) -> None:
        changes = rule_changes(form)
        if changes:
            _update_rules(request, obj.season, changes)


def _update_rules(request: HttpRequest, season: Season, changes: Mapping[str, Any]) -> bool:
    try:
        season_update_rules(season=season, changes=changes, actor=request.user)
    except LeagueError as error:
        messages.error(request, f"The rules were not changed: {error.message}")
        return False
    return True
