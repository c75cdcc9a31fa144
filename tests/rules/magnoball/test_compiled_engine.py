"""The compiled engine (mypyc, built by ./dev) plays exactly the pure-Python engine's matches.

Both run seeds 0..999 with default settings and every optional rule on; the pure engine runs
in a child process with MAGNOBALL_PURE_ENGINE=1 (a process imports one build of a module).
Skipped, with the reason, when no compiled engine is built for these sources.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.magnoball import ENGINE_BUILD, ENGINE_BUILD_REASON, engine_build, simulator

from .golden import GOLDEN, SCENARIOS, digests

ROOT = Path(__file__).resolve().parents[3]


def pure_engine_digests() -> dict[str, Any]:
    env = {**os.environ, "MAGNOBALL_PURE_ENGINE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.rules.magnoball.golden", "--print"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def test_the_compiled_engine_plays_the_pure_engines_matches() -> None:
    if ENGINE_BUILD != "compiled":
        print(f"compiled engine not in use: {ENGINE_BUILD_REASON}")
        pytest.skip(f"compiled engine not in use: {ENGINE_BUILD_REASON}")
    assert simulator.__file__ is not None
    assert not simulator.__file__.endswith(".py")
    pure = pure_engine_digests()
    assert pure["engine_build"] == "pure"
    pure_digests: dict[str, list[str]] = pure["scenarios"]
    golden = json.loads(GOLDEN.read_text())["scenarios"]
    for label, settings in SCENARIOS.items():
        compiled = digests(simulator, settings)
        assert len(compiled) == len(pure_digests[label]) == 1000
        pairs = zip(compiled, pure_digests[label], strict=True)
        mismatched = [seed for seed, (a, b) in enumerate(pairs) if a != b]
        assert not mismatched, f"{label}: {len(mismatched)} seeds differ, first {mismatched[:5]}"
        assert pure_digests[label] == golden[label], f"{label}: the pure engine left the golden"


def test_a_build_of_other_sources_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stamp = tmp_path / "SOURCE_HASH"
    stamp.write_text(f"1.18.2 {'0' * 64}\n")
    monkeypatch.setattr(engine_build, "STAMP", stamp)
    monkeypatch.delenv("MAGNOBALL_PURE_ENGINE", raising=False)
    assert engine_build._choose() == (
        "pure",
        "the compiled engine is of other sources (./dev rebuilds it)",
    )
    stamp.write_text(f"1.18.2 {engine_build.source_hash('1.18.2')}\n")
    assert engine_build._choose()[0] == "compiled"
    monkeypatch.setenv("MAGNOBALL_PURE_ENGINE", "1")
    assert engine_build._choose() == ("pure", "MAGNOBALL_PURE_ENGINE is set")


def test_without_a_build_the_pure_engine_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(engine_build, "STAMP", tmp_path / "SOURCE_HASH")
    monkeypatch.delenv("MAGNOBALL_PURE_ENGINE", raising=False)
    build, reason = engine_build._choose()
    assert build == "pure"
    assert reason.startswith("no compiled engine in ")
