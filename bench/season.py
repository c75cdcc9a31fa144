"""Benchmark a whole season: a 20-team league plays its 380-match double round robin

  (a) in-process: team sheets, the engine and the result service, one fixture after another;
  (b) through Celery: ``simulation_request_rest_of_season`` queues one job a fixture, and two
      workers (started and stopped here) play them on Redis and PostgreSQL;

and prints both times, their ratio and the database queries per result, and the goals of issue
#16 met or not: recording a result (the result service's own call, in-process) ≤ 15 ms median
and ≤ 20 queries; 380 results in-process (team sheets, engine, recording) ≤ 10 s; (b) within
twice the time of (a).

Run: ``DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/season.py``
(``--teams``, ``--workers``). The league is built in a throw-away database beside the one
DATABASE_URL names (``<name>_bench``, dropped at the end), so no real data is touched. On
SQLite, or without REDIS_URL, only (a) runs. Time (b) runs from the request to the last job
finished; the workers' start-up is not counted. Each worker counts the queries of its tasks
(the Celery signals below, connected only in the workers this script starts). Both parts run
with DEBUG off, as a deployment does.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Measured as deployed, here and in the workers started below (they inherit this
# environment): DEBUG keeps every statement's SQL, formatted with its values, in
# connection.queries, a development aid that costs several milliseconds of CPU a result
# since the values are bound by the server (docs/performance.md). With DEBUG off the
# application wants a real key (league.E001).
os.environ["DJANGO_DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

from bench.common import (  # noqa: E402
    Workers,
    build_season,
    database_url,
    goal,
    send_to_queue,
)
from config.celery import app  # noqa: E402  (the workers load this module as their app)

#: Set for the workers this script starts: each appends "<queries>" a task to this file.
QUERY_LOG = "MAGNOBALL_BENCH_QUERY_LOG"
#: ... and the bench's queue, where a worker sends the jobs a result unblocks (the next
#: fixtures of its teams); on the default queue they would wait for a worker that never comes.
QUEUE = "MAGNOBALL_BENCH_QUEUE"


class QueryCounter:
    def __init__(self) -> None:
        self.count = 0

    def __call__(
        self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


@contextmanager
def counting_queries() -> Iterator[QueryCounter]:
    from django.db import connection

    counter = QueryCounter()
    with connection.execute_wrapper(counter):
        yield counter


if os.environ.get(QUERY_LOG):  # inside a bench worker
    from celery.signals import task_postrun, task_prerun

    send_to_queue(app, os.environ[QUEUE])

    _worker_counter = QueryCounter()

    @task_prerun.connect
    def _count_from_here(**_: Any) -> None:
        from django.db import connection

        _worker_counter.count = 0
        if _worker_counter not in connection.execute_wrappers:
            connection.execute_wrappers.append(_worker_counter)

    @task_postrun.connect
    def _log_count(**_: Any) -> None:
        with open(os.environ[QUERY_LOG], "a") as log:
            log.write(f"{_worker_counter.count}\n")


# --- the league -------------------------------------------------------------------------------


def ready_fixtures(season: Any) -> list[Any]:
    from league.models import Fixture

    return list(
        Fixture.objects.filter(round__season=season, status=Fixture.Status.READY).order_by(
            "round__number", "id"
        )
    )


# --- (a) in-process ---------------------------------------------------------------------------


@dataclass
class InProcess:
    played: int
    elapsed: float
    queries: int
    #: The result service's own call, each result: milliseconds and queries.
    recording_ms: list[float]
    recording_queries: list[int]


def play_in_process(season: Any) -> InProcess:
    from config.startup_heap import freeze_startup_heap
    from games.services import fixture_team_sheets, result_record_simulation
    from rules.magnoball.simulator import simulate_match

    fixtures = ready_fixtures(season)
    recording_ms, recording_queries = [], []
    # As a worker process before its first job (config/celery.py, gunicorn.conf.py).
    freeze_startup_heap()
    with counting_queries() as queries:
        start = time.perf_counter()
        for fixture in fixtures:
            home, away, settings = fixture_team_sheets(fixture=fixture)
            match = simulate_match(
                home=home, away=away, settings=settings, seed=secrets.randbits(48)
            )
            before, began = queries.count, time.perf_counter()
            result_record_simulation(fixture=fixture, match=match, actor=None)
            recording_ms.append((time.perf_counter() - began) * 1000)
            recording_queries.append(queries.count - before)
        elapsed = time.perf_counter() - start
    return InProcess(len(fixtures), elapsed, queries.count, recording_ms, recording_queries)


# --- (b) through Celery -----------------------------------------------------------------------


def season_workers(count: int, database_url: str, query_log: Path) -> Workers:
    return Workers(
        count,
        app_module="bench.season",
        name="bench",
        env={"DATABASE_URL": database_url, QUERY_LOG: str(query_log)},
        queue_variable=QUEUE,
    )


#: Seconds without a job finishing after which part (b) gives up and names the jobs left.
STALLED_AFTER = 60


def play_on_celery(season: Any, workers: Workers, query_log: Path) -> tuple[int, float, int, int]:
    from games.models import SimulationJob
    from games.services import simulation_request_rest_of_season

    send_to_queue(app, workers.queue)
    with counting_queries() as queries:
        start = time.perf_counter()
        batch = simulation_request_rest_of_season(season=season, actor=None)
    request_queries = queries.count
    ids = [job.pk for job in batch.jobs]
    live = SimulationJob.objects.filter(pk__in=ids, state__in=SimulationJob.LIVE_STATES)
    left, moved = live.count(), time.perf_counter()
    while left:
        time.sleep(0.05)
        if (now_left := live.count()) < left:
            left, moved = now_left, time.perf_counter()
        elif time.perf_counter() - moved > STALLED_AFTER:
            # The bench runs no beat, so no sweep: a stranded job would wait here forever.
            print(f"  no job finished for {STALLED_AFTER} s; {left} still live:", file=sys.stderr)
            for pk, state, reason in live.values_list("pk", "state", "waiting_reason")[:5]:
                print(f"  job {pk}: {state} {reason}", file=sys.stderr)
            break
    elapsed = time.perf_counter() - start
    succeeded = SimulationJob.objects.filter(pk__in=ids, state="succeeded").count()
    failed = SimulationJob.objects.filter(pk__in=ids, state="failed")
    for job in failed[:5]:
        print(f"  failed job {job.pk}: {job.error}", file=sys.stderr)
    time.sleep(0.5)  # the last task's count is written after its job is marked finished
    worker_queries = sum(int(line) for line in query_log.read_text().split())
    return succeeded, elapsed, request_queries + worker_queries, len(ids)


# --- the run ----------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    celery_ok = connection.vendor == "postgresql" and bool(settings.REDIS_URL)
    if not celery_ok:
        print(
            "Part (b) needs PostgreSQL and Redis: set DATABASE_URL=postgres://… and "
            "REDIS_URL=redis://…. SQLite is one file for one machine, not a database two "
            "workers share. Running part (a) only.",
            file=sys.stderr,
        )
    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        leagues, where = 1 + celery_ok, connection.settings_dict["NAME"]
        print(f"Building {leagues} {options.teams}-team league(s) in {where}")
        in_process = build_season("In-process", options.teams)
        on_celery = build_season("Celery", options.teams) if celery_ok else None

        a = play_in_process(in_process)
        played, a_time = a.played, a.elapsed
        print(
            f"(a) in-process:  {played} results in {a_time:6.2f} s  "
            f"({played / a_time:5.1f}/s, {a.queries / played:5.1f} queries a result)"
        )
        met = [
            goal("1, recording a result in-process", statistics.median(a.recording_ms), 15, "ms"),
            goal("1, queries a result recorded", statistics.median(a.recording_queries), 20, ""),
            # The process's first result also reads the audit's content type, once a process.
            goal("1, queries of the costliest result", max(a.recording_queries[1:]), 20, ""),
            goal(f"3, {played} results in-process", a_time, 10, "s"),
        ]
        if on_celery is None:
            return 0 if all(met) else 1
        query_log = Path(tempfile.mkstemp(prefix="magnoball-bench-queries-")[1])
        workers = season_workers(options.workers, database_url(connection.settings_dict), query_log)
        try:
            workers.wait_ready()
            succeeded, b_time, b_queries, jobs = play_on_celery(on_celery, workers, query_log)
        finally:
            workers.stop()
            query_log.unlink(missing_ok=True)
        print(
            f"(b) Celery, {options.workers} workers: {succeeded} of {jobs} jobs in "
            f"{b_time:6.2f} s  ({succeeded / b_time:5.1f}/s, "
            f"{b_queries / max(succeeded, 1):5.1f} queries a result)"
        )
        met.append(goal("3, Celery time / in-process time", b_time / a_time, 2, "×"))
        return 0 if succeeded == jobs == played and all(met) else 1
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
