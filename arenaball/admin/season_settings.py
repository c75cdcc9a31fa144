"""An Arenaball season's settings, as the season's admin page shows them (the ruleset's
season_admin_inlines): the settings form (arenaball/settings_form.py: help texts from the rules'
metadata, fieldsets by subject, every value the rules refuse beside its field), read-only once
the season has started. The core's season admin saves the changes through the ruleset's
season_settings_update (audited)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from arenaball.models import SeasonSettings
from arenaball.settings_form import SETTING_FIELDSETS, SETTING_NAMES, SeasonSettingsForm
from league.models import Season

__all__ = ["SETTING_NAMES", "SeasonSettingsForm", "SeasonSettingsInline"]


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
