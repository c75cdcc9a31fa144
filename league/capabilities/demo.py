"""A game's demo league, built by ``./dev run`` (league/demo.py).

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, Demo)``, which for any other game is these defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from league.demo import DemoSummary


class Demo:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    def demo_build(self, *, seed: int) -> DemoSummary | None:
        """Add this game's demo league to the installation (`./dev run`) unless it is there;
        returns what it built or found, with the logins to print."""
        return None
