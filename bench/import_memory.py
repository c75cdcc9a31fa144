"""Measure the memory a league's JSON import takes (docs/data.md, "Limits"): the document of
a MagnoBall league built by bench/exchange.py (``--teams``, ``--seasons``), or a file given
with ``--file``, is dry-run imported in a fresh process, as the API's upload does
(league_document_import_run), and the script prints the file's size and the process's peak
resident memory, in all and above what it held once Django was set up.

Run: ``.venv/bin/python bench/import_memory.py --teams 20 --seasons 5`` (a 28 MB document).
It builds the league in a throw-away SQLite database under a temporary MAGNOBALL_VAR_DIR.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def build(path: Path, teams: int, seasons: int) -> None:
    import json

    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    sys.path.insert(0, str(ROOT / "bench"))
    from exchange import league_with_history  # type: ignore[import-not-found]

    from league.exchange.document_export import league_document_export

    league = league_with_history(name="Bench", teams=teams, seasons=seasons)
    document = league_document_export(league_id=league.pk)
    document["league"].update(name="Bench copy", slug="bench-copy")
    path.write_bytes(json.dumps(document).encode())


def measure(path: Path) -> None:
    import django

    django.setup()
    from league.exchange.problems import ImportRefused
    from league.exchange_jobs.services import league_document_import_run

    base = _peak_mb()
    data = path.read_bytes()
    started = time.perf_counter()
    try:
        outcome = league_document_import_run(data=data, actor=None, dry_run=True).outcome
        what = f"{sum(outcome.counts.values()):,} rows"
    except ImportRefused as refused:
        what = f"refused: {refused.problems[0]}"
    peak = _peak_mb()
    print(
        f"{len(data) / 1e6:.1f} MB document, {what}: peak {peak:.0f} MB resident, "
        f"{peak - base:.0f} MB above Django set up ({base:.0f} MB), "
        f"{time.perf_counter() - started:.1f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--seasons", type=int, default=5)
    parser.add_argument("--file", type=Path)
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the fresh process
    options = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    if options.measure:
        measure(options.measure)
        return 0
    with tempfile.TemporaryDirectory(prefix="import-memory-") as folder:
        env = {**os.environ, "MAGNOBALL_VAR_DIR": folder}
        env.pop("DATABASE_URL", None)
        path = options.file
        if path is None:
            path = Path(folder) / "league.json"
            os.environ.update(MAGNOBALL_VAR_DIR=folder)
            os.environ.pop("DATABASE_URL", None)
            build(path, options.teams, options.seasons)
        else:
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
            )
        subprocess.run([sys.executable, __file__, "--measure", str(path)], env=env, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
