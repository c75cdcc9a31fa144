"""A game's own parts of the admin's season pages: opening a round, the control room's
steps and template, rolling over, and the fixture states the admin filters by.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, SeasonAdminParts)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from league.access import Actor
    from league.admin.steps import Step
    from league.models import Round, Season


class SeasonAdminParts:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: The states its fixtures pass through (``Fixture.Status`` values), in order, for the
    #: admin's filters: a game without pre-game inspections or a simulator has these three.
    fixture_statuses: ClassVar[tuple[str, ...]] = ("scheduled", "ready", "played")

    def round_open(self, *, round_: Round, actor: Actor) -> Round | None:
        """Open `round_` by the game's own match day (the caller has checked nothing: refuse
        as league.services.rounds.round_open_refusal does); None (the default) lets the core open it
        (league.services.rounds.round_open: every fixture ready to play)."""
        return None

    def round_open_lines(self, *, round_: Round) -> Sequence[str]:
        """What opening `round_` does in this game, one sentence each, for the confirmation
        page (after the core's line naming its fixtures)."""
        return ("Every fixture of the round becomes ready for its result.",)

    def round_opened_note(self, *, round_: Round) -> str:
        """Said after the round opened (e.g. fixtures waiting for something); "" for none."""
        return ""

    def season_admin_steps(self) -> Sequence[Step]:
        """The game's own steps in the season's control room, offered after opening a round
        (e.g. simulate a round, simulate the rest). A step marked ``simulation`` is
        offered only when the game simulates (Simulation.simulates)."""
        return ()

    def round_admin_steps(self) -> Sequence[Step]:
        """The game's own steps on a round's page (e.g. simulate the round); as
        :meth:`season_admin_steps`."""
        return ()

    #: The control room's template: the core's, or one extending it that fills its blocks
    #: (``room_links``, ``room_panels``, ``round_heads``, ``round_cells``, ``room_after_rounds``).
    season_room_template: ClassVar[str] = "admin/includes/season_control_room.html"

    #: The game's lines (``<li>`` items) in the admin home's list of answers; "" for none.
    admin_index_template: ClassVar[str] = ""

    def season_room_context(self, *, season: Season) -> dict[str, Any]:
        """What the game's parts of the control room read, merged into the page's context
        (``live`` true makes the room poll itself)."""
        return {}

    def season_rollover_lines(self) -> Sequence[str]:
        """What rolling a season over carries of the game, for its confirmation page
        (e.g. injuries count down, statuses follow the progression settings)."""
        return ("Nothing of a match carries over.",)
