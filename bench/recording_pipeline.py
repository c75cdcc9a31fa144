"""What the recording's pipeline saves (league/sql/pipeline.py): a 20-team season's simulated
results recorded in one process, in pairs of two, the pairs taking turns with and without
the pipeline (league.sql.pipeline's block swapped for one that changes nothing wherever it is
used), and the median wall and CPU time of ``result_record_simulation`` each way, with their
ratios.

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
from contextlib import ExitStack, nullcontext
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
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
        import games.services
        from config.startup_heap import freeze_startup_heap
        from games.services import fixture_team_sheets
        from rules.magnoball.simulator import simulate_match

        fixtures = ready_fixtures(build_season("Pipeline", options.teams))
        freeze_startup_heap()  # as a worker process before its first job
        times: dict[bool, list[tuple[float, float]]] = {True: [], False: []}
        for index, fixture in enumerate(fixtures):
            home, away, settings = fixture_team_sheets(fixture=fixture)
            match = simulate_match(home=home, away=away, settings=settings, seed=index)
            on = index // 2 % 2 == 0  # two with, two without, …
            with nullcontext() if on else _without_pipeline():
                began, began_cpu = time.perf_counter(), time.process_time()
                games.services.result_record_simulation(fixture=fixture, match=match)
                wall, cpu = time.perf_counter() - began, time.process_time() - began_cpu
            times[on].append((wall * 1000, cpu * 1000))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(f"{len(fixtures)} results recorded, half of them in each way (medians):")
    medians = {
        on: [statistics.median(sample[part] for sample in times[on]) for part in (0, 1)]
        for on in (True, False)
    }
    for on, name in ((True, "with the pipeline:   "), (False, "without the pipeline:")):
        wall, cpu = medians[on]
        print(f"  {name} {wall:6.2f} ms, of it CPU {cpu:6.2f} ms")
    print(
        f"  with / without: {medians[True][0] / medians[False][0]:.3f} "
        f"(CPU {medians[True][1] / medians[False][1]:.3f})"
    )
    return 0


def _without_pipeline() -> ExitStack:
    """Every module's ``pipelined`` (from league.sql.pipeline) swapped for a block that changes
    nothing, until the stack closes."""
    from league.sql.pipeline import pipelined

    stack = ExitStack()
    for module in list(sys.modules.values()):
        if getattr(module, "pipelined", None) is pipelined:
            stack.enter_context(mock.patch.object(module, "pipelined", nullcontext))
    return stack


if __name__ == "__main__":
    sys.exit(main())
