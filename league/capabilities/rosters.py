"""A game whose teams are more than a name: rosters set up with a team, guest teams,
what carries over a season's end, the coaches' "My teams" and the careers that end.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, Rosters)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from league.errors import DomainError

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from league.access import Actor
    from league.models import League, Season, Team
    from league.rulesets import CareerEnd
    from league.selectors.coaching import CoachTeam, TodoItem


class Rosters:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: The game's name (its ruleset's ``label``), which the defaults' refusals name.
    label: ClassVar[str]

    def team_setup(self, *, team: Team, actor: Actor) -> None:
        """Give a team the core has just created what the game needs to play (a roster)."""

    def guest_team_create(
        self,
        *,
        season: Season,
        name: str,
        short_name: str,
        actor: Actor,
        colour: str,
        **options: Any,
    ) -> Team | None:
        """A guest team for tournament `season`, created and entered into it (the caller
        holds the season's lock and makes it the tournament's guest). `options` are the
        game's own creation inputs (e.g. its creation dice); an invalid team raises
        ValidationError. None (the default) leaves it to the core: a team with no roster,
        set up by :meth:`team_setup`."""
        if options:
            raise DomainError(f"{self.label} teams take no {', '.join(sorted(options))}.")
        return None

    def season_closed(self, *, season: Season) -> None:
        """`season` has just finished (in the closing transaction): let go of what still
        waits on it (e.g. waiting simulations, cancelled once the close commits)."""

    def season_rolled_over(
        self, *, previous: Season, season: Season, teams: Sequence[Team], actor: Actor
    ) -> None:
        """`season` is the draft that follows `previous`, with the same `teams` entered and
        its settings from `previous`: carry the game's own state over (e.g. each
        rostered player's status by the new season's progression settings)."""

    def coach_teams(self, *, user: User) -> Sequence[CoachTeam] | None:
        """The teams of this game `user` coaches, each with its season, next fixture and
        what waits for him ("My teams"); None (the default) lets the core list them with
        their next fixture and its result to report (league.selectors.coaching)."""
        return None

    def coach_openings(self, *, user: User) -> Sequence[TodoItem]:
        """What `user` may start in this game's leagues ("My teams"), e.g. an invited
        coach entering his own team. None by default."""
        return ()

    #: What ends a career in the game, with its rule ids, for the graveyard page's opening
    #: line; "" when nothing does (the page then says the game has no graveyard).
    graveyard_note: ClassVar[str] = ""

    def graveyard(self, *, league: League) -> Sequence[CareerEnd]:
        """Every career over in `league`, most recent first (e.g. retired by a
        permanent injury, or dead). None by default."""
        return ()
