"""MagnoBall's season rule settings: created from the league's latest season, changed while the
season is a draft, validated by the engine (rules/magnoball/settings.py). The core reaches these
through the MagnoBall ruleset (games/ruleset.py), never directly."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from league.audit import snapshot
from league.errors import LeagueError
from league.models import Season
from rosters.models import SeasonRules

RULE_FIELDS = tuple(
    field.name for field in SeasonRules._meta.concrete_fields if field.name != "season"
)


def season_rules_create(
    *, season: Season, previous: Season | None, changes: Mapping[str, Any]
) -> SeasonRules:
    """`season`'s rules: `previous`'s (or the defaults) with `changes` on top, validated."""
    inherited: dict[str, Any] = {}
    if previous is not None:
        known = SeasonRules.objects.filter(season=previous).first()
        if known is not None:
            inherited = {name: getattr(known, name) for name in RULE_FIELDS}
    season_rules = SeasonRules(season=season, **inherited)
    _apply(season_rules, changes)
    season_rules.save()
    return season_rules


def season_rules_update(
    *, season: Season, changes: Mapping[str, Any]
) -> tuple[SeasonRules, dict[str, Any], dict[str, Any]]:
    """Apply `changes` to a draft season's rules (the caller holds the season's lock); returns
    the rules and their values before and after, for the audit log."""
    season_rules = SeasonRules.objects.get(season=season)
    before = snapshot(season_rules, RULE_FIELDS)
    _apply(season_rules, changes)
    season_rules.save(update_fields=list(changes))
    return season_rules, before, snapshot(season_rules, RULE_FIELDS)


def _apply(season_rules: SeasonRules, changes: Mapping[str, Any]) -> None:
    unknown = sorted(set(changes) - set(RULE_FIELDS))
    if unknown:
        raise LeagueError(f"Unknown rule settings: {', '.join(unknown)}.", code="unknown_rule")
    for name, value in changes.items():
        setattr(season_rules, name, value)
    errors = season_rules.to_engine().errors()
    if errors:
        field = min(errors)
        message = " ".join(f"{name}: {text}" for name, text in sorted(errors.items()))
        raise LeagueError(message, code="invalid_rule", field=field)
