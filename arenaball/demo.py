"""Arenaball's demo league (`./dev run`)."""

from __future__ import annotations

from league.demo import DemoSummary


def demo_league_build(*, seed: int) -> DemoSummary | None:
    return None
