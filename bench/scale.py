"""Benchmark the service at scale (issue #49, items 3 and 4): one 20-team league played for
real, its five public pages measured warm and cold with only it (and the demo leagues) in
the database, then again after a thousand more leagues are added set-based, each page's
ratio printed against the goal of at most 1.25 times; then a result recorded in one league
while another league's cached pages stay cached; then one league's playoff odds after a
round, cold and warm, and the extrapolation to every league's.

Run: ``DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/scale.py``
(``--leagues`` (1000), ``--teams-min``/``--teams-max`` (16, 20), ``--requests`` (30 a page),
``--keep``, ``--no-odds``). Everything happens in a throw-away database beside the one
DATABASE_URL names (``<name>_scale``), dropped at the end unless ``--keep``.

What is built, and how:

* the measured league: bench/season.py's ``build_season`` and ``play_in_process`` (the
  engine and the result service: 380 results with their stat lines, match events, line-ups,
  injuries and dice rolls), so its pages are as rich as bench/pages.py's; the demo leagues
  (league.demo.demo_build_all, what ``manage.py demo_league`` builds); a 4-team "Writer"
  league through the services, where the cache check records its result;
* the bulk leagues: bench/scale_build.py, by COPY, not through the services: leagues,
  seasons with their rules rows, teams, 18 players a team, rounds, fixtures, results and
  standings rows consistent with those results (the application's own table code), and
  page versions by the database's triggers. They have no appearances, stat lines, match
  events, line-ups, injuries, dice rolls, audit entries, ratings or odds: their results are
  reported scores. One bulk league's five pages are requested once, to show they render.
  After the load the database is ANALYZEd, as autovacuum would have done by then.

How it measures: bench/pages.py's machinery (one gunicorn sync worker, DEBUG off; wall
time in this client, the web process's CPU and its PostgreSQL backend's, the queries
counted in the server), warm (the server's cache kept; Redis when REDIS_URL is set) and cold
(its own memory cache emptied before each request). The odds: bench/odds.py's functions
on two real Celery workers (in this process without Redis). Database bytes: the sum of
``pg_total_relation_size`` over the tables, before and after each step.
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# As deployed, here and in the server and workers started below (they inherit it).
os.environ["DJANGO_DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))

from bench.common import build_season, database_url, send_to_queue  # noqa: E402
from bench.pages import Measure, Page, Server, build_and_play, measure, pages_of, report  # noqa: E402

#: Issue #49, item 3: a page with a thousand leagues at most this many times its figure
#: with one (wall median, web CPU and queries).
RATIO_GOAL = 1.25
#: Requests a page in the cache check, after its warm-up.
CHECK_REQUESTS = 10


def table_bytes() -> dict[str, int]:
    """Each table of the public schema: its bytes with its indexes and TOAST."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname = 'public' AND c.relkind IN ('r', 'm')"
        )
        return {name: int(size) for name, size in cursor.fetchall()}


def grown(before: dict[str, int], after: dict[str, int], top: int = 6) -> str:
    """The `top` tables that grew most from `before` to `after`, in MB."""
    growth = sorted(((after[t] - before.get(t, 0), t) for t in after), reverse=True)[:top]
    return ", ".join(f"{table.split('_', 1)[-1]} {size / 1e6:.1f}" for size, table in growth)


def mb(size: float) -> str:
    return f"{size / 1e6:,.1f} MB"


def served(url: str, pages: list[Page], requests: int, *, cold: bool) -> list[Measure]:
    """The pages measured on a server started for them (cold: cache emptied each request)."""
    from django.db import connection

    connection.close()  # the server has the database to itself
    server = Server(url, cold=cold)
    try:
        server.wait_ready()
        return measure(server, pages, requests)
    finally:
        server.stop()
        server.log.unlink(missing_ok=True)


def both(url: str, pages: list[Page], requests: int, title: str) -> dict[str, list[Measure]]:
    measures = {}
    for kind in ("warm", "cold"):
        measures[kind] = served(url, pages, requests, cold=kind == "cold")
        report(f"{title}, {kind}:", measures[kind])
    return measures


def ratios(one: dict[str, list[Measure]], many: dict[str, list[Measure]], leagues: int) -> bool:
    print(
        f"Ratios, with {leagues:,} more leagues / with one (goal ≤ {RATIO_GOAL:g}×; a ratio "
        "over it on wall time alone is the shared machine's noise when CPU and queries hold):"
    )
    print(f"  {'page':<10} {'kind':<5} {'wall':>6} {'web CPU':>8} {'queries':>8}")
    met = True
    for kind in ("warm", "cold"):
        for a, b in zip(one[kind], many[kind], strict=True):
            wall, cpu = b.median / a.median, b.web_cpu / max(a.web_cpu, 1e-9)
            queries = max(b.queries) / max(max(a.queries), 1)
            ok = max(wall, cpu, queries) <= RATIO_GOAL
            cpu_ok = max(cpu, queries) <= RATIO_GOAL
            met &= cpu_ok
            verdict = "ok" if ok else ("wall only" if cpu_ok else "MISSED")
            print(f"  {a.page.name:<10} {kind:<5} {wall:6.2f} {cpu:8.2f} {queries:8.2f}  {verdict}")
    return met


def record(fixture: Any) -> float:
    """`fixture` simulated and recorded through the result service, as bench/season.py
    does; returns the recording's milliseconds."""
    from games.services import fixture_team_sheets, result_record_simulation
    from rules.magnoball.simulator import simulate_match

    home, away, settings = fixture_team_sheets(fixture=fixture)
    match = simulate_match(home=home, away=away, settings=settings, seed=secrets.randbits(48))
    start = time.perf_counter()
    result_record_simulation(fixture=fixture, match=match, actor=None)
    return (time.perf_counter() - start) * 1000


def record_one_result(season: Any) -> float:
    """The first ready fixture of `season` recorded (see `record`)."""
    from league.models import Fixture

    fixture = (
        Fixture.objects.filter(round__season=season, status=Fixture.Status.READY)
        .order_by("round__number", "id")
        .first()
    )
    if fixture is None:
        raise SystemExit(f"{season} has no ready fixture to record.")
    return record(fixture)


def cache_check(url: str, writer: Any, others: list[tuple[str, Any, list[Page]]]) -> bool:
    """Record a result in `writer`'s league and show that each other league's page version
    stays and its warm pages are still served from the cache (the same queries, a hit's)."""
    from django.db import connection

    from league.page_versions import page_version

    connection.close()
    server = Server(url)
    try:
        server.wait_ready()

        def batch(pages: list[Page]) -> dict[str, tuple[float, int]]:
            figures = {}
            for page in pages:
                for _ in range(3):
                    server.get(page.url)
                replies = [server.get(page.url) for _ in range(CHECK_REQUESTS)]
                queries = max(reply.queries for reply in replies)
                figures[page.name] = (statistics.median(r.ms for r in replies), queries)
            return figures

        before = {name: batch(pages) for name, _, pages in others}
        versions = {name: page_version(league_id=league.pk) for name, league, _ in others}
        writer_before = page_version(league_id=writer.league_id)
        ms = record_one_result(writer)
        connection.close()
        writer_after = page_version(league_id=writer.league_id)
        print(
            f"Cache check: a result recorded in {writer.league} through the result service "
            f"({ms:.0f} ms); its page version {writer_before} → {writer_after}"
        )
        kept = writer_after != writer_before
        for name, league, pages in others:
            version = page_version(league_id=league.pk)
            after = batch(pages)
            same = version == versions[name]
            print(f"  {name} ({league}): page version {versions[name]} → {version}")
            for page in pages:
                (ms_a, q_a), (ms_b, q_b) = before[name][page.name], after[page.name]
                hit = q_b == q_a
                print(
                    f"    {page.name:<10} warm before {ms_a:6.2f} ms {q_a} queries; "
                    f"after {ms_b:6.2f} ms {q_b} queries: "
                    + ("still served from the cache" if hit else "RE-RENDERED")
                )
                kept &= hit
            kept &= same
        return kept
    finally:
        server.stop()
        server.log.unlink(missing_ok=True)


def odds_estimate(url: str, leagues: int) -> None:
    """One 20-team league's odds after a round (half its season played), cold and warm,
    on two workers, then after the next round, and the extrapolation to `leagues`
    leagues."""
    import importlib

    from django.conf import settings
    from django.db import connection

    from config.celery import app
    from league.models import Fixture
    from league.odds.models import OddsRun, PairingOdds

    odds = importlib.import_module("bench.odds")
    season = build_season("Odds", 20, enhancements=False)
    half = odds.play_first_half(season)
    OddsRun.objects.filter(season=season).delete()
    PairingOdds.objects.filter(season=season).delete()  # cold: no pairing cached
    workers = None
    if connection.vendor == "postgresql" and settings.REDIS_URL:
        workers = odds.odds_workers(2, url)
        workers.wait_ready()
        send_to_queue(app, workers.queue)
    where = "2 Celery workers" if workers else "in this process (no Redis: one worker's time)"
    print(
        f"Odds: a 20-team league after round {half} ({settings.ODDS_PAIRING_MATCHES} matches "
        f"a pairing, {settings.ODDS_SAMPLE_SIZE:,} seasons), {where}, engine: "
        f"{odds.engine_kind()}"
    )
    try:
        cold, run = odds.odds_after_round(season, half, workers)
        odds.report("  cold", cold, run)
        warm, again = odds.odds_after_round(season, half, workers)
        odds.report("  warm", warm, again)
        # The next round played (its own tasks, the odds run it queues too, go nowhere),
        # then its run: what a real round costs, the pairings of the teams whose sheets
        # changed (statuses, stat levels, injuries) simulated again.
        send_to_queue(app, f"scale-bench-void-{uuid.uuid4().hex[:8]}")
        for fixture in Fixture.objects.filter(round__season=season, round__number=half + 1):
            record(fixture)
        if workers is not None:
            send_to_queue(app, workers.queue)
        later, next_run = odds.odds_after_round(season, half + 1, workers)
        odds.report("  a round later", later, next_run)
    finally:
        if workers is not None:
            workers.stop()
    for label, seconds in (("cold", cold), ("warm", warm), ("a round later", later)):
        total = seconds * leagues
        print(
            f"  estimate (an extrapolation, not a measure): a round of {leagues:,} leagues' "
            f"odds, {label}, on the same 2 workers ≈ {leagues:,} × {seconds:.1f} s = "
            f"{total / 60:,.0f} min ({total / 3600:.1f} h)"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--leagues", type=int, default=1000)
    parser.add_argument("--teams-min", type=int, default=16)
    parser.add_argument("--teams-max", type=int, default=20)
    parser.add_argument("--requests", type=int, default=30, help="per page (default 30)")
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    parser.add_argument("--no-odds", action="store_true", help="skip the odds estimate")
    options = parser.parse_args()
    if not 2 <= options.teams_min <= options.teams_max:
        parser.error("--teams-min must be at least 2 and at most --teams-max")

    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection

    from bench.scale_build import bulk_leagues
    from config.celery import app
    from league.demo import demo_build_all
    from league.models import Fixture, League, Season

    if connection.vendor != "postgresql":
        print("Set DATABASE_URL=postgres://…: the bench runs on PostgreSQL.", file=sys.stderr)
        return 2
    # Whatever the recorded results queue (ratings, odds, webhooks) goes nowhere.
    send_to_queue(app, f"scale-bench-void-{uuid.uuid4().hex[:8]}")
    if settings.REDIS_URL:
        cache.clear()  # pages cached by an earlier run's database of the same name
    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_scale"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    url = database_url(connection.settings_dict)
    try:
        print(f"Database {connection.settings_dict['NAME']}; load: {os.getloadavg()[0]:.2f}")
        empty = table_bytes()
        season, played, elapsed = build_and_play("Measured", 20)
        written = table_bytes()
        with connection.cursor() as cursor:  # its live rows, without the updates' dead ones
            cursor.execute("VACUUM (FULL, ANALYZE)")
        live = table_bytes()
        print(
            f"The measured league: {played} results in {elapsed:.0f} s; one simulated 20-team "
            f"season = {mb(sum(written.values()) - sum(empty.values()))} of database as "
            f"written, {mb(sum(live.values()) - sum(empty.values()))} after VACUUM FULL; "
            f"most (MB, live): {grown(empty, live)}"
        )
        demo_build_all(seed=2026)
        writer = build_season("Writer", 4)
        pages = pages_of(season)
        leagues_before = League.objects.count()
        one = both(url, pages, options.requests, f"{leagues_before} leagues in the database")

        before = table_bytes()
        print(
            f"Building {options.leagues:,} leagues of {options.teams_min}–{options.teams_max} "
            "teams set-based (COPY)"
        )
        built = bulk_leagues(
            count=options.leagues, teams_min=options.teams_min, teams_max=options.teams_max
        )
        start = time.perf_counter()
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        after = table_bytes()
        added = sum(after.values()) - sum(before.values())
        print(
            f"Build time: {built.seconds:.1f} s for {built.leagues:,} leagues, "
            f"{built.teams:,} teams, {built.players:,} players, {built.rounds:,} rounds, "
            f"{built.fixtures:,} fixtures and results (ANALYZE {time.perf_counter() - start:.1f}"
            f" s); {mb(added)} of database, {mb(added / built.leagues)} a bulk season (no events, "
            f"stat lines or dice; most, MB: {grown(before, after, 4)})"
        )
        assert built.league_ids
        bulk = Season.objects.select_related("league").get(league_id=built.league_ids[0])
        bulk_pages = pages_of(bulk)
        results = Fixture.objects.filter(status=Fixture.Status.PLAYED).count()
        total = League.objects.count()
        many = both(
            url, pages, options.requests, f"{total:,} leagues, {results:,} results in the database"
        )
        report(
            f"a bulk league's pages ({bulk.league}), warm:",
            served(url, bulk_pages, 3, cold=False),
        )
        met = ratios(one, many, options.leagues)

        shown = ("standings", "team", "player")
        others = [
            ("the measured league", season.league, [p for p in pages if p.name in shown]),
            ("a bulk league", bulk.league, [p for p in bulk_pages if p.name in shown]),
        ]
        kept = cache_check(url, writer, others)
        print(
            "  (the home page shows every league's cards: any league's write renews it, by "
            "design, league.page_versions.pages_version)"
        )
        if not options.no_odds:
            odds_estimate(url, options.leagues)
        print(f"Load at the end: {os.getloadavg()[0]:.2f}")
        return 0 if met and kept else 1
    finally:
        connection.close()
        if options.keep:
            print(f"Kept the database {connection.settings_dict['NAME']}")
        else:
            connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    sys.exit(main())
