"""Which Redis database a pytest-xdist worker uses (tests/settings.py)."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

#: Redis's default number of databases (``databases 16``).
REDIS_DATABASES = 16


def redis_url_for_worker(url: str, worker: str) -> str:
    """``url`` with its database number raised by the worker's index: ``gw2`` on
    ``redis://host:6379/4`` uses database 6. Outside xdist (no worker) the URL is kept."""
    if not worker:
        return url
    index = int(worker.removeprefix("gw"))
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    number = base + index
    if number >= REDIS_DATABASES:
        raise ValueError(
            f"xdist worker {worker} on {url} needs Redis database {number}; a server has "
            f"{REDIS_DATABASES}: run fewer workers (-n) or point REDIS_URL at a lower database."
        )
    return urlunsplit(parts._replace(path=f"/{number}"))
