"""`./dev run` as a newcomer starts it (on a copy of the demo, so that it does not migrate
and build it again): its first page answers, and SIGTERM or SIGINT stops it whole, every
process it started ended and its port free (issue 44, item 9)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.games.installation import (
    SQLITE_FILE,
    DemoTemplate,
    free_port,
    sqlite_copy,
    wait_for,
)

ROOT = Path(__file__).resolve().parents[2]

# One installation at a time on a machine (tests/conftest.py: "installations").
pytestmark = [
    pytest.mark.slow,
    pytest.mark.xdist_group("installations"),
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc"),
]


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, whatever session or group it started."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            parents.setdefault(parent, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
            return page.status == 200
    except OSError:
        return False


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_dev_run_serves_its_first_page_and_stops_whole_on_a_signal(
    tmp_path: Path, demo_template: DemoTemplate, signum: int
) -> None:
    folder = tmp_path / "var"
    folder.mkdir()
    sqlite_copy(Path(demo_template.of("embedded")), folder / SQLITE_FILE)
    port = free_port()
    env = {**os.environ, "MAGNOBALL_VAR_DIR": str(folder), "PORT": str(port)}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    with (tmp_path / "dev.log").open("wb") as log:
        dev = subprocess.Popen(
            [sys.executable, str(ROOT / "dev"), "run"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
    try:
        wait_for("the first page answers", lambda: answers(port), timeout=180)
        started = descendants(dev.pid)
        assert len(started) >= 2, "the web server and the worker"

        dev.send_signal(signum)
        assert dev.wait(timeout=60) == 0, (tmp_path / "dev.log").read_text()[-3000:]
        wait_for("every process it started has ended", lambda: not any(map(alive, started)), 30)
        assert not answers(port)
    finally:
        # Read the children before ./dev is killed: once it is gone they are init's.
        left = descendants(dev.pid)
        if dev.poll() is None:
            os.killpg(dev.pid, signal.SIGKILL)
        for pid in left:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
