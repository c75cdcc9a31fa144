"""A game's own season pages: its links in the season menu and its part of the overview.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, SeasonPages)``, which for any other game is these defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from league.models import Season


class SeasonPages:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: A template the season pages' menu includes after the core's links (the game's own
    #: season pages, e.g. its leaders), rendered with the page's context; "" for none.
    season_nav_template: ClassVar[str] = ""

    def season_overview(self, *, season: Season) -> tuple[str, dict[str, Any]] | None:
        """The game's own part of `season`'s overview page (e.g. its top scorers): a
        template and the context it reads, or None for no part."""
        return None
