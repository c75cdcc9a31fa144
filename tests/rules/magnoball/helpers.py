"""Small builders shared by the engine tests."""

from __future__ import annotations

from typing import Any

from rules.magnoball import PlayerSnapshot, Position, RuleSettings, Side, TeamSheet
from rules.magnoball.coach import Coach
from rules.magnoball.simulator import _Match


def player(position: Position, key: str | None = None, **changes: Any) -> PlayerSnapshot:
    """A Pro of ``position`` on the home side unless ``changes`` say otherwise."""
    key = key or position.value
    base: dict[str, Any] = {"key": key, "name": key.title(), "side": Side.HOME}
    base.update(changes)
    return PlayerSnapshot(position=position, **base)


def match_on_board(
    home: list[PlayerSnapshot],
    away: list[PlayerSnapshot],
    squares: dict[str, tuple[int, int] | None],
    *,
    settings: RuleSettings | None = None,
    seed: int = 0,
) -> _Match:
    """A match after its first face-off, with the players moved to ``squares`` (a key mapped
    to ``None`` goes into his own Goalie Box) and the ball loose nowhere, for tests of one
    activation. Players not named keep the squares the face-off gave them."""
    match = _Match(
        TeamSheet("h", "Home", tuple(home)),
        TeamSheet("a", "Away", tuple(away)),
        settings or RuleSettings(),
        seed,
        Coach(),
        Coach(),
    )
    state = match.state
    state.half = 1
    match._kick_off()
    match._drop_ball((0, 0))  # take the ball from the face-off winner ...
    state.loose_ball = None  # ... and leave it nowhere
    for key, square in squares.items():
        p = state.players[key]
        if p.square is not None:
            state.vacate(p.square)
        if p.in_goalie_box:
            state.goalie[p.side] = None
        p.on_field = True
        p.square = square
        p.in_goalie_box = square is None
        if square is None:
            state.goalie[p.side] = p.key
        else:
            state.occupy(p, square)
    state.field_changed()
    return match
