"""Benchmark the match simulator: full matches per second on one core, and what limits it.

Run: ``python bench/engine.py [--seconds 5] [--no-profile]``; ``--series 10000`` also plays
that many matches between two identical standard rosters (all Pro, no Superstars) and prints
the home win rate, mean goals and mean Incapacitated players per match.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.magnoball import (
    LoweringDieType,
    RuleSettings,
    Side,
    run_series,
    simulate_match,
    standard_team,
)

HOME = standard_team("h", "Home")
AWAY = standard_team("a", "Away", Side.AWAY)

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
    "board and state": ("board.py", "match_state.py", "simulator.py", "match_result.py"),
}


def rate(settings: RuleSettings, seconds: float) -> tuple[float, int]:
    start = time.perf_counter()
    matches = 0
    while time.perf_counter() - start < seconds:
        simulate_match(home=HOME, away=AWAY, settings=settings, seed=matches)
        matches += 1
    return matches / (time.perf_counter() - start), matches


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--series", type=int, default=0, metavar="N")
    args = parser.parse_args()
    for label, settings in SCENARIOS.items():
        per_second, matches = rate(settings, args.seconds)
        print(f"{label}: {per_second:,.0f} matches/s ({matches} matches, one core)")
        if not args.no_profile:
            shares = profile_shares(settings, 100)
            text = ", ".join(f"{g} {s:.0%}" for g, s in sorted(shares.items(), key=lambda i: -i[1]))
            print(f"  profile (own time): {text}")
    if args.series:
        start = time.perf_counter()
        stats = run_series(home=HOME, away=AWAY, settings=RuleSettings(), matches=args.series)
        elapsed = time.perf_counter() - start
        print(
            f"series of {stats.matches} matches (default settings, seeds 0..{stats.matches - 1},"
            f" {elapsed:.0f} s): home win rate {stats.home_win_rate:.3f},"
            f" away win rate {stats.away_win_rate:.3f}, draws {stats.draw_rate:.3f},"
            f" overtime {stats.overtime_rate:.3f}, mean goals {stats.mean_goals:.3f},"
            f" mean Incapacitated {stats.mean_incapacitated:.3f}, mean Hurt {stats.mean_hurt:.3f}"
        )


if __name__ == "__main__":
    main()
