"""What the recording's pipeline saves (league/pipelined.py): a 20-team season's simulated
results recorded in one process, in pairs of two, the pairs taking turns with and without
the pipeline (``games.results.pipelined`` swapped for a block that changes nothing), and the
median time of ``result_record_simulation`` each way, with their ratio.

Both ways run in the same process, on the same database and in the same minutes, so the
machine's swings from one run to the next (a millisecond and more, docs/performance.md)
fall on both alike.

Run: ``DATABASE_URL=postgres://… .venv/bin/python bench/recording_pipeline.py [--teams 20]``.
Like bench/season.py, it builds its league in a throw-away ``<name>_bench`` database
(dropped at the end), with DEBUG off. On SQLite there is no pipeline: it says so and stops.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")
os.environ["DJANGO_DEBUG"] = "0"  # as deployed (bench/season.py says why)
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=20)
    options = parser.parse_args()

    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql":
        print("The pipeline is PostgreSQL's: set DATABASE_URL=postgres://…", file=sys.stderr)
        return 2
    from bench.common import build_season
    from bench.season import ready_fixtures

    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        import games.results
        from games.matchday import fixture_team_sheets
        from league.startup_heap import freeze_startup_heap
        from rules.magnoball.simulator import simulate_match

        fixtures = ready_fixtures(build_season("Pipeline", options.teams))
        freeze_startup_heap()  # as a worker process before its first job
        without_pipeline = mock.patch.object(games.results, "pipelined", nullcontext)
        times: dict[bool, list[float]] = {True: [], False: []}
        for index, fixture in enumerate(fixtures):
            home, away, settings = fixture_team_sheets(fixture=fixture)
            match = simulate_match(home=home, away=away, settings=settings, seed=index)
            on = index // 2 % 2 == 0  # two with, two without, …
            with nullcontext() if on else without_pipeline:
                began = time.perf_counter()
                games.results.result_record_simulation(fixture=fixture, match=match)
                times[on].append((time.perf_counter() - began) * 1000)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    with_pipeline, without = (statistics.median(times[on]) for on in (True, False))
    print(f"{len(fixtures)} results recorded, half of them in each way:")
    print(f"  with the pipeline:    median {with_pipeline:6.2f} ms")
    print(f"  without the pipeline: median {without:6.2f} ms")
    print(f"  with / without: {with_pipeline / without:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
