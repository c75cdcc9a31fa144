"""Benchmark the league's JSON export and import (docs/data.md): a 20-team MagnoBall league
plays five seasons (each a 380-match double round robin, every result with its stat lines),
then the script times its export and its import as a new league and prints the seconds and
the document's size.

Run: ``.venv/bin/python bench/exchange.py`` (``--teams``, ``--seasons``). It builds the league
in a throw-away SQLite database (or, with DATABASE_URL, a throw-away ``<name>_exchange``
PostgreSQL database beside it), so no real data is touched. Times are wall clock in this
process; the import includes its checks (a dry run costs the same).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def league_with_history(*, name: str, teams: int, seasons: int, seed: int = 1) -> Any:
    """A MagnoBall league of `teams` teams that has played `seasons` seasons (no playoffs:
    each is won on the table, closed and rolled over), every result reported with stat
    lines that add up, the last season finished too. Returns the league."""
    from games.api.views.fixtures import report_from_input
    from games.services import result_record, round_open
    from league.models import Fixture, Round, Season
    from league.services.leagues import league_create
    from league.services.schedule import season_generate_schedule
    from league.services.season_end import season_close, season_rollover
    from league.services.seasons import season_create, season_transition
    from rosters.services import team_create

    rng = random.Random(seed)
    league = league_create(name=name, actor=None)
    season = season_create(league=league, name="Season 1", actor=None, playoff_teams=0)
    season.rules.enhancements = False  # no inspections waiting before each match
    season.rules.save(update_fields=["enhancements"])
    for number in range(1, teams + 1):
        team_create(
            season=season, name=f"{name} {number:02}", short_name=f"T{number:02}", actor=None
        )
    for number in range(1, seasons + 1):
        if number > 1:
            season = season_rollover(season=season, name=f"Season {number}", actor=None)
        season_generate_schedule(season=season, actor=None, seed=number)
        season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
        for round_ in Round.objects.filter(season=season).order_by("number"):
            round_open(round_=round_, actor=None)
            for fixture in Fixture.objects.filter(round=round_).select_related("round__season"):
                body = _result_body(fixture, rng)
                report = report_from_input({"overtime": False, "table_rolls": {}, **body})
                result_record(fixture=fixture, report=report, actor=None)
        season = season_close(season=Season.objects.get(pk=season.pk), actor=None)
    return league


def _result_body(fixture: Any, rng: random.Random) -> dict[str, Any]:
    """A plausible report: the players who take the field score, their points adding up."""
    from games.services import lineup_fix, lineup_players

    lineup = lineup_players(lineup_fix(fixture=fixture)).players
    lines, scores = [], {fixture.home_team_id: 0, fixture.away_team_id: 0}
    for player in sorted(lineup.values(), key=lambda p: p.pk):
        points = rng.randint(0, 1) if player.position in ("forward", "wingback") else 0
        scores[player.team_id] += points
        stats = {"tackles": {"attempts": 2, "successes": rng.randint(0, 2)}}
        if points:
            stats["scoring"] = {"attempts": points + 1, "successes": points}
        lines.append({"player": player.pk, "points": points, "stats": stats})
    return {
        "home_score": scores[fixture.home_team_id],
        "away_score": scores[fixture.away_team_id],
        "lines": lines,
        "incapacitated": [],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--seasons", type=int, default=5)
    options = parser.parse_args()

    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "sqlite":
        connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_exchange"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        from league.exchange.document_export import league_document_export
        from league.exchange.document_import import league_document_import

        start = time.perf_counter()
        league = league_with_history(name="Bench", teams=options.teams, seasons=options.seasons)
        built = time.perf_counter() - start
        start = time.perf_counter()
        document = league_document_export(league_id=league.pk)
        text = json.dumps(document)
        exported = time.perf_counter() - start
        document = json.loads(text)
        document["league"].update(name="Bench copy", slug="bench-copy")
        start = time.perf_counter()
        outcome = league_document_import(document=document, actor=None, dry_run=False)
        imported = time.perf_counter() - start
        rows = sum(outcome.counts.values())
        print(f"database: {connection.vendor}")
        print(f"league: {options.teams} teams, {options.seasons} seasons, built in {built:.0f} s")
        print(f"document: {len(text.encode()) / 1_000_000:.1f} MB, {rows} rows")
        print(f"export: {exported:.2f} s (to JSON text)")
        print(f"import: {imported:.2f} s (checks and writes, one transaction)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
