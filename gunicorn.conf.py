"""gunicorn's settings for the league, read from the working directory (``gunicorn
config.wsgi``; docs/operations.md, "Running in production"). Options on the command line
(``--workers``, ``--threads``) win over these.

Threaded workers: a request spends much of its time waiting for PostgreSQL (a reported
result makes some thirty round trips and waits for the table's row locks of its season),
and a sync worker sits idle through every wait and closes the connection after each
answer. A gthread worker serves another request meanwhile and keeps HTTP connections
alive; each thread keeps its own database connection (``DB_CONN_MAX_AGE``).
"""

from __future__ import annotations

import os


def _whole(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise SystemExit(f"{name}={raw!r}: give a whole number of at least 1.")
    return int(raw)


worker_class = "gthread"
#: Threads a worker process (GUNICORN_THREADS); WEB_CONCURRENCY gives the processes.
threads = _whole("GUNICORN_THREADS", 4)
workers = _whole("WEB_CONCURRENCY", 2)
#: Seconds an idle keep-alive connection is kept (behind a proxy that pools them).
keepalive = 5


def post_worker_init(worker: object) -> None:
    """The worker has loaded the application: its start-up heap is frozen
    (config/startup_heap.py)."""
    from config.startup_heap import freeze_startup_heap

    freeze_startup_heap()
