"""An Arenaball season's settings, as the season's admin page shows them (the ruleset's
season_admin_inlines): help texts from the rules' metadata, fieldsets by subject, the
tie-breakers as a comma-separated field the rules validate, read-only once the season has
started. The core's season admin saves the changes through the ruleset's
season_settings_update (audited)."""

from __future__ import annotations

import dataclasses
from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from arenaball.models import SeasonSettings
from league.admin.tie_breakers import TieBreakersField
from league.models import Season
from rules.arenaball import ArenaballSettings
from rules.arenaball.settings import ArenaballTieBreaker
from rules.settings import tie_breaker_error

#: Field name → "A-xx · meaning", from the rules' metadata (the single source).
SETTING_HELP_TEXTS = {
    field.name: f"{field.metadata['rule']} · {field.metadata['help']}"
    for field in dataclasses.fields(ArenaballSettings)
}
SETTING_HELP_TEXTS["tie_breakers"] += " Comma-separated, from: " + ", ".join(
    breaker.value for breaker in ArenaballTieBreaker
)

#: (title, fields): every setting exactly once (a test checks it).
SETTING_FIELDSETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Teams and designs · A-T1, A-T3", ("one_track_design", "budget")),
    ("Games · A-G1, A-G4", ("target_points", "time_limit_games", "substitutes")),
    (
        "Progression and injuries · A-P1 … A-P3",
        ("points_per_kill", "points_per_level", "injury_games_missed"),
    ),
    ("Standings · A-L1", ("points_win", "points_draw", "points_loss", "tie_breakers")),
)
SETTING_NAMES = tuple(name for _, names in SETTING_FIELDSETS for name in names)


class ArenaballTieBreakersField(TieBreakersField):
    """A-L1's order; the rules say which orders are valid (ending with the name)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(choices=ArenaballTieBreaker, **kwargs)

    def validate(self, value: Any) -> None:
        super().validate(value)
        error = tie_breaker_error(
            tuple(ArenaballTieBreaker(key) for key in value),
            ArenaballTieBreaker,
            ArenaballTieBreaker.NAME,
        )
        if error:
            raise forms.ValidationError(error)


class SeasonSettingsForm(forms.ModelForm[SeasonSettings]):
    tie_breakers = ArenaballTieBreakersField(
        help_text=SETTING_HELP_TEXTS["tie_breakers"], widget=forms.TextInput(attrs={"size": 60})
    )

    class Meta:
        model = SeasonSettings
        fields = SETTING_NAMES
        help_texts = SETTING_HELP_TEXTS


class SeasonSettingsInline(admin.StackedInline[SeasonSettings, Season]):
    model = SeasonSettings
    form = SeasonSettingsForm
    can_delete = False
    verbose_name_plural = "Arenaball settings (frozen once the season starts)"

    @staticmethod
    def _frozen(obj: Any) -> bool:
        return isinstance(obj, Season) and obj.rules_frozen

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        return [(title, {"fields": names}) for title, names in SETTING_FIELDSETS]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return SETTING_NAMES if self._frozen(obj) else ()

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
