"""No module of the project is over 600 lines (issue #48): a longer one is split by subject.

Tests and migrations are exempt; so are the virtual environment and the engine build.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 600
#: Top-level folders that are not the project's own code.
SKIPPED = {"tests", ".venv", "build", ".git", "node_modules"}


def _project_modules() -> list[Path]:
    """Every .py file of the project but tests, migrations and the environment's own."""
    found: list[Path] = []
    for folder, subfolders, files in os.walk(ROOT):
        here = Path(folder)
        # Pruned in place so os.walk never descends into .venv's thousands of files.
        subfolders[:] = [
            name
            for name in subfolders
            if not name.startswith(".")
            and name != "migrations"
            and name != "__pycache__"
            and not (here == ROOT and name in SKIPPED)
        ]
        found.extend(here / name for name in files if name.endswith(".py"))
    return sorted(found)


def test_no_module_is_over_600_lines() -> None:
    modules = _project_modules()
    assert modules, "found no modules: is ROOT the project?"
    offenders: dict[str, int] = {}
    for path in modules:
        with path.open("rb") as lines:
            count = sum(1 for _ in lines)
        if count > LIMIT:
            offenders[str(path.relative_to(ROOT))] = count
    assert not offenders, f"modules over {LIMIT} lines (split them by subject): " + ", ".join(
        f"{name} ({count})" for name, count in sorted(offenders.items())
    )
