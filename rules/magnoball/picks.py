"""Veteran and Superstar picks, the whole rule in one place (M-P6, M-P8).

A Veteran (M-P4/M-P5) picks two actions allowed for his position (M-P6); a Superstar (M-P8)
picks any two of the M-P6 list plus Movement. Both are fixed once chosen. A Superstar's picks
are due only when the season plays with Superstars: without them his actions count for
nothing (rolls.py), so nobody is asked for them. The services check a pick with
:func:`pick_refusal`; every page and list that says "picks due" asks :func:`picks_due`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Final, Literal, Protocol

from .vocabulary import Action, Position, Status

__all__ = [
    "PICK_RULES",
    "PickKind",
    "Picker",
    "actions_allowed",
    "pick_error",
    "pick_refusal",
    "picks_due",
    "picks_to_offer",
    "superstar_action_pick_error",
    "superstar_actions_allowed",
    "veteran_action_pick_error",
    "veteran_actions_allowed",
]

PickKind = Literal["veteran", "superstar"]

#: The rule each kind of pick follows.
PICK_RULES: Final[Mapping[PickKind, str]] = {"veteran": "M-P6", "superstar": "M-P8"}


class Picker(Protocol):
    """A player as the pick rule reads him: a stored ``Player`` or a ``PlayerSnapshot``."""

    @property
    def status(self) -> str: ...
    @property
    def superstar(self) -> bool: ...
    @property
    def veteran_actions(self) -> Collection[str]: ...
    @property
    def superstar_actions(self) -> Collection[str]: ...


def _eligible(kind: PickKind, player: Picker) -> bool:
    return player.status == Status.VETERAN if kind == "veteran" else player.superstar


def _chosen(kind: PickKind, player: Picker) -> Collection[str]:
    return player.veteran_actions if kind == "veteran" else player.superstar_actions


def picks_due(player: Picker, *, superstars: bool) -> tuple[PickKind, ...]:
    """The picks `player` still owes, Veteran first: a Veteran's until chosen (M-P6), a
    Superstar's until chosen when the season plays with Superstars (``superstars``, M-P8)."""
    kinds: tuple[PickKind, ...] = ("veteran", "superstar") if superstars else ("veteran",)
    return tuple(k for k in kinds if _eligible(k, player) and not _chosen(k, player))


def picks_to_offer(player: Picker) -> PickKind:
    """The picks a pick form offers: a Veteran's while due, else a Superstar's for a
    Superstar, else a Veteran's (the service then says why not)."""
    return "veteran" if picks_due(player, superstars=False) or not player.superstar else "superstar"


def pick_refusal(
    kind: PickKind, player: Picker, position: Position, picks: Iterable[str]
) -> tuple[str, str] | None:
    """Why `player` may not pick `picks` as his `kind` actions, as (code, message): not a
    Veteran/Superstar, actions already fixed, or not two allowed actions; None when he may."""
    label = kind.capitalize()
    if not _eligible(kind, player):
        return "not_eligible", f"{player} is not a {label}."
    if _chosen(kind, player):
        return "actions_fixed", f"{player}'s {kind} actions are already chosen and cannot change."
    error = pick_error(kind, position, picks)
    return ("invalid_actions", error) if error else None


# --- Which actions may be picked --------------------------------------------------------------

_VETERAN_EXCLUDED: Final[Mapping[Action, frozenset[Position]]] = {
    Action.SCORING: frozenset(
        {Position.FULLBACK, Position.MAULER, Position.HEAVY_MAULER, Position.GOALIE}
    ),
    Action.FACE_OFFS: frozenset(Position) - {Position.FORWARD},
    Action.PASSING: frozenset({Position.HEAVY_MAULER, Position.GOALIE}),
    Action.BLOCKING_PASSES: frozenset({Position.FORWARD, Position.GOALIE}),
    Action.TACKLES: frozenset({Position.FORWARD, Position.HEAVY_MAULER}),
    Action.STRIKING: frozenset(Position) - {Position.FORWARD},
    Action.STEALING: frozenset({Position.FORWARD, Position.GOALIE}),
    Action.SAVES: frozenset(Position) - {Position.GOALIE},
    Action.MOVEMENT: frozenset(Position),  # Superstars only (M-P8).
}


def veteran_actions_allowed(position: Position) -> frozenset[Action]:
    """M-P6: the actions a Veteran of ``position`` may pick."""
    return frozenset(a for a, excluded in _VETERAN_EXCLUDED.items() if position not in excluded)


def superstar_actions_allowed() -> frozenset[Action]:
    """M-P8: the M-P6 list plus Movement, for any position.

    ``STRIKING`` is not offered: ``TACKLES`` already covers striking with the ball.
    """
    return frozenset(Action) - {Action.STRIKING}


def actions_allowed(kind: PickKind, position: Position) -> frozenset[Action]:
    """The actions a `kind` pick of a player of `position` may choose from."""
    return veteran_actions_allowed(position) if kind == "veteran" else superstar_actions_allowed()


def _pick_error(picks: Iterable[str], allowed: frozenset[Action], who: str) -> str | None:
    chosen = list(picks)
    if len(chosen) != 2:
        return f"{who} must pick exactly two actions (got {len(chosen)})."
    if chosen[0] == chosen[1]:
        return f"{who} must pick two different actions."
    for pick in chosen:
        try:
            action = Action(pick)
        except ValueError:
            return f"Unknown action {pick!r}."
        if action not in allowed:
            names = ", ".join(sorted(a.label for a in allowed))
            return f"{action.label} is not allowed for this {who}; allowed: {names}."
    return None


def veteran_action_pick_error(position: Position, picks: Iterable[str]) -> str | None:
    """M-P6: ``None`` when ``picks`` are two distinct actions allowed for ``position``."""
    return _pick_error(picks, veteran_actions_allowed(position), f"{position.label} Veteran")


def superstar_action_pick_error(picks: Iterable[str]) -> str | None:
    """M-P8: ``None`` when ``picks`` are two distinct Superstar actions."""
    return _pick_error(picks, superstar_actions_allowed(), "Superstar")


def pick_error(kind: PickKind, position: Position, picks: Iterable[str]) -> str | None:
    """``None`` when ``picks`` are two distinct actions a `kind` pick allows."""
    if kind == "veteran":
        return veteran_action_pick_error(position, picks)
    return superstar_action_pick_error(picks)
