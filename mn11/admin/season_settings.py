"""A Magic Number Eleven season's settings, as the season's admin page shows them (the
ruleset's season_admin_inlines): help texts from the rules' metadata, frozen once it starts."""

from __future__ import annotations

import dataclasses
from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from league.admin.tie_breakers import TieBreakersField
from league.game_settings_form import GameSettingsForm
from league.models import Season
from mn11.models import SeasonSettings
from rules.mn11 import Mn11Settings, Mn11TieBreaker

SETTING_HELP_TEXTS = {
    field.name: f"{field.metadata['rule']} · {field.metadata['help']}"
    for field in dataclasses.fields(Mn11Settings)
}
SETTING_FIELDSETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Star Players and the draft · E-S2",
        ("star_pool", "stars_per_team", "draft_snake", "draft_seeding", "draft_auto_pick"),
    ),
    (
        "Match day and discipline · E-S3, E-D3, E-D5",
        (
            "gk_expansion",
            "sent_off_suspension",
            "shootout_league",
            "shootout_knockout",
        ),
    ),
    (
        "Standings · E-L1",
        (
            "points_win",
            "points_draw",
            "points_loss",
            "points_shootout_win",
            "points_shootout_loss",
            "tie_breakers",
        ),
    ),
)
SETTING_NAMES = tuple(name for _, names in SETTING_FIELDSETS for name in names)


class SeasonSettingsForm(GameSettingsForm):
    settings_class = Mn11Settings
    tie_breakers = TieBreakersField(
        choices=Mn11TieBreaker,
        last=Mn11TieBreaker.NAME,
        help_text=SETTING_HELP_TEXTS["tie_breakers"],
        widget=forms.TextInput(attrs={"size": 70}),
    )

    class Meta:
        model = SeasonSettings
        fields = SETTING_NAMES
        help_texts = SETTING_HELP_TEXTS


class SeasonSettingsInline(admin.StackedInline[SeasonSettings, Season]):
    model = SeasonSettings
    form = SeasonSettingsForm
    can_delete = False
    verbose_name_plural = "Magic Number Eleven settings (frozen once the season starts)"

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        return [(title, {"fields": names}) for title, names in SETTING_FIELDSETS]

    def _frozen(self, obj: Any) -> bool:
        return isinstance(obj, Season) and obj.rules_frozen

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return SETTING_NAMES if self._frozen(obj) else ()

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
