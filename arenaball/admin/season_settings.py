"""An Arenaball season's settings, as the season's admin page shows them (the ruleset's
season_admin_inlines)."""

from __future__ import annotations

import dataclasses

from django.contrib import admin

from arenaball.models import SeasonSettings
from league.models import Season
from rules.arenaball import ArenaballSettings

#: Field name → "A-xx · meaning", from the rules' metadata (the single source).
SETTING_HELP_TEXTS = {
    field.name: f"{field.metadata['rule']} · {field.metadata['help']}"
    for field in dataclasses.fields(ArenaballSettings)
}


class SeasonSettingsInline(admin.StackedInline[SeasonSettings, Season]):
    model = SeasonSettings
    can_delete = False
    verbose_name_plural = "Arenaball settings (frozen once the season starts)"

    def formfield_for_dbfield(self, db_field, request, **kwargs):  # type: ignore[no-untyped-def]
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if field is not None and db_field.name in SETTING_HELP_TEXTS:
            field.help_text = SETTING_HELP_TEXTS[db_field.name]
        return field

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return obj is None or not obj.rules_frozen

    has_add_permission = has_change_permission
