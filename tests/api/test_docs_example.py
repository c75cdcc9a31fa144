"""The example script of docs/api.md, run as written against a live server: it reports the
open fixtures of a round, and running it again changes nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from api.tokens import api_token_create
from league.models import Result

pytestmark = pytest.mark.django_db(transaction=True)

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def example_script() -> str:
    text = GUIDE.read_text()
    section = text.split("## Example", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match, "docs/api.md has lost its example script"
    return match.group(1)


def run_example(tmp_path: Path, live_server, key: str, *args: int) -> str:
    script = tmp_path / "report_round.py"
    script.write_text(example_script())
    env = {**os.environ, "MAGNOBALL_URL": live_server.url, "MAGNOBALL_TOKEN": key}
    done = subprocess.run(
        [sys.executable, str(script), *map(str, args)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_guides_script_reports_a_round_and_reads_the_table(
    world, match_day, live_server, tmp_path
):
    _, key = api_token_create(user=world.home_coach, name="docs", actor=None)

    output = run_example(tmp_path, live_server, key, world.season.pk, 1)

    result = Result.objects.get(fixture=match_day)
    assert (result.home_score, result.away_score) == (1, 0)
    assert f"{world.home_coach.username}: 1 open fixture(s) in round 1 to report" in output
    assert f"recorded as result {result.pk}" in output
    assert re.search(rf" 1 {re.escape(world.home.name)}\s+3", output)

    again = run_example(tmp_path, live_server, key, world.season.pk, 1)

    assert f"{world.home_coach.username}: 0 open fixture(s) in round 1" in again
    assert Result.objects.count() == 1
