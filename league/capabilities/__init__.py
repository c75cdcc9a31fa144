"""What a game may add to the required seam (league/rulesets.py's ``Ruleset``): capabilities it
opts into by also subclassing them, e.g. ``class ArenaballRuleset(Ruleset, Honours, Exchange)``.

Each capability is a small class of its own module whose methods carry the defaults of a game
without it; the core asks one through :func:`capability`, so a game that does not opt in gets
those defaults and a call site stays one line::

    capability(ruleset, Honours).season_awards(season=season)

The capabilities: ``SeasonSettings`` (settings.py), ``TableExtras`` (table.py), ``Simulation``
(simulation.py), ``Rosters`` (rosters.py), ``SeasonPages`` (pages.py), ``SignUp`` (signup.py),
``Exchange`` (exchange.py), ``Csv`` (csv.py), ``Honours`` (honours.py), ``ApiParts`` (api.py),
``Demo`` (demo.py), and the admin's ``SeasonAdminParts``, ``TeamAdminParts`` and
``FixtureAdminParts`` (admin_season.py, admin_teams.py, admin_fixtures.py).

No hook returns HTML: a game's parts of a page are templates it names, with the plain data
they read (a :data:`Fragment`, or a :data:`Panel` with its title); the core renders them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from league.rulesets import Ruleset

#: A part of an admin page: the template a game names and the context it reads.
Fragment = tuple[str, dict[str, Any]]
#: A panel of an object's admin page: its title, template and context.
Panel = tuple[str, str, dict[str, Any]]

C = TypeVar("C")

# The defaults of each capability for each game without it, made once: a subclass naming the
# game (``label``), which the defaults' refusals say.
_defaults: dict[tuple[type[Any], type[Any]], Any] = {}


def capability(ruleset: Ruleset, kind: type[C]) -> C:
    """`ruleset`'s `kind` capability: the ruleset itself when the game opts into it, else the
    capability's defaults for that game."""
    if isinstance(ruleset, kind):
        return ruleset
    found = _defaults.get((kind, type(ruleset)))
    if found is None:
        default = type(f"{kind.__name__}Default", (kind,), {"label": ruleset.label})
        found = _defaults[(kind, type(ruleset))] = default()
    return cast(C, found)
