"""Benchmark the playoff odds (issue #19, docs/odds.md): a 20-team MagnoBall league half way
through its double round robin (190 fixtures left), a round completes, and the time until its
odds are stored, from cold (no pairing cached: 190 pairings x ODDS_PAIRING_MATCHES engine
matches, then ODDS_SAMPLE_SIZE seasons), on one worker and on two, then once more warm (every
pairing cached: the seasons alone).

Run: ``DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/odds.py``
(``--teams``, ``--workers 1 2``, ``--pairing-matches``, ``--seasons``). The league is built in a
throw-away database beside the one DATABASE_URL names (``<name>_bench``, dropped at the end).
The workers are real Celery workers started here (``celery -A bench.odds worker``) on a
queue of their own; their start-up is not counted. On SQLite, or without REDIS_URL, the
steps run in this process one after the other (what one worker does). Goal: under 60 s on
two workers.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from bench.common import (  # noqa: E402
    Workers,
    build_season,
    database_url,
    goal,
    send_to_queue,
)
from config.celery import app  # noqa: E402  (the workers load this module as their app)

#: Set for the workers this script starts: the queue the odds tasks they send go to.
QUEUE = "MAGNOBALL_ODDS_BENCH_QUEUE"
if os.environ.get(QUEUE):  # inside a bench worker
    send_to_queue(app, os.environ[QUEUE])


def engine_kind() -> str:
    """Which engine this interpreter runs: the compiled build or the pure Python one."""
    import rules.magnoball.simulator as simulator

    return "pure Python" if simulator.__file__.endswith(".py") else "compiled (mypyc)"


def play_first_half(season: Any) -> int:
    """Simulate and record the first half of the season in-process; returns the last round."""
    from games.services import fixture_team_sheets, result_record_simulation
    from league.models import Fixture, Round
    from rules.magnoball.simulator import simulate_match

    rounds = Round.objects.filter(season=season, stage=Round.Stage.REGULAR).count()
    half = rounds // 2
    fixtures = Fixture.objects.filter(round__season=season, round__number__lte=half).order_by(
        "round__number", "pk"
    )
    for fixture in fixtures:
        home, away, settings = fixture_team_sheets(fixture=fixture)
        match = simulate_match(home=home, away=away, settings=settings, seed=secrets.randbits(31))
        result_record_simulation(fixture=fixture, match=match, actor=None)
    return half


def odds_workers(count: int, url: str) -> Workers:
    return Workers(
        count, app_module="bench.odds", name="odds-bench", env={"DATABASE_URL": url},
        queue_variable=QUEUE,
    )  # fmt: skip


def odds_after_round(season: Any, after_round: int, workers: Workers | None) -> tuple[float, Any]:
    """Queue a run as a completed round does (committed, then sent) and wait for its odds;
    without workers, run its steps here. Returns the seconds and the finished run."""
    from django.db import transaction

    from league.odds.models import OddsChunk, OddsRun
    from league.odds.services.runs import (
        odds_chunk_run,
        odds_run_queue,
        odds_run_simulate,
        odds_run_start,
    )

    start = time.perf_counter()
    with transaction.atomic():
        run = odds_run_queue(season=season, after_round=after_round)
    if workers is None:
        odds_run_start(run_id=run.pk)
        for chunk in OddsChunk.objects.filter(run=run).order_by("pk"):
            odds_chunk_run(chunk_id=chunk.pk)
        odds_run_simulate(run_id=run.pk)
    live = OddsRun.objects.filter(pk=run.pk, status__in=OddsRun.LIVE_STATUSES)
    while live.exists():
        time.sleep(0.1)
    elapsed = time.perf_counter() - start
    run.refresh_from_db()
    return elapsed, run


def report(label: str, elapsed: float, run: Any) -> None:
    print(
        f"{label}: first odds after round {run.after_round} in {elapsed:6.1f} s "
        f"(pairings {run.pairings_seconds or 0:5.1f} s, {run.chunks_total} chunks; "
        f"seasons {run.simulation_seconds or 0:5.1f} s); {run.status}"
    )
    if run.status != "done":
        print(f"  error: {run.error}", file=sys.stderr)
    else:
        print(f"  {run.method}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--pairing-matches", type=int, default=None)
    parser.add_argument("--seasons", type=int, default=None)
    options = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    from league.models import Fixture
    from league.odds.models import OddsRun, PairingOdds

    if options.pairing_matches:
        settings.ODDS_PAIRING_MATCHES = options.pairing_matches
    if options.seasons:
        settings.ODDS_SAMPLE_SIZE = options.seasons
    celery_ok = connection.vendor == "postgresql" and bool(settings.REDIS_URL)
    if not celery_ok:
        print(
            "Real workers need PostgreSQL and Redis (DATABASE_URL, REDIS_URL); running the "
            "steps in this process, as one worker would.",
            file=sys.stderr,
        )
    # Whatever the first half queues (ratings, odds after each round) goes nowhere.
    send_to_queue(app, f"odds-bench-void-{uuid.uuid4().hex[:8]}")
    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    met = []
    try:
        print(f"Building a {options.teams}-team league in {connection.settings_dict['NAME']}")
        season = build_season("Odds", options.teams, enhancements=False)
        half = play_first_half(season)
        left = Fixture.objects.filter(round__season=season).exclude(status="played").count()
        OddsRun.objects.filter(season=season).delete()
        print(
            f"After round {half}: {left} fixtures left; engine: {engine_kind()}; "
            f"{settings.ODDS_PAIRING_MATCHES} matches per pairing, "
            f"{settings.ODDS_SAMPLE_SIZE:,} seasons"
        )
        for count in options.workers if celery_ok else [1]:
            PairingOdds.objects.filter(season=season).delete()  # cold: nothing cached
            workers = None
            if celery_ok:
                workers = odds_workers(count, database_url(connection.settings_dict))
                workers.wait_ready()
                send_to_queue(app, workers.queue)
            try:
                elapsed, run = odds_after_round(season, half, workers)
                where = f"{count} worker{'s' if count > 1 else ''}" if workers else "in-process"
                report(f"cold, {where}", elapsed, run)
                warm, again = odds_after_round(season, half, workers)
                report(f"warm, {where}", warm, again)
            finally:
                if workers is not None:
                    workers.stop()
            if count == 2 or not celery_ok:  # the goal is two workers' figure
                met.append(goal(f"first odds, {where}", elapsed, 60, "s"))
        return 0 if all(met) else 1
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
