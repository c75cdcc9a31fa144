"""The core's tables in the league's JSON document, in the order they are written: a row
comes after the rows it names (docs/data.md). The games' tables follow, then the audit log,
which may name a row of any of them."""

from __future__ import annotations

from typing import Any

from league.exchange.tables import Table
from league.models import (
    AuditEntry,
    Division,
    Fixture,
    Result,
    Round,
    Season,
    StandingRow,
    Team,
    TournamentGroup,
)
from league.redaction import urls_redacted_in

CORE_TABLES: tuple[Table, ...] = (
    # A guest team names its tournament, a season its champion: teams come first and the
    # guest's season is filled in once the seasons are written.
    Table("teams", Team, lambda league: Team.objects.filter(league=league)),
    Table("seasons", Season, lambda league: Season.objects.filter(league=league)),
    Table(
        "groups",
        TournamentGroup,
        lambda league: TournamentGroup.objects.filter(season__league=league),
    ),
    Table("divisions", Division, lambda league: Division.objects.filter(season__league=league)),
    Table(
        "standings",
        StandingRow,
        lambda league: StandingRow.objects.filter(season__league=league),
    ),
    Table("rounds", Round, lambda league: Round.objects.filter(season__league=league)),
    Table(
        "fixtures",
        Fixture,
        lambda league: Fixture.objects.filter(round__season__league=league),
    ),
    Table(
        "results",
        Result,
        lambda league: Result.objects.filter(fixture__round__season__league=league),
    ),
)


#: The league's audit log: who changed what and when. The token a change was made through
#: stays behind (tokens belong to the installation); the object a change names is the
#: document's row of it, or none when it lies outside the league.
def audit_row_scrubbed(row: dict[str, Any]) -> dict[str, Any]:
    """A webhook's audit entry without its URL's secrets: entries written before the log
    kept them out named the whole URL, query-string key and all (league/redaction.py)."""
    if not str(row.get("action", "")).startswith("webhook."):
        return row
    return {
        **row,
        **{key: urls_redacted_in(row[key]) for key in _AUDIT_TEXTS if key in row},
    }


_AUDIT_TEXTS = ("object_repr", "message", "before", "after")

AUDIT_TABLE = Table(
    "audit_log",
    AuditEntry,
    lambda league: AuditEntry.objects.filter(league=league),
    skip=frozenset({"api_token"}),
    generic=("content_type", "object_id"),
    scrub=audit_row_scrubbed,
)
