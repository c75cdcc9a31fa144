"""A game's season settings row (a game without a settings app of its own): one row a season whose
fields mirror the game's rules settings, created from the league's latest season (or the
defaults), changed while the season is a draft, validated by the rules. Written once; each
game names its row and its error."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from django.db import models

from league.audit import snapshot
from league.errors import DomainError
from league.models import Season

_R = TypeVar("_R", bound=models.Model)


class SeasonSettingsRows(Generic[_R]):
    """The settings rows of one game: `model` (one-to-one with Season, its fields the rules'
    names), refusals raised as `error`, its settings called `label` in messages."""

    def __init__(self, model: type[_R], *, error: type[DomainError], label: str) -> None:
        self.model = model
        self.error = error
        self.label = label
        self.fields = tuple(
            field.name for field in model._meta.concrete_fields if field.name != "season"
        )

    def create(self, *, season: Season, previous: Season | None, changes: Mapping[str, Any]) -> _R:
        """`season`'s settings: `previous`'s (or the defaults) with `changes` on top."""
        inherited: dict[str, Any] = {}
        known = self.model._default_manager.filter(season=previous).first() if previous else None
        if known is not None:
            inherited = {name: getattr(known, name) for name in self.fields}
        row = self.model(season=season, **inherited)
        self._apply(row, changes)
        row.save()
        return row

    def update(
        self, *, season: Season, changes: Mapping[str, Any]
    ) -> tuple[_R, dict[str, Any], dict[str, Any]]:
        """Apply `changes` to a draft season's settings (the caller holds the season's lock);
        returns the row and its values before and after, for the audit log."""
        row = self.model._default_manager.get(season=season)
        before = snapshot(row, self.fields)
        self._apply(row, changes)
        row.save(update_fields=list(changes))
        return row, before, snapshot(row, self.fields)

    def _apply(self, row: _R, changes: Mapping[str, Any]) -> None:
        unknown = sorted(set(changes) - set(self.fields))
        if unknown:
            raise self.error(
                f"Unknown {self.label} settings: {', '.join(unknown)}.", code="unknown_rule"
            )
        for name, value in changes.items():
            if name == "tie_breakers" and isinstance(value, tuple | list):
                value = [str(breaker) for breaker in value]
            setattr(row, name, value)
        try:
            # Each game's row mirrors its rules' settings: to_rules() gives them.
            errors = row.to_rules().errors()  # type: ignore[attr-defined]
        except (TypeError, ValueError) as invalid:
            raise self.error(str(invalid), code="invalid_rule") from None
        if errors:
            message = " ".join(f"{name}: {text}" for name, text in sorted(errors.items()))
            raise self.error(message, code="invalid_rule", field=min(errors), fields=errors)
