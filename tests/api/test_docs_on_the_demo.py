"""docs/api.md's example scripts, copied verbatim, run against the real server on the demo
data, as a reader of the guide would: a fresh database migrated and built by the demo
command (as `./dev run` does), `manage.py runserver` on a free port, a demo coach's token
from `manage.py api_token_create`, each script a subprocess. The results must land, and a
second run must change nothing.

On PostgreSQL (CI: DATABASE_URL) the demo gets a database of its own beside the test
database, dropped afterwards; locally, a SQLite file in a temporary folder. Either is a copy
of the session's demo template (tests/conftest.py), built by those two commands once."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.games.installation import DemoTemplate, Installation, free_port, postgres_server

# One installation at a time on a machine (tests/conftest.py: "installations").
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("installations")]

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "api.md"
#: The demo's open rounds (games/demo.py, arenaball/demo.py, mn11/demo.py).
MAGNOBALL_OPEN_ROUND = 3


def guide_script(heading: str) -> str:
    section = GUIDE.read_text().split(heading, 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match, f"docs/api.md has lost the script under {heading!r}"
    return match.group(1)


@dataclass
class DemoServer:
    url: str
    env: dict[str, str]
    scripts: Path
    tokens: int = 0

    def manage(self, *args: str) -> str:
        done = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stderr + done.stdout
        return done.stdout

    def token(self, username: str) -> str:
        self.tokens += 1
        name = f"docs example {self.tokens}"
        return self.manage("api_token_create", username, "--name", name).strip()

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + "/api/v1/" + path, timeout=30) as response:
            return json.load(response)

    def run(self, heading: str, name: str, key: str, *args: object) -> str:
        script = self.scripts / name
        script.write_text(guide_script(heading))
        env = {**os.environ, "MAGNOBALL_URL": self.url, "MAGNOBALL_TOKEN": key}
        done = subprocess.run(
            [sys.executable, str(script), *map(str, args)],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr + done.stdout
        return done.stdout

    def season_of(self, ruleset: str) -> dict[str, Any]:
        [league] = self.get(f"leagues/?ruleset={ruleset}")["results"]
        seasons = self.get(f"seasons/?league={league['id']}&status=active")["results"]
        return next(s for s in seasons if s["format"] == "league")

    def ready_fixture(self, season: dict[str, Any]) -> tuple[dict[str, Any], str]:
        """An open fixture of `season` and its home team's coach."""
        fixture = self.get(f"seasons/{season['id']}/fixtures/?status=ready")["results"][0]
        coach = self.get(f"teams/{fixture['home_team']['id']}/")["coach"]
        return fixture, coach


@pytest.fixture(scope="module")
def demo(
    demo_template: DemoTemplate, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[DemoServer]:
    postgres = postgres_server(os.environ.get("DATABASE_URL", ""))
    site = Installation(
        tmp_path_factory.mktemp("site"),
        postgres=postgres or None,
        redis=None,
        template=demo_template.of("servers" if postgres else "embedded"),
    )
    env, var = site.env, site.folder
    port = free_port()
    server = DemoServer(f"http://127.0.0.1:{port}", env, tmp_path_factory.mktemp("scripts"))
    log = (var / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                server.get("leagues/")
                break
            except OSError:
                assert process.poll() is None, (var / "server.log").read_text()
                assert time.monotonic() < deadline, "the server did not start in 60 s"
                time.sleep(0.3)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()
        site.close()


def test_the_guides_round_script_reports_a_demo_coachs_fixture(demo):
    season = demo.season_of("magnoball")
    fixtures = demo.get(f"seasons/{season['id']}/fixtures/?round={MAGNOBALL_OPEN_ROUND}")
    fixture = fixtures["results"][0]
    coach = demo.get(f"teams/{fixture['home_team']['id']}/")["coach"]
    key = demo.token(coach)
    heading = "## Example: report a round from a script"

    output = demo.run(heading, "report_round.py", key, season["id"], MAGNOBALL_OPEN_ROUND)

    assert f"{coach}: 1 open fixture(s) in round {MAGNOBALL_OPEN_ROUND} to report" in output
    assert "recorded as result" in output
    assert "refused" not in output
    played = demo.get(f"fixtures/{fixture['id']}/")
    assert (played["status"], played["home_score"], played["away_score"]) == ("played", 1, 0)
    again = demo.run(heading, "report_round.py", key, season["id"], MAGNOBALL_OPEN_ROUND)
    assert f"{coach}: 0 open fixture(s)" in again


def test_the_guides_arenaball_script_reports_a_demo_game(demo):
    fixture, coach = demo.ready_fixture(demo.season_of("arenaball"))
    heading = "### Example: report an Arenaball game"

    output = demo.run(heading, "report_arenaball.py", demo.token(coach), fixture["id"])

    assert "recorded as result" in output
    played = demo.get(f"fixtures/{fixture['id']}/")
    assert (played["home_score"], played["away_score"]) == (5, 0)
    assert "already played" in demo.run(
        heading, "report_arenaball.py", demo.token(coach), fixture["id"]
    )


def test_the_guides_mn11_script_reports_a_demo_match(demo):
    fixture, coach = demo.ready_fixture(demo.season_of("mn11"))
    heading = "### Example: report a Magic Number Eleven match"

    output = demo.run(heading, "report_mn11.py", demo.token(coach), fixture["id"])

    assert f"signed in as {coach}" in output
    assert "recorded as result" in output
    played = demo.get(f"mn11/fixtures/{fixture['id']}/")
    assert (played["report"]["home_score"], played["report"]["away_score"]) == (1, 0)
    assert "already played" in demo.run(heading, "report_mn11.py", demo.token(coach), fixture["id"])
