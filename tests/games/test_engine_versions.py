"""M-D8: a stored simulation keeps the engine version that made it, and the match centre
replays it from its stored events, so a newer engine never changes an older result."""

from __future__ import annotations

import dataclasses

import pytest

from games.selectors import match_report, replay_data
from games.services import fixture_team_sheets, result_record_simulation
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.simulator import simulate_match
from rules.magnoball.version import ENGINE_VERSION

pytestmark = pytest.mark.django_db


def test_m_d8_a_result_of_an_older_engine_replays_from_its_stored_events(
    world, match_day, monkeypatch
):
    home, away, settings = fixture_team_sheets(fixture=match_day)
    made = simulate_match(home=home, away=away, settings=settings, seed=21)
    older = dataclasses.replace(made, engine_version="1.0.0")  # as engine 1.0.0 stored it
    result_record_simulation(fixture=match_day, match=older, dice=ScriptedDice([2, 5] * 30))

    def refuse(**_: object) -> None:
        raise AssertionError("a replay must not simulate the seed again")

    monkeypatch.setattr("rules.magnoball.simulator.simulate_match", refuse)
    monkeypatch.setattr("games.services.job_runner.simulate_match", refuse)
    report = match_report(fixture=match_day)
    assert report is not None
    assert report.result.engine_version == "1.0.0"
    assert report.result.engine_version != ENGINE_VERSION
    assert report.result.seed == 21
    replay = replay_data(fixture=match_day, report=report)
    assert [(e["half"], e["kind"]) for e in replay["events"]] == [
        (e.half, e.kind) for e in older.events
    ]
    # Each caption is the stored text, its half named once (games/selectors/match_moments.py).
    for shown, stored in zip(replay["events"], older.events, strict=True):
        words = stored.text.removeprefix(f"half {stored.half}: ")
        assert shown["text"].lower().endswith(words.lower())
