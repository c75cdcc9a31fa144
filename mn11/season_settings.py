"""A Magic Number Eleven season's settings: created from the league's latest season or the
defaults, changed while the season is a draft, validated by rules.mn11.Mn11Settings. The core
reaches them through the ruleset."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league.audit import snapshot
from league.models import Season
from mn11.errors import Mn11Error
from mn11.models import SeasonSettings
from rules import mn11 as rules

SETTING_FIELDS = tuple(
    field.name for field in SeasonSettings._meta.concrete_fields if field.name != "season"
)


def season_settings_create(
    *, season: Season, previous: Season | None, changes: Mapping[str, Any]
) -> SeasonSettings:
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
    settings = SeasonSettings.objects.get(season=season)
    before = snapshot(settings, SETTING_FIELDS)
    _apply(settings, changes)
    settings.save(update_fields=list(changes))
    return settings, before, snapshot(settings, SETTING_FIELDS)


def season_rules(*, season: Season | None) -> rules.Mn11Settings:
    """The season's settings as the rules read them (the defaults where it has none)."""
    row = SeasonSettings.objects.filter(season=season).first() if season else None
    return row.to_rules() if row else rules.Mn11Settings()


def _apply(settings: SeasonSettings, changes: Mapping[str, Any]) -> None:
    unknown = sorted(set(changes) - set(SETTING_FIELDS))
    if unknown:
        raise Mn11Error(
            f"Unknown Magic Number Eleven settings: {', '.join(unknown)}.", code="unknown_rule"
        )
    for name, value in changes.items():
        if name == "tie_breakers" and isinstance(value, tuple | list):
            value = [str(breaker) for breaker in value]
        setattr(settings, name, value)
    try:
        errors = settings.to_rules().errors()
    except (TypeError, ValueError) as invalid:
        raise Mn11Error(str(invalid), code="invalid_rule") from None
    if errors:
        message = " ".join(f"{name}: {text}" for name, text in sorted(errors.items()))
        raise Mn11Error(message, code="invalid_rule", field=min(errors), fields=errors)
