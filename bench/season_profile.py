"""Profile the in-process season of ``bench/season.py`` (a): team sheets, engine and recording,
one fixture after another, with the load-independent figures: queries a result recorded,
CPU time (``time.process_time``) of each part, and the top functions of a cProfile of the
result service's own call (``result_record_simulation``) or of the whole loop.

With ``--jobs`` it profiles a Celery worker's side instead: the season's simulations are asked
for at once (``simulation_request_rest_of_season``, the broker's messages sent to a queue no
worker reads, deleted at the end) and the first ``--results`` jobs are run one after another
in this process by ``games.services.simulation_run``, as a worker runs them: the claim,
what the fixture waits for, the team sheets, the engine, the recording and the dispatch of
the jobs it unblocks.

With ``--statements`` it times each statement of the team sheets and of the recording
instead (no cProfile): its wall time a result and how much of it this process waited for the
database.

Run: ``DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/season_profile.py
[--results 60] [--teams 20] [--whole] [--jobs] [--statements] [--top 30]``. Builds its league in a
throw-away ``<name>_bench`` database (dropped at the end), like bench/season.py, and with
DEBUG off as it does (importing it sets that). The matches are simulated first with fixed
seeds, outside the profile, so two runs of different code record the same matches.
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
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench.common import build_season, send_to_queue  # noqa: E402
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
    parser.add_argument("--jobs", action="store_true", help="a worker's jobs, run in-process")
    parser.add_argument(
        "--statements",
        action="store_true",
        help="each statement of the team sheets and of the recording: its wall time a result "
        "and how much of it the process waited for the database (no cProfile)",
    )
    options = parser.parse_args()
    if options.statements:
        options.no_profile = True

    import django

    django.setup()
    from django.db import connection

    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        from config.startup_heap import freeze_startup_heap
        from games.services import fixture_team_sheets, result_record_simulation
        from rules.magnoball.simulator import simulate_match

        season = build_season("Profile", options.teams)
        # As a worker process before its first job (config/celery.py, gunicorn.conf.py).
        freeze_startup_heap()
        if options.jobs:
            return _jobs(season, options.results, None if options.no_profile else options.top)
        fixtures = ready_fixtures(season)[: options.results]
        statements, sheet_statements = StatementTimes(), StatementTimes()
        if options.statements:
            connection.execute_wrappers += [statements, sheet_statements]
        profile = cProfile.Profile()
        cpu = {"sheets": 0.0, "engine": 0.0, "recording": 0.0}
        recording_queries: list[int] = []
        with counting_queries() as queries:
            for seed, fixture in enumerate(fixtures, start=1):
                if options.whole and not options.no_profile:
                    profile.enable()
                began = time.process_time()
                sheet_statements.on = options.statements
                home, away, settings = fixture_team_sheets(fixture=fixture)
                sheet_statements.on = False
                sheets = time.process_time()
                match = simulate_match(home=home, away=away, settings=settings, seed=seed)
                engine = time.process_time()
                before = queries.count
                if not options.whole and not options.no_profile:
                    profile.enable()
                statements.on = options.statements
                result_record_simulation(fixture=fixture, match=match, actor=None)
                statements.on = False
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
        if options.statements:
            print("the team sheets' statements (kick-off):")
            sheet_statements.report(played, options.top)
            print("the recording's statements:")
            statements.report(played, options.top)
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


def _jobs(season: Any, count: int, top: int | None) -> int:
    from django.db import connection

    from config.celery import app
    from games.models import SimulationJob
    from games.services import simulation_request_rest_of_season, simulation_run

    queue = f"bench-profile-{os.getpid()}"
    send_to_queue(app, queue)
    simulation_request_rest_of_season(season=season, actor=None)
    profile = cProfile.Profile()
    cpu: list[float] = []
    try:
        with counting_queries() as queries:
            while len(cpu) < count:
                job = SimulationJob.objects.filter(state="queued").order_by("id").first()
                if job is None:
                    break
                began = time.process_time()
                if top is not None:
                    profile.enable()
                simulation_run(job_id=job.pk, worker="bench")
                profile.disable()
                cpu.append(time.process_time() - began)
    finally:
        _queue_drop(app, queue)
    print(f"{len(cpu)} jobs on {connection.vendor}, one worker in-process")
    print(f"queries a job {queries.count / len(cpu):.1f}")
    print(
        f"CPU a job: median {statistics.median(cpu) * 1000:.1f} ms, "
        f"mean {statistics.fmean(cpu) * 1000:.1f} ms"
    )
    if top is not None:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(top)
        print(out.getvalue())
    return 0


class StatementTimes:
    """An execute wrapper timing each statement while `on`: wall time, and the CPU time of
    this process meanwhile (the rest is the wait for the server: its work and the round
    trip), by the statement's first words. A COPY counts its rows' formatting as CPU."""

    def __init__(self) -> None:
        self.on = False
        self.wall: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)
        self.count: dict[str, int] = defaultdict(int)

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if not self.on:
            return execute(sql, params, many, context)
        began, began_cpu = time.perf_counter(), time.process_time()
        try:
            return execute(sql, params, many, context)
        finally:
            key = " ".join(sql.split())[:72]
            self.wall[key] += time.perf_counter() - began
            self.cpu[key] += time.process_time() - began_cpu
            self.count[key] += 1

    def report(self, results: int, top: int) -> None:
        def ms(seconds: float) -> str:
            return f"{seconds / results * 1000:6.2f}"

        wall, cpu = sum(self.wall.values()), sum(self.cpu.values())
        print(f"statements a result: {ms(wall)} ms, of which waiting {ms(wall - cpu)} ms")
        print("    ms  waiting  a result  statement")
        for key in sorted(self.wall, key=self.wall.__getitem__, reverse=True)[:top]:
            waited = self.wall[key] - self.cpu[key]
            print(f"{ms(self.wall[key])}  {ms(waited)}  {self.count[key] / results:8.2f}  {key}")


def _queue_drop(app: Any, queue: str) -> None:
    """The messages nobody was to read go with their queue."""
    try:
        with app.connection_for_write() as connection:
            channel = connection.default_channel
            # Bound first: a virtual transport deletes the bindings its channel knows.
            channel.exchange_declare(queue, type="direct", durable=True, auto_delete=False)
            channel.queue_bind(queue, exchange=queue, routing_key=queue)
            channel.queue_delete(queue)
            channel.exchange_delete(queue)
    except Exception as error:  # a broker that is gone: the queue stays behind
        print(f"(queue {queue} left: {error})", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
