"""A whole league as one versioned JSON document (docs/data.md, "The JSON document").

``league_document_export`` is the entry point the management command, the admin's download
and the API's export job call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from league.capabilities import capability
from league.capabilities.exchange import Exchange
from league.exchange.app_tables import app_tables
from league.exchange.core_tables import AUDIT_TABLE, CORE_TABLES
from league.exchange.tables import ExportRefs, table_export, table_number, tables_export
from league.models import League
from league.rulesets import ruleset_for

FORMAT = "magnoball-league-export"
VERSION = 1

#: The people a document names: who they are, never how they sign in.
USER_FIELDS = ("username", "first_name", "last_name", "email")


def league_document_export(
    *, league_id: int, progress: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """League `league_id` (every season, team, roster, fixture, result, injury, the dice
    ledger and the audit log, and whatever its game keeps) as the document. `progress` is
    told (parts done, parts in all) as each part is read, for a job's progress bar."""
    league = League.objects.get(pk=league_id)
    ruleset = ruleset_for(league)
    game_tables = capability(ruleset, Exchange).exchange_tables()
    later_tables = app_tables()
    steps = len(CORE_TABLES) + len(game_tables) + len(later_tables) + 2
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    refs = ExportRefs()
    refs.add(League, league.pk, 1)
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "rulesets": [ruleset.key],
        "league": {
            "name": league.name,
            "slug": league.slug,
            "ruleset": league.ruleset,
            "description": league.description,
            "is_public": league.is_public,
            "created_at": league.created_at.isoformat(),
            "commissioners": sorted(league.commissioners.values_list("username", flat=True)),
        },
        "users": [],
    }
    for table in (*CORE_TABLES, *game_tables, *later_tables, AUDIT_TABLE):
        table_number(table=table, league=league, refs=refs)
    for table in CORE_TABLES:
        document[table.key] = table_export(table=table, league=league, refs=refs)
        step()
    # The game's part in one section under its key: a reader that knows the core alone can
    # skip it, and a league of another game never has it.
    document["game"] = {ruleset.key: tables_export(tables=game_tables, league=league, refs=refs)}
    step()
    # The core's apps (honours, sign-ups) name rows of the game's: after its section.
    for table in later_tables:
        document[table.key] = table_export(table=table, league=league, refs=refs)
        step()
    document[AUDIT_TABLE.key] = table_export(table=AUDIT_TABLE, league=league, refs=refs)
    step()
    people = set(refs.usernames) | set(league.commissioners.values_list("pk", flat=True))
    document["users"] = [
        dict(zip(USER_FIELDS, row, strict=True))
        for row in User.objects.filter(pk__in=people).order_by("username").values_list(*USER_FIELDS)
    ]
    while done < steps:
        step()
    return document
