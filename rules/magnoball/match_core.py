"""The state of one match being played and its bookkeeping: the copied players, the rolls,
events and counts recorded, and where players and the ball are put."""

from __future__ import annotations

import dataclasses
import random
from typing import Final

from .board import Board, Square, distance
from .coach import Coach
from .dice import RandomDice, RollRecord
from .errors import MatchSetupError
from .match_result import MatchEvent, TeamSheet
from .match_state import LineupSlot, MatchState
from .settings import RuleSettings
from .snapshot import PlayerSnapshot, Side
from .vocabulary import FIRST_STRING_ORDER, Position, StatCategory

__all__ = ["SIDES", "MatchCore"]

#: The sides as a tuple: iterating an Enum class runs interpreted code (EnumType.__iter__),
#: even compiled.
SIDES: Final = (Side.HOME, Side.AWAY)


#: The fixed traits of a snapshot (everything before the in-match state): what a copy keeps.
_FIELDS = [f.name for f in dataclasses.fields(PlayerSnapshot)]
_TRAITS = tuple(_FIELDS[: _FIELDS.index("on_field")])
_COPIED = (
    "key",
    "name",
    "side",
    "position",
    "status",
    "veteran_actions",
    "superstar",
    "superstar_actions",
    "stat_levels",
    "enhancements",
)
if _TRAITS != _COPIED:  # a new trait must be copied by _copy too
    raise RuntimeError(f"_copy is out of date with PlayerSnapshot's traits: {_TRAITS}")


def _copy(player: PlayerSnapshot, side: Side) -> PlayerSnapshot:
    """The player's traits on ``side``, with every in-match field at its default (named one by
    one: a ``**`` dict of them is built and unpacked interpreted, even compiled)."""
    return PlayerSnapshot(
        key=player.key,
        name=player.name,
        side=side,
        position=player.position,
        status=player.status,
        veteran_actions=player.veteran_actions,
        superstar=player.superstar,
        superstar_actions=player.superstar_actions,
        stat_levels=player.stat_levels,
        enhancements=player.enhancements,
    )


def _lineup(sheet: TeamSheet, side: Side) -> list[LineupSlot]:
    """M-P3: each first-stringer's place, with the same-position second-stringers behind.

    A place of the M-P2 first string with nobody of its position on the sheet (he was injured,
    on the injured list or retired before the match) starts empty, up to 11 places in all, so
    the kick-off gives it to a fit second-stringer of that position (seed: "injured players
    are substituted by their second-string counterparts as needed"). A sheet whose kick-off
    line-up is fixed (``TeamSheet.kick_off_fixed``) has only its starters' places.
    """
    bench: dict[Position, list[str]] = {}
    for player in sheet.second_string:
        bench.setdefault(player.position, []).append(player.key)
    slots = [
        LineupSlot(p.position, p.key, bench.setdefault(p.position, [])) for p in sheet.first_string
    ]
    if sheet.kick_off_fixed:
        return slots
    named: dict[Position, int] = {}  # a dict, not a Counter: Counter's code is interpreted
    for p in sheet.first_string:
        named[p.position] = named.get(p.position, 0) + 1
    for position in FIRST_STRING_ORDER:
        if len(slots) >= len(FIRST_STRING_ORDER):
            break
        if named.get(position, 0):
            named[position] -= 1
            continue
        slots.append(LineupSlot(position, None, bench.setdefault(position, [])))
    return slots


class MatchCore:
    """One match's state and the records every part of its play writes (the simulator's
    base: the activations and the match's course are its subclasses)."""

    def __init__(
        self,
        home: TeamSheet,
        away: TeamSheet,
        settings: RuleSettings,
        seed: int,
        home_coach: Coach,
        away_coach: Coach,
    ) -> None:
        players: dict[str, PlayerSnapshot] = {}
        for sheet, side in ((home, Side.HOME), (away, Side.AWAY)):
            for player in sheet.players:
                if player.key in players:
                    raise MatchSetupError(f"player key {player.key!r} appears twice")
                players[player.key] = _copy(player, side)
        self.home = home
        self.away = away
        self.seed = seed
        self.coaches = {Side.HOME: home_coach, Side.AWAY: away_coach}
        #: The event texts' player labels, made once a match: ``PlayerSnapshot.label`` builds
        #: an f-string (and reads an Enum property) on every call, some 280 a match.
        self.labels = {key: player.label for key, player in players.items()}
        self.state = MatchState(
            settings=settings,
            board=Board(settings.board_columns, settings.board_rows),
            dice=RandomDice(random.Random(seed)),
            players=players,
            lineups={Side.HOME: _lineup(home, Side.HOME), Side.AWAY: _lineup(away, Side.AWAY)},
            score={Side.HOME: 0, Side.AWAY: 0},
            totals={s: {"shots": 0, "shot_goals": 0, "walk_ins": 0, "saves": 0} for s in SIDES},
            goalie={Side.HOME: None, Side.AWAY: None},
        )
        self.half_over = False
        self.per_half: list[int] = []

    # --- bookkeeping -------------------------------------------------------------------------

    def _record(self, rolls: tuple[RollRecord, ...] | list[RollRecord]) -> tuple[int, ...]:
        recorded = self.state.rolls
        start = len(recorded)
        recorded.extend(rolls)
        # A generator over range() in tuple() is a native loop; tuple(range()) makes a range
        # object and iterates it through Python (some 150 times a match).
        return tuple(index for index in range(start, len(recorded)))

    def _event(
        self,
        kind: str,
        side: Side | None,
        players: tuple[str, ...],
        text: str,
        rolls: tuple[int, ...] = (),
        from_square: Square | None = None,
        to_square: Square | None = None,
    ) -> None:
        s = self.state
        s.events.append(
            MatchEvent(
                kind,
                s.half,
                s.turn,
                side,
                players,
                from_square,
                to_square,
                s.ball_square(),
                text,
                rolls,
            )
        )

    def _label(self, player: PlayerSnapshot) -> str:
        return self.labels[player.key]

    def _count(self, key: str, category: StatCategory, success: bool) -> None:
        s = self.state
        attempts = s.attempts.setdefault(key, {})
        attempts[category] = attempts.get(category, 0) + 1
        if success:
            successes = s.successes.setdefault(key, {})
            successes[category] = successes.get(category, 0) + 1

    # --- placing players and the ball ----------------------------------------------------------

    def _free_square_near(self, origin: Square, side: Side) -> Square:
        board = self.state.board
        half = (
            range(0, board.rows // 2) if side is Side.HOME else range(board.rows // 2, board.rows)
        )
        candidates = [
            (x, y) for y in half for x in range(board.columns) if self.state.is_free((x, y))
        ]
        return min(candidates, key=lambda sq: (distance(sq, origin), sq))

    def _place(self, player: PlayerSnapshot, square: Square) -> None:
        player.on_field = True
        player.square = square
        player.took_field = True
        self.state.occupy(player, square)
        self.state.field_changed()

    # --- ball ----------------------------------------------------------------------------------

    def _give_ball(self, player: PlayerSnapshot) -> None:
        s = self.state
        if s.ball_holder is not None:
            s.players[s.ball_holder].has_ball = False
        s.ball_holder = player.key
        s.loose_ball = None
        player.has_ball = True

    def _drop_ball(self, square: Square) -> None:
        s = self.state
        if s.ball_holder is not None:
            s.players[s.ball_holder].has_ball = False
        s.ball_holder = None
        s.loose_ball = square

    def _scatter(self, around: Square) -> tuple[Square, tuple[int, ...]]:
        """M-T7/M-T8: a random free square next to ``around`` (rolled and recorded)."""
        s = self.state
        free = [sq for sq in s.neighbours[around] if s.is_free(sq)]
        if not free:
            return around if s.is_free(around) else self._free_square_near(around, Side.HOME), ()
        if len(free) == 1:
            return free[0], ()
        face = s.dice.roll(len(free))
        record = RollRecord("scatter", f"d{len(free)}", (face,), 0, face, None, "loose ball")
        return free[face - 1], self._record([record])
