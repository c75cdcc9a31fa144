"""An Arenaball season's settings (the reference's *(setting)* marks): created from the league's
latest season or the defaults, changed while the season is a draft, validated by
rules.arenaball.ArenaballSettings. The core reaches them through the ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms

from arenaball.errors import ArenaballError
from arenaball.models import SeasonSettings
from arenaball.settings_form import SETTING_NAMES, SeasonSettingsForm
from league.access import Actor, require_commissioner
from league.game_settings import SeasonSettingsRows
from league.models import Season
from league.services.seasons import season_update_rules

ROWS = SeasonSettingsRows(SeasonSettings, error=ArenaballError, label="Arenaball")
SETTING_FIELDS = ROWS.fields


def season_settings_create(
    *, season: Season, previous: Season | None, changes: Mapping[str, Any]
) -> SeasonSettings:
    """`season`'s settings: `previous`'s (or the defaults) with `changes` on top, validated."""
    return ROWS.create(season=season, previous=previous, changes=changes)


def season_settings_update(
    *, season: Season, changes: Mapping[str, Any]
) -> tuple[SeasonSettings, dict[str, Any], dict[str, Any]]:
    """Apply `changes` to a draft season's settings; the row and its values before and
    after, for the audit log."""
    return ROWS.update(season=season, changes=changes)


def season_settings(season: Season) -> SeasonSettings:
    """The season's settings row (created with the defaults for a season that predates it)."""
    settings, _ = SeasonSettings.objects.get_or_create(season=season)
    return settings


def season_settings_change(
    *, season: Season, actor: Actor, values: Mapping[str, Any]
) -> SeasonSettings:
    """A commissioner changes some of a draft season's settings (the API's body): read and
    checked as the admin's form reads them, every bad value named beside its field and
    nothing changed; then saved and audited by the core (refused once the season started)."""
    require_commissioner(user=actor, league=season.league)
    row = season_settings(season)
    errors = {str(name): "Unknown setting." for name in values if name not in SETTING_NAMES}
    form = SeasonSettingsForm(
        {**{name: getattr(row, name) for name in SETTING_NAMES}, **values}, instance=row
    )
    for name, field in form.fields.items():
        strict = isinstance(field, forms.BooleanField) and name in values
        if strict and not isinstance(values[name], bool):
            errors[name] = "Give true or false."
    if not form.is_valid() or errors:
        errors |= {
            name: " ".join(str(message) for message in messages)
            for name, messages in form.errors.items()
        }
        raise ArenaballError(
            "The settings were not changed: " + " ".join(f"{n}: {m}" for n, m in errors.items()),
            code="invalid_rule",
            fields=errors,
        )
    changes = {name: form.cleaned_data[name] for name in values}
    season_update_rules(season=season, changes=changes, actor=actor)
    return season_settings(season)
