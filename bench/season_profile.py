"""Profile the in-process season of ``bench/season.py`` (a): team sheets, engine and recording,
one fixture after another, with the load-independent figures: queries a result recorded,
CPU time (``time.process_time``) of each part, and the top functions of a cProfile of the
result service's own call (``result_record_simulation``) or of the whole loop.

Run: ``DATABASE_URL=postgres://… .venv/bin/python bench/season_profile.py [--results 60]
[--teams 20] [--whole] [--top 30]``. Builds its league in a throw-away ``<name>_bench``
database (dropped at the end), like bench/season.py, and with DEBUG off as it does (importing it
sets that). The matches are simulated first with
fixed seeds, outside the profile, so two runs of different code record the same matches.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "league.settings")

from bench.common import build_season  # noqa: E402
from bench.season import counting_queries, ready_fixtures  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--results", type=int, default=60)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--no-profile", action="store_true", help="CPU times without cProfile")
    parser.add_argument(
        "--whole", action="store_true", help="profile the whole loop, not only the recording"
    )
    options = parser.parse_args()

    import django

    django.setup()
    from django.db import connection

    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        from games.matchday import fixture_team_sheets
        from games.results import result_record_simulation
        from rules.magnoball.simulator import simulate_match

        season = build_season("Profile", options.teams)
        fixtures = ready_fixtures(season)[: options.results]
        profile = cProfile.Profile()
        cpu = {"sheets": 0.0, "engine": 0.0, "recording": 0.0}
        recording_queries: list[int] = []
        with counting_queries() as queries:
            for seed, fixture in enumerate(fixtures, start=1):
                if options.whole and not options.no_profile:
                    profile.enable()
                began = time.process_time()
                home, away, settings = fixture_team_sheets(fixture=fixture)
                sheets = time.process_time()
                match = simulate_match(home=home, away=away, settings=settings, seed=seed)
                engine = time.process_time()
                before = queries.count
                if not options.whole and not options.no_profile:
                    profile.enable()
                result_record_simulation(fixture=fixture, match=match, actor=None)
                profile.disable()
                done = time.process_time()
                recording_queries.append(queries.count - before)
                cpu["sheets"] += sheets - began
                cpu["engine"] += engine - sheets
                cpu["recording"] += done - engine
        played = len(fixtures)
        print(f"{played} results on {connection.vendor}")
        print(
            "queries a result recorded: median "
            f"{statistics.median(recording_queries)}, max {max(recording_queries)}; "
            f"all queries a result {queries.count / played:.1f}"
        )
        for part, seconds in cpu.items():
            print(f"CPU {part:10}: {seconds / played * 1000:7.2f} ms a result")
        if options.no_profile:
            return 0
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        print(f"function calls (profiled part): {stats.total_calls / played:,.0f} a result")  # type: ignore[attr-defined]
        stats.sort_stats("cumulative").print_stats(options.top)
        print(out.getvalue())
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
