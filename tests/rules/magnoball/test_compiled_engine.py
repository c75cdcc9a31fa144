"""Which build of the engine a process runs: the compiled one (mypyc, built by ./dev) only
when it was built from these very sources, else the pure-Python one. That both play the same
matches is test_engine_golden.py's: each is held to the same golden digests."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.magnoball import engine_build


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
