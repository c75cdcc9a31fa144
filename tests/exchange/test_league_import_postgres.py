"""One league document imported twice at once (PostgreSQL): the database's unique slug lets
one league through; the other import is refused with a problem and leaves nothing behind,
not even its job."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection

from league.exchange.document_export import league_document_export
from league.exchange.problems import ImportRefused
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import LeagueImported, league_document_import_run
from league.models import League
from tests.exchange.test_core_defaults import _at_once
from tests.world import world_build

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs PostgreSQL: SQLite serialises writers"
)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_one_document_imported_twice_at_once_makes_one_league() -> None:
    world = world_build()
    document: dict[str, Any] = league_document_export(league_id=world.league.pk)
    document["league"].update(name="Twice", slug="twice")
    data = json.dumps(document).encode()

    outcomes = _at_once(2, lambda: league_document_import_run(data=data, actor=None, dry_run=False))

    made = [o for o in outcomes if isinstance(o, LeagueImported)]
    refused = [o for o in outcomes if isinstance(o, ImportRefused)]
    assert (len(made), len(refused)) == (1, 1), outcomes
    # Checked while the other was still writing, the database refuses the second league's
    # slug (or, checked once the other had committed, the check names the slug taken).
    problems = refused[0].problems
    assert any(
        "database refused" in p.message or (p.where, p.field) == ("league", "slug")
        for p in problems
    ), problems
    twice = League.objects.get(slug="twice")
    assert made[0].outcome.league_id == twice.pk
    assert list(ExchangeJob.objects.values_list("league_id", flat=True)) == [twice.pk]
