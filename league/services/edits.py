"""Edits of a row's plain fields for the services of leagues, seasons and teams: checked,
saved with ``update_fields`` and audited."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.text import slugify

from league.access import Actor
from league.audit import audit_record, snapshot
from league.errors import LeagueError, validation_refused
from league.models import League, Season, Team


def row_edit(
    *,
    obj: League | Team | Season,
    changes: Mapping[str, Any],
    editable: frozenset[str],
    league: League,
    action: str,
    actor: Actor,
) -> None:
    """Apply field changes to a locked row: checked, saved with update_fields, audited."""
    unknown = sorted(set(changes) - editable)
    if unknown:
        raise LeagueError(
            f"These cannot be edited here: {', '.join(unknown)}.",
            code="not_editable",
            field=unknown[0],
        )
    if not changes:
        return
    fields = sorted(changes)
    before = snapshot(obj, fields)
    for name, value in changes.items():
        setattr(obj, name, value)
    if "name" in changes and not isinstance(obj, League):
        obj.slug = slugify(obj.name)
        fields.append("slug")
    try:
        obj.full_clean(exclude=[f.name for f in obj._meta.fields if f.name not in fields])
    except ValidationError as invalid:
        raise validation_refused(invalid) from None
    obj.save(update_fields=fields)
    audit_record(
        actor=actor,
        action=action,
        obj=obj,
        league=league,
        before=before,
        after=snapshot(obj, sorted(changes)),
    )
