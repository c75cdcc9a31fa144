"""One reported result posted through the whole HTTP path in-process: the WSGI handler with
every middleware (django.test.Client), token authentication, the idempotency key, the input
serializer, the result service and the response, exactly what bench/api_ingest.py posts.
Prints the CPU milliseconds a post costs this process (``time.process_time``, median and
best), its statements (split into the result service's own and the API's around it) and,
with --profile, cProfile's function calls a post and its heaviest functions. CPU time and
call counts hardly move with the load of other processes, so two versions of the code
compare like with like: run this script with another checkout's directory as ``--root``.

Run: ``DATABASE_URL=postgres://…/<db> .venv/bin/python bench/api_cpu.py [--posts 60]
[--profile] [--root DIR]``. The league lives in a throw-away database beside the one named
(``<name>_bench_api_cpu``, dropped at the end).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import secrets
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--posts", type=int, default=60, help="timed posts (after 10 warm-up)")
    parser.add_argument("--profile", action="store_true", help="profile 40 more posts")
    parser.add_argument("--lines", type=int, default=45, help="profile lines to print")
    parser.add_argument("--sql", action="store_true", help="print a post's statements")
    options = parser.parse_args()

    sys.path.insert(0, options.root)
    os.chdir(options.root)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql":
        print("Set DATABASE_URL=postgres://…: the bench runs on PostgreSQL.")
        return 2
    connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench_api_cpu"
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        return _run(options)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _run(options: argparse.Namespace) -> int:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client

    import games.api.views.fixtures as fixtures_view
    from api.tokens import api_token_create
    from bench.api_ingest import result_bodies
    from bench.common import build_season

    commissioner, _ = User.objects.get_or_create(username="bench-commissioner")
    bodies = result_bodies(
        build_season("CPU", options.teams, commissioner=commissioner, enhancements=False), seed=1
    )
    _, key = api_token_create(user=commissioner, name="bench", actor=None)
    need = 10 + options.posts + (40 if options.profile else 0)
    if len(bodies) < need:
        raise SystemExit(f"{len(bodies)} fixtures; --posts needs {need}")
    queue = iter(bodies)
    client = Client(HTTP_HOST="localhost")

    # Statements inside the result service, told from the API's own around it.
    inside = False
    service_record = getattr(fixtures_view, "result_record")  # noqa: B009 (not re-exported)

    def record(**kwargs: Any) -> Any:
        nonlocal inside
        inside = True
        try:
            return service_record(**kwargs)
        finally:
            inside = False

    setattr(fixtures_view, "result_record", record)  # noqa: B010
    counts = {"service": 0, "api": 0}
    statements: list[str] = []

    def counter(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if "SAVEPOINT" not in sql:
            counts["service" if inside else "api"] += 1
            statements.append(f"{'service' if inside else 'api    '} {sql[:150]}")
        return execute(sql, params, many, context)

    def post() -> None:
        fixture_id, body = next(queue)
        response = client.post(
            f"/api/v1/fixtures/{fixture_id}/result/",
            json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Token {key}",
            HTTP_IDEMPOTENCY_KEY=f"bench-fixture-{fixture_id}",
        )
        assert response.status_code == 201, response.content

    for _ in range(10):
        post()
    with connection.execute_wrapper(counter):
        post()
    cpu = []
    for _ in range(options.posts):
        start = time.process_time()
        post()
        cpu.append((time.process_time() - start) * 1000)
    print(f"{options.root}: one reported result posted in-process, {options.posts} posts")
    print(f"  CPU ms a post: median {statistics.median(cpu):.2f}, best {min(cpu):.2f}")
    print(
        f"  statements a post (savepoints aside): {counts['service'] + counts['api']} = "
        f"{counts['service']} in result_record + {counts['api']} the API's own"
    )
    if options.sql:
        print("\n".join(f"    {statement}" for statement in statements))
    if options.profile:
        _profile(post, options.lines)
    return 0


def _profile(post: Any, lines: int) -> None:
    # CPU time, not the wall clock: waits on the database and the load do not count.
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    for _ in range(40):
        post()
    profile.disable()
    stats = pstats.Stats(profile)
    calls = stats.total_calls  # type: ignore[attr-defined]
    print(f"  function calls a post (cProfile, 40 posts): {calls / 40:,.0f}")
    stats.sort_stats("cumulative").print_stats(lines)
    stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    sys.exit(main())
