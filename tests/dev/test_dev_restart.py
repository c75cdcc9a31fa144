"""`./dev run` restarts its worker on the compiled engine once that is built; a Ctrl-C or
SIGTERM at that moment must still stop every child. A signal that landed between starting
the new worker and recording it once left that worker running after ./dev had ended."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Runs in a process of its own: signal handlers and masks belong to a main thread.
SCENARIO = """
import importlib.machinery, importlib.util, os, signal, sys
loader = importlib.machinery.SourceFileLoader("dev_script", sys.argv[1])
dev = importlib.util.module_from_spec(importlib.util.spec_from_loader("dev_script", loader))
loader.exec_module(dev)
signal.signal(signal.SIGTERM, dev._stopped)
started = []
real_start = dev.start
def start_then_signal(command):
    child = real_start(command)
    started.append(child)
    os.kill(os.getpid(), signal.SIGTERM)  # the signal lands right after the start
    return child
dev.worker_command = lambda: ["sleep", "300"]
processes = {"worker": real_start(["sleep", "300"]), "web": real_start(["sleep", "300"])}
started.extend(processes.values())
dev.start = start_then_signal
try:
    dev.restart_worker(processes)
except dev.Stopped:
    pass
finally:
    dev.stop_all(list(processes.values()), grace=5)
running = [child.pid for child in started if child.poll() is None]
print(len(started), *running, file=open(sys.argv[2], "w"))
"""


def test_a_signal_while_the_worker_restarts_stops_the_new_worker_too(tmp_path: Path) -> None:
    report, errors = tmp_path / "report", tmp_path / "stderr"
    with errors.open("w") as stderr:
        # Not a pipe: a child left running would hold it open.
        done = subprocess.run(
            [sys.executable, "-c", SCENARIO, str(ROOT / "dev"), str(report)],
            stdout=subprocess.DEVNULL, stderr=stderr, timeout=60,
        )  # fmt: skip
    assert done.returncode == 0, errors.read_text()
    started, *running = map(int, report.read_text().split())
    for pid in running:
        os.kill(pid, signal.SIGKILL)
    assert started == 3, "the old worker, the web server and the new worker"
    assert not running, "a child still runs after ./dev stopped"
