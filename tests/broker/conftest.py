"""A broker of the test's own: the Celery app pointed at a fresh embedded (filesystem) broker
in the test's folder, or at a private redis-server, with the transport the settings name, so
what a test sends is what it counts, whatever else the suite sends."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from kombu import pools

from config.celery import app
from tests.games.installation import PrivateRedis

ROOT = Path(__file__).resolve().parents[2]
# The app reads the Django settings' names (CELERY_…), changes included.
_KEYS = (
    "CELERY_BROKER_URL",
    "CELERY_BROKER_TRANSPORT",
    "CELERY_BROKER_TRANSPORT_OPTIONS",
    "CELERY_BROKER_USE_SSL",
)


class FilesystemBroker:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = "filesystem://localhost/"
        self.options = filesystem_options(folder)

    def messages(self, queue: str) -> list[Path]:
        return sorted((self.folder / "queue").glob(f"*.{queue}.msg"))

    def waiting(self, queue: str) -> int:
        """How many messages of `queue` no consumer has taken."""
        return len(self.messages(queue))

    def lose(self, queue: str) -> None:
        """The broker loses what waits in `queue` (a worker died holding it)."""
        for message in self.messages(queue):
            message.unlink()


class RedisBroker:
    def __init__(self, server: PrivateRedis) -> None:
        self.server = server
        self.url = server.url
        self.options: dict[str, object] = {}
        self.client = redis.Redis.from_url(server.url)

    def _keys(self, queue: str) -> list[str]:
        return [queue, *(f"{queue}\x06\x16{priority}" for priority in (3, 6, 9))]

    def waiting(self, queue: str) -> int:
        return sum(int(self.client.llen(key)) for key in self._keys(queue))  # type: ignore[misc]

    def lose(self, queue: str) -> None:
        """Redis loses what waits in `queue` (restarted without persistence)."""
        self.client.delete(*self._keys(queue))


PrivateBroker = FilesystemBroker | RedisBroker


def filesystem_options(folder: Path) -> dict[str, object]:
    for name in ("queue", "processed", "control"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    return {
        "data_folder_in": str(folder / "queue"),
        "data_folder_out": str(folder / "queue"),
        "processed_folder": str(folder / "processed"),
        "control_folder": str(folder / "control"),
        "store_processed": False,
        "polling_interval": 0.05,
    }


def _forget_connections() -> None:
    """The app's pools (and kombu's, by which they are found) hold connections to the broker
    it was pointed at: closed and forgotten, made again on demand."""
    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture(
    params=[
        "filesystem",
        pytest.param(
            "redis",
            marks=pytest.mark.skipif(not shutil.which("redis-server"), reason="no redis-server"),
        ),
    ]
)
def private_broker(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[PrivateBroker]:
    server = None
    broker: PrivateBroker
    if request.param == "redis":
        server = PrivateRedis(tmp_path)
        server.start()
        broker = RedisBroker(server)
        transport = settings_transport(redis_url=server.url)
    else:
        broker = FilesystemBroker(tmp_path / "broker")
        transport = settings_transport(redis_url="")
    saved = {key: app.conf.get(key) for key in _KEYS}
    app.conf.update(
        CELERY_BROKER_URL=broker.url,
        CELERY_BROKER_TRANSPORT=transport,
        CELERY_BROKER_TRANSPORT_OPTIONS=broker.options,
        CELERY_BROKER_USE_SSL=None,
    )
    _forget_connections()
    # The app sends for real: a stand-in another test's patches left on it is dropped.
    vars(app).pop("send_task", None)
    try:
        yield broker
    finally:
        app.conf.update(saved)
        _forget_connections()
        if server is not None:
            server.stop()


@functools.cache
def settings_transport(*, redis_url: str) -> str | None:
    """The broker transport the settings name (None: kombu's own for the URL's scheme) with
    `redis_url` as REDIS_URL ("" for the embedded set-up), read in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", REDIS_URL=redis_url)
    code = "import config.settings as s; print(getattr(s, 'CELERY_BROKER_TRANSPORT', '') or '')"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip() or None
