"""Which leagues play MagnoBall: its ruleset's key (games/ruleset.py registers it), for the
MagnoBall-only admin steps that the core's rows (fixtures, results) of another game must not
offer."""

from __future__ import annotations

from games.errors import GamesError
from league.models import Fixture

KEY = "magnoball"


def plays_magnoball(fixture: Fixture) -> bool:
    return fixture.round.season.league.ruleset == KEY


def magnoball_refusal(fixture: Fixture) -> GamesError | None:
    """Why a MagnoBall step refuses `fixture` (None: it is MagnoBall's)."""
    if plays_magnoball(fixture):
        return None
    league = fixture.round.season.league
    return GamesError(
        f"{fixture} is a fixture of {league}, which does not play MagnoBall: its result is "
        "recorded by its own game's pages or the API.",
        code="not_magnoball",
    )
