"""The engine plays exactly the matches it played before its speed-up (issue #16 item 5).

Same seed, same match (M-D8): the digests of seeds 0..999, default settings and every optional
rule on, must equal those recorded in data/engine_golden.json by engine 1.1.0 before any
optimisation. A speed-up must not change the rules' statistical behaviour or the version.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.magnoball import ENGINE_BUILD, ENGINE_VERSION, simulator

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
