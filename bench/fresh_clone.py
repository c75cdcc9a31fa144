"""The README's two commands on a fresh clone, timed as a newcomer meets them (issue #43).

    python bench/fresh_clone.py run    # `./dev run` until its first page answers 200
    python bench/fresh_clone.py test   # `./dev test`, whole, with its count of tests

Each clones the committed HEAD of this checkout into a new folder (no .venv, no engine
build, no database: what a fresh clone has; pip's own download cache is the machine's) and
prints the wall time. `run` stops the service with SIGTERM once the page has answered.
Extra arguments after `test` go to `./dev test`.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_PAGE_LIMIT = 600.0


def fresh_clone() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="fresh-clone-")) / "league"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(folder)], check=True)
    return folder


def newcomer_env() -> dict[str, str]:
    """The environment of someone who set nothing: the embedded SQLite and broker."""
    drop = ("DATABASE_URL", "REDIS_URL", "MAGNOBALL_VENV", "VIRTUAL_ENV", "PYTEST_ADDOPTS")
    return {key: value for key, value in os.environ.items() if key not in drop}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def time_run(folder: Path) -> None:
    port = free_port()
    log = (folder.parent / "dev-run.log").open("wb")
    started = time.monotonic()
    service = subprocess.Popen(
        ["./dev", "run"],
        cwd=folder,
        env={**newcomer_env(), "PORT": str(port)},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        while not answers(f"http://127.0.0.1:{port}/"):
            if service.poll() is not None:
                sys.exit(f"./dev run ended ({service.returncode}); see {log.name}")
            if time.monotonic() - started > FIRST_PAGE_LIMIT:
                sys.exit(f"no first page within {FIRST_PAGE_LIMIT:.0f} s; see {log.name}")
            time.sleep(0.5)
        first_page = time.monotonic() - started
    finally:
        service.send_signal(signal.SIGTERM)
        try:
            service.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(service.pid, signal.SIGKILL)
    print(f"./dev run on a fresh clone: first page after {first_page:.1f} s")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


def time_test(folder: Path, extra: list[str]) -> int:
    started = time.monotonic()
    done = subprocess.run(
        ["./dev", "test", *extra], cwd=folder, env=newcomer_env(), capture_output=True, text=True
    )
    took = time.monotonic() - started
    lines = done.stdout.splitlines()
    summary = [line for line in lines if re.search(r" in [\d.]+s", line)]
    log = Path(tempfile.gettempdir()) / "fresh-clone-dev-test.log"
    log.write_text(done.stdout + done.stderr)
    print(*(line for line in lines if line.startswith(("FAILED", "ERROR"))), sep="\n")
    print(summary[-1] if summary else done.stdout[-2000:])
    print(f"the whole output: {log}")
    print(f"./dev test on a fresh clone: {took:.0f} s wall ({took / 60:.1f} min), exit "
          f"{done.returncode}")  # fmt: skip
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return done.returncode


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "test"):
        sys.exit(__doc__)
    folder = fresh_clone()
    try:
        if sys.argv[1] == "run":
            time_run(folder)
            return 0
        return time_test(folder, sys.argv[2:])
    finally:
        if os.environ.get("KEEP_CLONE"):
            print(f"kept {folder}")
        else:
            shutil.rmtree(folder.parent, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
