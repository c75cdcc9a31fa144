"""Writes for leagues: creating one, and editing its name, game (until its first season),
description, visibility and commissioners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.text import slugify

from league.access import Actor, require_commissioner
from league.audit import audit_record, snapshot
from league.errors import LeagueError
from league.models import League
from league.rulesets import ruleset_default, ruleset_for, ruleset_get
from league.services.edits import row_edit


def league_create(
    *,
    name: str,
    actor: Actor,
    ruleset: str | None = None,
    description: str = "",
    is_public: bool = True,
    commissioners: Iterable[User] = (),
) -> League:
    league = League(
        name=name,
        slug=slugify(name),
        ruleset=ruleset_get(ruleset or ruleset_default()).key,
        description=description,
        is_public=is_public,
    )
    league.full_clean()
    with transaction.atomic():
        league.save()
        league.commissioners.set(list(commissioners))
        audit_record(
            actor=actor,
            action="league.create",
            obj=league,
            league=league,
            after=snapshot(league, ["name", "ruleset", "is_public"]),
        )
    return league


LEAGUE_EDITABLE = frozenset({"name", "ruleset", "description", "is_public"})


def league_update(
    *,
    league: League,
    actor: Actor,
    changes: Mapping[str, Any],
    commissioners: Iterable[User] | None = None,
) -> League:
    """Edit a league's name, game (until it has a season), description or visibility, and its
    commissioners."""
    with transaction.atomic():
        # Locks the league: two edits are applied one after the other, each audited.
        locked = League.objects.select_for_update().get(pk=league.pk)
        require_commissioner(user=actor, league=locked)
        if changes.get("ruleset", locked.ruleset) != locked.ruleset:
            _require_ruleset_open(locked, str(changes["ruleset"]))
        row_edit(
            obj=locked,
            changes=changes,
            editable=LEAGUE_EDITABLE,
            league=locked,
            action="league.update",
            actor=actor,
        )
        if commissioners is not None:
            new = sorted(user.pk for user in commissioners)
            old = sorted(locked.commissioners.values_list("pk", flat=True))
            if new != old:
                locked.commissioners.set(new)
                audit_record(
                    actor=actor,
                    action="league.commissioners",
                    obj=locked,
                    league=locked,
                    before={"commissioners": old},
                    after={"commissioners": new},
                )
    return locked


def _require_ruleset_open(league: League, key: str) -> None:
    """A league's game may change only before its first season (seasons carry its settings)."""
    if league.seasons.exists():
        raise LeagueError(
            f"{league} plays {ruleset_for(league).label}: a league's game is fixed once it has "
            "a season.",
            code="ruleset_fixed",
            field="ruleset",
        )
    ruleset_get(key)
