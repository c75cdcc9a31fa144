"""Benchmark the match simulator: full matches per second on one core, pure and compiled.

Run: ``python bench/engine.py [--seconds 5] [--rounds 2] [--no-profile]``. For default
settings and for every optional rule on it plays matches (seeds 0, 1, 2 …) with the
pure-Python engine and, when ``./dev`` has built it, the mypyc-compiled one, each in a child
process (``MAGNOBALL_PURE_ENGINE=1`` for the pure one), in alternating rounds so both see the
same machine load; it prints the best round of each, their ratio and whether the goal of
issue #16 (≥ 1,000 matches/s with default settings on one core) is met. Rates are per second
of the process's CPU time (the machine may be shared; wall-clock rates are shown too).
``--play N`` only plays N matches (default settings, this process's build) and prints nothing,
for instruction counts: ``valgrind --tool=callgrind python bench/engine.py --play 20`` (and
``--play 0`` for the start-up to subtract). ``--series 10000`` also plays that many matches
between two identical standard rosters (all Pro, no Superstars) and prints the home win rate,
mean goals and mean Incapacitated players.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.magnoball import (
    ENGINE_BUILD,
    ENGINE_BUILD_REASON,
    LoweringDieType,
    RuleSettings,
    Side,
    run_series,
    simulate_match,
    standard_team,
)

HOME = standard_team("h", "Home")
AWAY = standard_team("a", "Away", Side.AWAY)
GOAL = 1000  # matches a second, default settings, one core (issue #16 item 5)

SCENARIOS = {
    "default settings": RuleSettings(),
    "every optional rule on": RuleSettings(
        lowering_die_type=LoweringDieType.D4,
        mid_game_replacements=True,
        goal_zones=True,
        ricochet=True,
    ),
}

#: Where the time goes: function-name prefixes (file, function) grouped for the profile.
GROUPS = {
    "coach policy": ("coach.py",),
    "dice and roll specs": ("rolls.py", "dice.py", "odds.py", "random.py"),
    "rule functions": (
        "contact.py",
        "passing.py",
        "scoring.py",
        "face_off_and_movement.py",
    ),
    "board and state": (
        "board.py",
        "match_state.py",
        "match_core.py",
        "activations.py",
        "simulator.py",
        "match_result.py",
    ),
}


def rate(settings: RuleSettings, seconds: float) -> dict[str, float]:
    """Matches per CPU second and per wall second, playing seeds 0, 1, 2 … for ``seconds``."""
    cpu, wall = time.process_time(), time.perf_counter()
    matches = 0
    while time.process_time() - cpu < seconds:
        simulate_match(home=HOME, away=AWAY, settings=settings, seed=matches)
        matches += 1
    return {
        "cpu": matches / (time.process_time() - cpu),
        "wall": matches / (time.perf_counter() - wall),
        "matches": matches,
    }


def profile_shares(settings: RuleSettings, matches: int) -> dict[str, float]:
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(matches):
        simulate_match(home=HOME, away=AWAY, settings=settings, seed=seed)
    profiler.disable()
    stats = pstats.Stats(profiler)
    totals = dict.fromkeys([*GROUPS, "other"], 0.0)
    for (filename, _, _), (_, _, tottime, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        name = Path(filename).name
        group = next((g for g, files in GROUPS.items() if name in files), "other")
        totals[group] += tottime
    whole = sum(totals.values()) or 1.0
    return {group: share / whole for group, share in totals.items()}


def measure(seconds: float, profile: bool) -> None:
    """Child process: this process's build, every scenario, as one JSON line (with the
    profile shares when asked: cProfile sees only the pure engine's functions)."""
    rates = {label: rate(settings, seconds) for label, settings in SCENARIOS.items()}
    shares = {label: profile_shares(s, 100) for label, s in SCENARIOS.items()} if profile else {}
    out = {"build": ENGINE_BUILD, "reason": ENGINE_BUILD_REASON, "rates": rates, "profile": shares}
    print(json.dumps(out))


def in_child(pure: bool, seconds: float, profile: bool) -> dict[str, object]:
    env = {**os.environ, "MAGNOBALL_PURE_ENGINE": "1" if pure else "0"}
    done = subprocess.run(
        [
            sys.executable,
            __file__,
            "--measure",
            "--seconds",
            str(seconds),
            *(["--profile"] if profile else []),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def compare(seconds: float, rounds: int, profile: bool) -> None:
    best: dict[str, dict[str, dict[str, float]]] = {}
    compiled_reason = ""
    shares: dict[str, dict[str, float]] = {}
    for round_number in range(rounds):
        for pure in (True, False):
            got = in_child(pure, seconds, profile and pure and round_number == 0)
            shares = shares or got["profile"]  # type: ignore[assignment]
            build = str(got["build"])
            if not pure and build != "compiled":
                compiled_reason = str(got["reason"])
                continue
            rates: dict[str, dict[str, float]] = got["rates"]  # type: ignore[assignment]
            mine = best.setdefault(build, {})
            for label, r in rates.items():
                if label not in mine or r["cpu"] > mine[label]["cpu"]:
                    mine[label] = r
    print(f"best of {rounds} rounds of {seconds:g} CPU seconds each, one core:")
    for label in SCENARIOS:
        plain = best["pure"][label]
        line = f"{label}: pure {plain['cpu']:,.0f} matches/s (wall {plain['wall']:,.0f})"
        if "compiled" in best:
            compiled = best["compiled"][label]
            line += (
                f", compiled {compiled['cpu']:,.0f} matches/s (wall {compiled['wall']:,.0f}),"
                f" compiled/pure {compiled['cpu'] / plain['cpu']:.2f}x"
            )
        print(line)
        if label in shares:
            by_share = sorted(shares[label].items(), key=lambda i: -i[1])
            text = ", ".join(f"{g} {s:.0%}" for g, s in by_share)
            print(f"  pure engine profile (own time): {text}")
    if compiled_reason:
        print(f"compiled engine: not measured ({compiled_reason})")
    fastest = max(b["default settings"]["cpu"] for b in best.values())
    verdict = "met" if fastest >= GOAL else "NOT met"
    print(f"goal (>= {GOAL:,} matches/s, default settings, one core): {verdict} ({fastest:,.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--series", type=int, default=0, metavar="N")
    parser.add_argument("--play", type=int, default=-1, metavar="N")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--profile", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.seconds, args.profile)
        return
    if args.play >= 0:
        for seed in range(args.play):
            simulate_match(home=HOME, away=AWAY, settings=RuleSettings(), seed=seed)
        return
    compare(args.seconds, args.rounds, not args.no_profile)
    if args.series:
        start = time.perf_counter()
        stats = run_series(home=HOME, away=AWAY, settings=RuleSettings(), matches=args.series)
        elapsed = time.perf_counter() - start
        print(
            f"series of {stats.matches} matches ({ENGINE_BUILD} engine, default settings, seeds"
            f" 0..{stats.matches - 1}, {elapsed:.0f} s): home win rate {stats.home_win_rate:.3f},"
            f" away win rate {stats.away_win_rate:.3f}, draws {stats.draw_rate:.3f},"
            f" overtime {stats.overtime_rate:.3f}, mean goals {stats.mean_goals:.3f},"
            f" mean Incapacitated {stats.mean_incapacitated:.3f}, mean Hurt {stats.mean_hurt:.3f}"
        )


if __name__ == "__main__":
    main()
