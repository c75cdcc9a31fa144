"""Compile the MagnoBall engine with mypyc when its sources changed (``./dev`` runs this).

Run: ``python tools/build_engine.py [--force | --check]``. The build goes to
``build/engine/<python tag>/`` with a stamp of the sources' hash (rules/magnoball/
engine_build.py), so it is redone only when the engine, rules.settings, rules.standings or
mypy changed. A failed build prints a warning and exits 1; the pure-Python engine then runs
(and a build that failed for these sources is not tried again until they change).
"""

from __future__ import annotations

import argparse
import fcntl
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.magnoball.engine_build import (  # noqa: E402  (needs ROOT on sys.path)
    COMPILED_ROOT,
    STAMP,
    compiled_modules,
    source_hash,
)

#: The mypyc shared library's import name: inside the package, next to its modules.
GROUP = "rules.magnoball._native"


def say(message: str) -> None:
    print(f"\033[1m==> {message}\033[0m", flush=True)


def warn(message: str) -> None:
    print(f"\033[33mWarning:\033[0m {message}", file=sys.stderr, flush=True)


def mypy_version() -> str:
    from mypy.version import __version__

    return __version__


def compile_into(target: Path) -> None:
    """The setuptools step (in a child process): every engine module into ``target``."""
    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]  # setuptools 65 has no types

    sources = [str(p.relative_to(ROOT)) for p in compiled_modules()]
    setup(
        name="magnoball-engine",
        script_args=[
            "build_ext",
            "--build-lib",
            str(target),
            "--build-temp",
            str(target.parent / (target.name + ".obj")),
        ],
        ext_modules=mypycify(
            sources,
            opt_level="3",
            group_name=GROUP,
            target_dir=str(target.parent / (target.name + ".c")),
        ),
    )


def missing_build_tools() -> str | None:
    """Which of the tools the build needs is not installed (``./dev`` installs both: the dev
    extra pins them), or None."""
    import importlib.util

    for module, package in (("mypyc", "mypy"), ("setuptools", "setuptools")):
        if importlib.util.find_spec(module) is None:
            return package
    return None


#: Marks the sources a build failed for: not tried again until they change.
FAILED = COMPILED_ROOT.with_name(COMPILED_ROOT.name + ".failed")


def wanted_stamp() -> str:
    """The stamp a build of these sources with this mypy carries."""
    version = mypy_version()
    return f"{version} {source_hash(version)}"


def marks(path: Path, wanted: str) -> bool:
    return path.exists() and path.read_text().strip() == wanted


def up_to_date() -> bool:
    """Whether nothing is left to do for these sources: the build there is current, or it
    failed for them."""
    if missing_build_tools() is not None:
        return True
    wanted = wanted_stamp()
    return marks(STAMP, wanted) or marks(FAILED, wanted)


def build(force: bool) -> int:
    missing = missing_build_tools()
    if missing is not None:
        warn(
            f"{missing} is not installed (pip install '.[dev]' pins it): "
            "the pure-Python engine runs"
        )
        return 1
    wanted = wanted_stamp()
    COMPILED_ROOT.parent.mkdir(parents=True, exist_ok=True)
    with open(COMPILED_ROOT.parent / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two ./dev at once: the second waits, then skips
        if not force and marks(STAMP, wanted):
            return 0
        if not force and marks(FAILED, wanted):
            warn("the compiled engine failed to build for these sources: the pure-Python one runs")
            return 1
        say("Compiling the MagnoBall engine with mypyc (once per change, a minute or two)")
        started = time.monotonic()
        work = COMPILED_ROOT.with_name(COMPILED_ROOT.name + ".new")
        for leftover in work.parent.glob(work.name + "*"):
            shutil.rmtree(leftover, ignore_errors=True)
        made = subprocess.run(
            [sys.executable, __file__, "--compile-into", str(work)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        for leftover in work.parent.glob(work.name + ".*"):
            shutil.rmtree(leftover, ignore_errors=True)  # the C sources and objects
        if made.returncode != 0:
            shutil.rmtree(work, ignore_errors=True)
            FAILED.write_text(wanted + "\n")
            tail = "\n".join((made.stdout + made.stderr).strip().splitlines()[-15:])
            kept = marks(STAMP, wanted)
            runs = "the build already there stays" if kept else "the pure-Python engine runs"
            warn(f"the engine did not compile; {runs}.\n{tail}")
            return 1
        (work / STAMP.name).write_text(wanted + "\n")
        shutil.rmtree(COMPILED_ROOT, ignore_errors=True)
        work.rename(COMPILED_ROOT)
        FAILED.unlink(missing_ok=True)
        say(f"Compiled the engine in {time.monotonic() - started:.0f} s into {COMPILED_ROOT}")
        return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--force", action="store_true", help="build even when up to date")
    parser.add_argument(
        "--check", action="store_true", help="exit 0 if nothing is to build, 1 if a build is due"
    )
    parser.add_argument("--compile-into", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.check:
        return 0 if up_to_date() else 1
    if args.compile_into:
        compile_into(args.compile_into)
        return 0
    return build(args.force)


if __name__ == "__main__":
    sys.exit(main())
