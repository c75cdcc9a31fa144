"""docs/api.md's Arenaball example script, run as written against a live server: it reads
the cars, chooses pits and reports the fixture; running it again changes nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from api.tokens import api_token_create
from league.models import Result
from tests.arenaball.world import arena_world

pytestmark = pytest.mark.django_db(transaction=True)

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def example_script() -> str:
    section = GUIDE.read_text().split("### Example: report an Arenaball game", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match, "docs/api.md has lost its Arenaball example script"
    return match.group(1)


def run(tmp_path: Path, live_server, key: str, fixture_id: int) -> str:
    script = tmp_path / "report_arenaball.py"
    script.write_text(example_script())
    env = {**os.environ, "MAGNOBALL_URL": live_server.url, "MAGNOBALL_TOKEN": key}
    done = subprocess.run(
        [sys.executable, str(script), str(fixture_id)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr + done.stdout
    return done.stdout


def test_the_guides_arenaball_script_reports_a_game(live_server, tmp_path):
    world = arena_world()
    fixture = world.fixture()
    _, key = api_token_create(user=fixture.home_team.coach, name="docs", actor=None)

    output = run(tmp_path, live_server, key, fixture.pk)

    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score) == (5, 0)
    assert f"recorded as result {result.pk}" in output
    assert "pits for" in output
    assert "already played" in run(tmp_path, live_server, key, fixture.pk)
