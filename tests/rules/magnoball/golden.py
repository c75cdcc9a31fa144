"""Digests of whole simulated matches, to prove a faster engine plays the very same matches.

A digest is the SHA-256 of ``MatchResult.as_dict()`` as canonical JSON (score, stat lines,
injuries, every event and roll in order), cut to 16 hex digits. ``data/engine_golden.json``
holds the digests of seeds 0..999 for each scenario, recorded with the engine before its
speed-up (engine 1.1.0). Regenerate only when the engine version is bumped on purpose:
``MAGNOBALL_PURE_ENGINE=1 python -m tests.rules.magnoball.golden``; ``--print [SCENARIO…]``
prints the digests of the engine that runs instead.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from types import ModuleType

from rules.magnoball import LoweringDieType, RuleSettings, Side, standard_team

GOLDEN = Path(__file__).parent / "data" / "engine_golden.json"
SEEDS = range(1000)

#: The benchmark's scenarios (bench/engine.py): default settings and every optional rule on.
SCENARIOS = {
    "default settings": RuleSettings(),
    "every optional rule on": RuleSettings(
        lowering_die_type=LoweringDieType.D4,
        mid_game_replacements=True,
        goal_zones=True,
        ricochet=True,
    ),
}

HOME = standard_team("h", "Home")
AWAY = standard_team("a", "Away", Side.AWAY)


def digests(engine: ModuleType, settings: RuleSettings, seeds: range = SEEDS) -> list[str]:
    """The digest of each seed's match, played by ``engine`` (a module with simulate_match)."""
    out = []
    for seed in seeds:
        result = engine.simulate_match(home=HOME, away=AWAY, settings=settings, seed=seed)
        text = json.dumps(result.as_dict(), sort_keys=True, separators=(",", ":"))
        out.append(hashlib.sha256(text.encode()).hexdigest()[:16])
    return out


def record() -> None:
    from rules.magnoball import ENGINE_VERSION, simulator

    data = {
        "engine_version": ENGINE_VERSION,
        "scenarios": {label: digests(simulator, s) for label, s in SCENARIOS.items()},
    }
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")


def print_digests(labels: list[str]) -> None:
    """The digests this process's engine plays, as JSON, for the scenarios named (all when
    none): the golden test runs it with MAGNOBALL_PURE_ENGINE=1 to get the pure engine's in
    another process, since a process imports one build of a module."""
    from rules.magnoball import ENGINE_BUILD, simulator

    chosen = labels or list(SCENARIOS)
    scenarios = {label: digests(simulator, SCENARIOS[label]) for label in chosen}
    print(json.dumps({"engine_build": ENGINE_BUILD, "scenarios": scenarios}))


if __name__ == "__main__":
    print_digests(sys.argv[2:]) if sys.argv[1:2] == ["--print"] else record()
