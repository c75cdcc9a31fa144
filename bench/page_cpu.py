"""The five public pages of a played league, asked for in-process (django.test.Client): the
CPU milliseconds each request costs this process (median and best of --requests, after 5
warm-up ones), its queries and its size, and with --profile the cProfile of 10 more. CPU
time, unlike the wall clock, hardly moves with the load of other processes on the machine,
so two versions of the code compare like with like on the same database (the database's own
time is in the query count, not in these milliseconds).

Run: ``DATABASE_URL=postgres://…/<db> .venv/bin/python bench/page_cpu.py [--build]
[--league Pages] [--requests 30] [--profile] [page …]``. ``--build`` first migrates that
database and plays a 20-team league named --league into it (bench/season.py's helpers);
without it the league must exist. Unlike bench/pages.py it keeps the database, so another
checkout's code can be measured on it: run the script of one checkout with the other's
directory as ``--root``.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import os
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

PAGES = ("home", "standings", "team", "player", "fixture")


def _urls(league: str) -> dict[str, str]:
    from django.urls import reverse

    from league.models import Fixture, Season

    season = Season.objects.select_related("league").filter(league__name=league).latest("id")
    team = season.teams.order_by("id").first()
    assert team is not None, f"{league} has no team"
    player = team.players.order_by("id").first()
    assert player is not None, f"{team} has no player"
    fixture = (
        Fixture.objects.filter(round__season=season, status=Fixture.Status.PLAYED)
        .order_by("round__number", "id")
        .first()
    )
    assert fixture is not None, f"{league} has no played fixture"
    slugs = [season.league.slug, season.slug]
    return {
        "home": reverse("home"),
        "standings": reverse("standings", args=slugs),
        "team": reverse("team", args=[team.pk]),
        "player": reverse("player", args=[player.pk]),
        "fixture": reverse("fixture", args=[fixture.pk]),
    }


def _counted(client: Any, url: str) -> tuple[int, int]:
    """(queries, bytes) of one request."""
    from django.db import connection

    count = 0

    def counter(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        nonlocal count
        count += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counter):
        size = len(client.get(url).content)
    return count, size


def _measure(client: Any, name: str, url: str, options: argparse.Namespace) -> None:
    """Print one page's CPU figures (and with --profile its cProfile)."""
    from django.core.cache import cache

    for _ in range(5):
        assert client.get(url).status_code == 200, url
    if options.cold:
        cache.clear()
    queries, size = _counted(client, url)
    cpu = []
    for _ in range(options.requests):
        if options.cold:
            cache.clear()
        start = time.process_time()
        client.get(url)
        cpu.append((time.process_time() - start) * 1000)
    print(
        f"  {name:<10} {statistics.median(cpu):6.2f} {min(cpu):6.2f}  "
        f"{queries:3} queries  {size:6} bytes"
    )
    if options.profile:
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(10):
            if options.cold:
                cache.clear()
            client.get(url)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help=f"some of {', '.join(PAGES)} (default: all)")
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--league", default="Pages")
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--build", action="store_true")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument(
        "--cold", action="store_true", help="empty the cache before each request (not timed)"
    )
    options = parser.parse_args()
    if unknown := set(options.pages) - set(PAGES):
        parser.error(f"no such page: {', '.join(sorted(unknown))}")

    sys.path.insert(0, options.root)
    os.chdir(options.root)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    import django

    django.setup()
    from django.test import Client

    if options.build:
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        season_bench = importlib.import_module("bench.season")
        run = season_bench.play_in_process(season_bench.build_season(options.league, 20))
        print(f"{options.league}: {run.played} results played in {run.elapsed:.0f} s")

    urls = _urls(options.league)
    client = Client(HTTP_HOST="localhost")
    state = "cache emptied before each" if options.cold else "cache warm"
    print(f"{options.root}: CPU ms a request (median, best of {options.requests}; {state})")
    for name in options.pages or PAGES:
        _measure(client, name, urls[name], options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
