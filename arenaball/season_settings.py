"""An Arenaball season's settings (the reference's *(setting)* marks): created from the league's
latest season or the defaults, changed while the season is a draft, validated by
rules.arenaball.ArenaballSettings. The core reaches them through the ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arenaball.errors import ArenaballError
from arenaball.models import SeasonSettings
from league.audit import snapshot
from league.models import Season

SETTING_FIELDS = tuple(
    field.name for field in SeasonSettings._meta.concrete_fields if field.name != "season"
)


def season_settings_create(
    *, season: Season, previous: Season | None, changes: Mapping[str, Any]
) -> SeasonSettings:
    """`season`'s settings: `previous`'s (or the defaults) with `changes` on top, validated."""
    inherited: dict[str, Any] = {}
    known = SeasonSettings.objects.filter(season=previous).first() if previous else None
    if known is not None:
        inherited = {name: getattr(known, name) for name in SETTING_FIELDS}
    settings = SeasonSettings(season=season, **inherited)
    _apply(settings, changes)
    settings.save()
    return settings


def season_settings_update(
    *, season: Season, changes: Mapping[str, Any]
) -> tuple[SeasonSettings, dict[str, Any], dict[str, Any]]:
    """Apply `changes` to a draft season's settings (the caller holds the season's lock);
    returns the row and its values before and after, for the audit log."""
    settings = SeasonSettings.objects.get(season=season)
    before = snapshot(settings, SETTING_FIELDS)
    _apply(settings, changes)
    settings.save(update_fields=list(changes))
    return settings, before, snapshot(settings, SETTING_FIELDS)


def season_settings(season: Season) -> SeasonSettings:
    """The season's settings row (created with the defaults for a season that predates it)."""
    settings, _ = SeasonSettings.objects.get_or_create(season=season)
    return settings


def _apply(settings: SeasonSettings, changes: Mapping[str, Any]) -> None:
    unknown = sorted(set(changes) - set(SETTING_FIELDS))
    if unknown:
        raise ArenaballError(
            f"Unknown Arenaball settings: {', '.join(unknown)}.", code="unknown_rule"
        )
    for name, value in changes.items():
        if name == "tie_breakers" and isinstance(value, tuple | list):
            value = [str(breaker) for breaker in value]
        setattr(settings, name, value)
    try:
        errors = settings.to_rules().errors()
    except (TypeError, ValueError) as invalid:
        raise ArenaballError(str(invalid), code="invalid_rule") from None
    if errors:
        message = " ".join(f"{name}: {text}" for name, text in sorted(errors.items()))
        raise ArenaballError(message, code="invalid_rule", field=min(errors), fields=errors)
