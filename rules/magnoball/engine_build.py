"""Which build of the engine runs: the mypyc-compiled modules, or the pure-Python ones.

``tools/build_engine.py`` (run by ``./dev``) compiles the engine's modules with mypyc into
``build/engine/<python tag>/rules/magnoball/`` with a stamp of the sources' hash. The package
puts that directory first on its ``__path__`` (so ``rules.magnoball.simulator`` is the
compiled one) only when the stamp matches the sources here: an edited engine never runs a
stale build. ``MAGNOBALL_PURE_ENGINE=1`` forces the pure-Python engine, which is always the
fallback and plays the very same matches (tests/rules/magnoball/test_compiled_engine.py).

This module and the package ``__init__`` stay pure Python: they choose the build.
"""

from __future__ import annotations

import hashlib
import os
import sys
import sysconfig
from pathlib import Path

__all__ = [
    "COMPILED_ROOT",
    "ENGINE_BUILD",
    "ENGINE_BUILD_REASON",
    "NOT_COMPILED",
    "compiled_modules",
    "source_hash",
    "use_compiled",
]

PACKAGE = Path(__file__).resolve().parent
#: The package's modules that stay pure Python even in a compiled build: the chooser, the
#: exceptions (mypyc cannot subclass ValueError natively) and the settings (a subclass of
#: the shared, uncompiled rules.settings.GameSettings).
NOT_COMPILED = ("__init__.py", "engine_build.py", "errors.py", "settings.py")
#: Outside the package, what the compiled modules were type-checked against.
_DEPENDENCIES = (
    PACKAGE.parent / "settings.py",
    *sorted((PACKAGE.parent / "standings").glob("*.py")),
)
_TAG = f"{sys.implementation.cache_tag}-{sysconfig.get_platform()}"
COMPILED_ROOT = PACKAGE.parent.parent / "build" / "engine" / _TAG
STAMP = COMPILED_ROOT / "SOURCE_HASH"


def compiled_modules() -> list[Path]:
    """The engine modules mypyc compiles, in a stable order."""
    return sorted(p for p in PACKAGE.glob("*.py") if p.name not in NOT_COMPILED)


def source_hash(mypy_version: str = "") -> str:
    """SHA-256 of every source a compiled build depends on (and of the mypy that built it,
    recorded in the stamp by the build)."""
    digest = hashlib.sha256(mypy_version.encode())
    for path in [*sorted(PACKAGE.glob("*.py")), *_DEPENDENCIES]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _choose() -> tuple[str, str]:
    if os.environ.get("MAGNOBALL_PURE_ENGINE", "") not in ("", "0"):
        return "pure", "MAGNOBALL_PURE_ENGINE is set"
    try:
        mypy_version, stamped = STAMP.read_text().split()
    except (OSError, ValueError):
        return "pure", f"no compiled engine in {COMPILED_ROOT} (./dev builds it)"
    if stamped != source_hash(mypy_version):
        return "pure", "the compiled engine is of other sources (./dev rebuilds it)"
    return "compiled", f"mypyc {mypy_version} build in {COMPILED_ROOT}"


def use_compiled(package_path: list[str]) -> None:
    """Put the compiled modules first on the package's ``__path__`` when they may run."""
    if ENGINE_BUILD == "compiled":
        package_path.insert(0, str(COMPILED_ROOT / "rules" / "magnoball"))


#: "compiled" or "pure", and why (bench/engine.py and the tests print it).
ENGINE_BUILD, ENGINE_BUILD_REASON = _choose()
