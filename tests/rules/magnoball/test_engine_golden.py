"""The engine plays exactly the matches it played before its speed-up (issue #16 item 5).

Same seed, same match (M-D8): the digests of seeds 0..999, default settings and every optional
rule on, must equal those recorded in data/engine_golden.json by engine 1.1.0 before any
optimisation. A speed-up must not change the rules' statistical behaviour or the version.

Both builds are held to it when the compiled engine (mypyc, built by ./dev) is in use: this
process plays the compiled one, a child process with MAGNOBALL_PURE_ENGINE=1 the pure one (a
process imports one build of a module). Equal to the same golden digests, the compiled engine
plays exactly the pure engine's matches, seed by seed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.magnoball import ENGINE_BUILD, ENGINE_BUILD_REASON, ENGINE_VERSION, simulator

from .golden import GOLDEN, SCENARIOS, digests


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


def test_the_golden_file_is_of_this_engine_version(golden: dict[str, Any]) -> None:
    assert golden["engine_version"] == ENGINE_VERSION


@pytest.mark.parametrize("label", list(SCENARIOS))
def test_the_same_seeds_give_the_same_matches(golden: dict[str, Any], label: str) -> None:
    recorded = golden["scenarios"][label]
    played = digests(simulator, SCENARIOS[label])
    mismatched = [seed for seed, (a, b) in enumerate(zip(played, recorded, strict=True)) if a != b]
    assert not mismatched, (
        f"{ENGINE_BUILD} engine: {len(mismatched)} seeds play differently, first {mismatched[:5]}"
    )


@pytest.mark.parametrize("label", list(SCENARIOS))
def test_the_pure_engine_plays_the_same_matches_beside_the_compiled_one(
    golden: dict[str, Any], label: str
) -> None:
    if ENGINE_BUILD != "compiled":
        pytest.skip(f"the pure engine is the one in use, tested above ({ENGINE_BUILD_REASON})")
    assert simulator.__file__ is not None
    assert not simulator.__file__.endswith(".py")
    done = subprocess.run(
        [sys.executable, "-m", "tests.rules.magnoball.golden", "--print", label],
        cwd=Path(__file__).resolve().parents[3],
        env={**os.environ, "MAGNOBALL_PURE_ENGINE": "1"},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    pure = json.loads(done.stdout)
    assert pure["engine_build"] == "pure"
    played, recorded = pure["scenarios"][label], golden["scenarios"][label]
    mismatched = [seed for seed, (a, b) in enumerate(zip(played, recorded, strict=True)) if a != b]
    assert not mismatched, f"pure engine: {len(mismatched)} seeds differ, first {mismatched[:5]}"
