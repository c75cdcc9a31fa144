"""A whole installation for fault tests: its own database (a temporary SQLite file, or a
fresh PostgreSQL database), its own broker (a private ``redis-server`` on a free port, or
the filesystem broker in a temporary folder), real Celery workers and beat, and the
project's own commands. Nothing is shared with the test run's database, so the workers see
exactly what a deployment would.

An installation starts from a copy of the demo (``DemoTemplate``): a database migrated and
built by ``manage.py demo_league`` once per test session, as ``./dev run`` builds it, then
copied for each installation (SQLite's backup, PostgreSQL's ``CREATE DATABASE … TEMPLATE``):
the commands take ~20 s of CPU, a copy a fraction of a second.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
CELERY = BIN / "celery"


def postgres_server(database_url: str) -> str:
    """The URL of the maintenance database on the PostgreSQL server `database_url` names,
    where installations create theirs; "" for any other database."""
    if not database_url.startswith(("postgres://", "postgresql://")):
        return ""
    return database_url.rsplit("/", 1)[0] + "/postgres"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(what: str, check: Callable[[], object], timeout: float) -> float:
    """Poll until ``check()`` is true; returns the seconds it took."""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"timed out after {timeout:.0f}s waiting until {what}")
        time.sleep(0.25)
    return time.monotonic() - start


class PrivateRedis:
    """A redis-server of the test's own, on a free port, that the test stops and starts."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [shutil.which("redis-server") or "redis-server", "--port", str(self.port),
             "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        wait_for("redis-server answers", self.answers, timeout=15)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None


#: An installation's settings (config/settings.py) for a test: the sweep every 2 s, a worker
#: silent for 10 s lost, a message not picked up for 10 s sent again. The defaults (15 s,
#: 60 s, 60 s) make the same moves four to six times later: a fault test would wait minutes
#: for what these show in seconds. The demo's playoff odds are worked out from the smallest
#: samples: the workers' time goes to what the tests watch.
FAST = {
    "SIMULATION_SWEEP_SECONDS": "2",
    "SIMULATION_STALE_SECONDS": "10",
    "SIMULATION_RESEND_SECONDS": "10",
    "ODDS_SAMPLE_SIZE": "100",
    "ODDS_PAIRING_MATCHES": "10",
}
SQLITE_FILE = "magnoball.sqlite3"


class Installation:
    """The service as a deployment runs it, in a temporary folder.

    ``template``: start from a copy of that database (a PostgreSQL database name, or an
    SQLite file), else from an empty one."""

    def __init__(
        self,
        folder: Path,
        *,
        postgres: str | None,
        redis: PrivateRedis | None,
        template: str | Path | None = None,
        settings: dict[str, str] = FAST,
    ):
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.redis = redis
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.database = None
        env = {
            **os.environ,
            **settings,
            "MAGNOBALL_VAR_DIR": str(folder),
            "PYTHONUNBUFFERED": "1",
            "DJANGO_SETTINGS_MODULE": "config.settings",
        }
        env.pop("DATABASE_URL", None)
        env.pop("REDIS_URL", None)
        if postgres:
            self.database = f"magnoball_fault_{uuid.uuid4().hex[:10]}"
            copy = f' TEMPLATE "{template}"' if template else ""
            with psycopg.connect(postgres, autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{self.database}"{copy}')
            self.admin_url = postgres
            env["DATABASE_URL"] = postgres.rsplit("/", 1)[0] + f"/{self.database}"
        elif template:
            sqlite_copy(Path(template), folder / SQLITE_FILE)
        if redis is not None:
            env["REDIS_URL"] = redis.url
        self.env = env

    def sql(self, statement: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one statement (``%s`` placeholders) read straight from the database: a
        poll that costs milliseconds, where ``query`` starts a Django process."""
        if self.database:
            with psycopg.connect(self.env["DATABASE_URL"]) as connection:
                return connection.execute(statement, params).fetchall()
        with contextlib.closing(sqlite3.connect(self.folder / SQLITE_FILE, timeout=30)) as db:
            return db.execute(statement.replace("%s", "?"), params).fetchall()

    # --- commands ---------------------------------------------------------------------------

    def manage(self, *args: str, timeout: float = 300) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env,
            capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
        if done.returncode != 0:
            raise AssertionError(f"manage.py {' '.join(args)} failed:\n{done.stderr[-4000:]}")
        return done.stdout

    def query(self, code: str, timeout: float = 120) -> Any:
        """Run Python in the installation (``manage.py shell``); ``code`` assigns ``out``,
        which comes back through JSON."""
        script = f"import json\nout = None\n{code}\nprint('@@' + json.dumps(out, default=str))"
        output = self.manage("shell", "-c", script, timeout=timeout)
        line = next(line for line in reversed(output.splitlines()) if line.startswith("@@"))
        return json.loads(line[2:])

    # --- processes ----------------------------------------------------------------------------

    def start_worker(
        self, name: str, *, beat: bool = False, concurrency: int = 1, slow: bool = False
    ) -> None:
        """A Celery worker. A `slow` one plays on the pure-Python engine (the same matches,
        slower) at the lowest CPU priority, so that a test watching for its job mid-way sees
        it there, on a loaded machine too."""
        command = [
            str(CELERY), "-A", "config", "worker", "-n", f"{name}@%h",
            "-c", str(concurrency), "--loglevel", "INFO",
            "--without-gossip", "--without-mingle", "--without-heartbeat",
        ]  # fmt: skip
        if beat:
            command += ["--beat", "--schedule", str(self.folder / f"beat-{name}")]
        if slow:
            command = ["nice", "-n", "19", *command]
        env = {**self.env, "MAGNOBALL_PURE_ENGINE": "1"} if slow else None
        self._start(name, command, env=env)

    def start_web(self) -> int:
        port = free_port()
        self._start(
            "web",
            [str(BIN / "gunicorn"), "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2",
             "--timeout", "60"],
        )  # fmt: skip
        return port

    def _start(self, name: str, command: list[str], env: dict[str, str] | None = None) -> None:
        with (self.folder / f"{name}.log").open("ab") as log:  # the child keeps its own copy
            self.processes[name] = subprocess.Popen(
                command, cwd=ROOT, env=env or self.env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip

    def pid_of(self, name: str) -> int:
        return self.processes[name].pid

    def kill(self, name: str) -> None:
        """SIGKILL the whole process group: the worker and its pool children die at once."""
        process = self.processes.pop(name)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def log(self, name: str) -> str:
        """The end of a process's log, for a failure's message."""
        return self._log_text(name)[-6000:]

    def worker_ready(self, name: str) -> bool:
        """Celery's "ready." line, read in the whole log: a worker that starts on a full
        queue (the demo league's odds runs) logs past the end `log` keeps within a second."""
        return "ready." in self._log_text(name)

    def _log_text(self, name: str) -> str:
        path = self.folder / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def close(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=5)  # a test's workers need not finish their tasks
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes.clear()
        if self.database:
            with psycopg.connect(self.admin_url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')


def sqlite_copy(source: Path, target: Path) -> None:
    """A consistent copy of an SQLite database (its write-ahead log included)."""
    with (
        contextlib.closing(sqlite3.connect(source)) as origin,
        contextlib.closing(sqlite3.connect(target)) as copy,
    ):
        origin.backup(copy)


class DemoTemplate:
    """The demo as ``./dev run`` builds it (``migrate``, then ``demo_league``), built once
    for the test session on each database it is asked for, for installations to copy."""

    def __init__(self, folder: Path, postgres: str | None) -> None:
        self.folder = folder
        self.postgres = postgres
        self._built: dict[str, str | Path] = {}
        self._sites: list[Installation] = []

    def of(self, backend: str) -> str | Path:
        """The template for "embedded" (an SQLite file) or "servers" (a PostgreSQL
        database), built on first use."""
        if backend not in self._built:
            site = Installation(
                self.folder / backend,
                postgres=self.postgres if backend == "servers" else None,
                redis=None,
            )
            site.manage("migrate", "--no-input", "-v", "0")
            site.manage("demo_league")
            self._built[backend] = site.database or site.folder / SQLITE_FILE
            self._sites.append(site)
        return self._built[backend]

    def close(self) -> None:
        """Drop the PostgreSQL templates."""
        for site in self._sites:
            site.close()


@contextmanager
def demo_installation(
    folder: Path,
    *,
    template: DemoTemplate,
    redis: PrivateRedis | None = None,
    env: dict[str, str] | None = None,
) -> Iterator[Installation]:
    """A copy of the demo on SQLite (the session's `template`) in `folder`, on `redis` or the
    filesystem broker, its environment `env` added; every process it started is stopped
    after."""
    site = Installation(folder, postgres=None, redis=redis, template=template.of("embedded"))
    site.env.update(env or {})
    try:
        yield site
    finally:
        site.close()
