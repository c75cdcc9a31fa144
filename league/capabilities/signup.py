"""A game whose coaches who signed up make their own team by its creation rules
(league/signup).

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, SignUp)``, which for any other game is these defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from league.access import Actor
    from league.models import Season, Team
    from league.signup.forms import JoinRequestForm
    from league.signup.models import JoinRequest


class SignUp:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    def join_request_form(self, *, season: Season) -> type[JoinRequestForm] | None:
        """The form a coach who signed up fills to ask to join `season` with a team of his
        making: a subclass of league.signup.forms.JoinRequestForm adding the game's creation
        choices (its ``game_fields``, returned by ``choices()`` for the request to keep);
        None (the default): the core's (name, short name, colour)."""
        return None

    def join_request_build(
        self, *, season: Season, request: JoinRequest, actor: Actor
    ) -> Team | None:
        """The approved `request`'s team, made by the game's creation rules from what the
        coach chose (``request.choices``), coached by ``request.user`` and entered into
        `season` (the caller holds the request's and the season's locks, and audits the
        approval); None (the default) lets the core create it (league.services.teams.team_create,
        then Rosters.team_setup)."""
        return None
