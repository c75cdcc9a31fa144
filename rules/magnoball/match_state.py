"""The state of a match in progress, and the read-only questions coaches ask about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from .board import Board, Square, distance
from .dice import DiceSource, RollRecord
from .match_result import MatchEvent, MatchInjury
from .roll_spec import RollSpec
from .rolls import GoalZone, RollKind, effective_roll, roll_token
from .settings import RuleSettings
from .snapshot import MoveMode, PlayerSnapshot, Side
from .vocabulary import Position, StatCategory

if TYPE_CHECKING:
    from .coach import Shoot

__all__ = ["LineupSlot", "MatchState", "member_number"]

#: Memos shared by every match in this process, keyed by roll tokens (rolls.roll_token), not
#: player keys: a roster's second match finds its specs and odds already worked out. Pure
#: functions of their keys, so sharing them never changes a match; cleared when large.
_SHARED_SPECS: Final[dict[object, RollSpec | None]] = {}
_SHARED_REACH: Final[dict[int, float]] = {}
_SHARED_ODDS: Final[dict[int, float]] = {}
_SHARED_KEPT: Final = 200_000

#: Small numbers for the enums in memo keys: the keys pack into one int, which is far cheaper
#: to build, hash and compare than a tuple (tokens stay below 2**32, rolls.roll_token). The
#: three-member enums go in by their place (:func:`member_number`), the roll kinds by a dict.
KIND_NUMBER: Final = {kind: i for i, kind in enumerate(RollKind)}  # 15 kinds: 4 bits
MODES: Final = tuple(MoveMode)  # 3 modes: 2 bits
_ZONES: Final = tuple(GoalZone)  # 3 zones: 2 bits
_RANGE_LIMIT: Final = 1 << 10
#: The sides as finals (C statics when compiled): no module-dict and class look-up per use.
_HOME: Final = Side.HOME
_AWAY: Final = Side.AWAY


def member_number(member: object, members: tuple[object, ...]) -> int:
    """``member``'s place in ``members``, found by identity: compiled, a pointer test or
    three, where a dict keyed by Enum members costs a hashed look-up (several per memo key);
    for a few members only (pure Python, each test costs more than a dict look-up)."""
    for number, candidate in enumerate(members):
        if candidate is member:
            return number
    raise ValueError(f"{member!r} is not one of {members!r}")


def _shared_specs() -> dict[object, RollSpec | None]:
    return _SHARED_SPECS


def _shared_reach() -> dict[int, float]:
    return _SHARED_REACH


def _shared_odds() -> dict[int, float]:
    return _SHARED_ODDS


def _count_around(counts: list[int], numbers: tuple[int, ...], change: int) -> None:
    """Add ``change`` to ``counts`` at each of ``numbers`` (a :meth:`MatchState.threats` map).
    Spelled out, not ``+=``: mypyc compiles an augmented list item to a generic, boxed
    number operation, and this plain one to machine-int arithmetic."""
    for number in numbers:
        counts[number] = counts[number] + change


@lru_cache(maxsize=64)
def _near_numbers(columns: int, rows: int) -> tuple[tuple[int, ...], ...]:
    """Each square's neighbours by square number (column x rows + row), in the order of the
    board's neighbour table, once per board size (a shared memo, so a tuple)."""
    near = Board(columns, rows).neighbour_table()
    numbers: list[tuple[int, ...]] = [()] * (columns * rows)
    for (x, y), squares in near.items():
        numbers[x * rows + y] = tuple(c * rows + r for c, r in squares)
    return tuple(numbers)


@lru_cache(maxsize=64)
def _squares(columns: int, rows: int) -> tuple[Square, ...]:
    """The square of each square number (the inverse of :meth:`MatchState.number`)."""
    return tuple((x, y) for x in range(columns) for y in range(rows))


@dataclass(slots=True)
class LineupSlot:
    """One first-string place: who fills it now, and who may still come on for it (M-P3)."""

    position: Position
    key: str | None
    bench: list[str]

    # Its own __init__: mypyc compiles it natively (a dataclass's runs interpreted).
    def __init__(self, position: Position, key: str | None, bench: list[str]) -> None:
        self.position = position
        self.key = key
        self.bench = bench


@dataclass(slots=True)
class MatchState:
    """Everything that changes during a match. The simulator writes it; coaches only read."""

    settings: RuleSettings
    board: Board
    dice: DiceSource  # RandomDice in a match; tests script the faces (ScriptedDice)
    players: dict[str, PlayerSnapshot]
    lineups: dict[Side, list[LineupSlot]]
    goalie: dict[Side, str | None] = field(default_factory=dict)
    ball_holder: str | None = None
    loose_ball: Square | None = None
    half: int = 0
    turn: int = 0
    activations: int = 0
    score: dict[Side, int] = field(default_factory=dict)
    rolls: list[RollRecord] = field(default_factory=list)
    events: list[MatchEvent] = field(default_factory=list)
    injuries: list[MatchInjury] = field(default_factory=list)
    attempts: dict[str, dict[StatCategory, int]] = field(default_factory=dict)
    successes: dict[str, dict[StatCategory, int]] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    totals: dict[Side, dict[str, int]] = field(default_factory=dict)
    #: M-S5: who keeps each side's goal this half (the Goalie or a substitute), and the sides
    #: whose keeper was taken out with nobody in the box yet.
    keeper: dict[Side, str | None] = field(default_factory=dict)
    box_vacant: set[Side] = field(default_factory=set)
    _specs: dict[object, RollSpec | None] = field(default_factory=_shared_specs)
    _tokens: dict[str, int] = field(default_factory=dict)
    _on_field: dict[Side, list[PlayerSnapshot]] = field(default_factory=dict)
    #: :meth:`threats` per side, kept up to date by :meth:`step` and :meth:`leave_grid`
    #: (dropped on field_changed).
    _threats: dict[Side, list[int]] = field(default_factory=dict)
    #: Coach memos (pure functions of the players' roll tokens and roll-relevant state); the
    #: shot memo holds decisions naming this match's players, so it is this match's own.
    reach_memo: dict[int, float] = field(default_factory=_shared_reach)
    odds_memo: dict[int, float] = field(default_factory=_shared_odds)
    shot_memo: dict[tuple[object, ...], tuple[float, Shoot] | None] = field(default_factory=dict)
    #: The board's fixed geometry, looked up once per match instead of per step: the board's
    #: neighbour memo (do not change it), and per side its shooting squares (M-S1), the
    #: goal-line squares in front of its own box and its face-off formation (do not change
    #: its lists).
    neighbours: dict[Square, tuple[Square, ...]] = field(default_factory=dict)
    shooting: dict[Side, tuple[Square, Square]] = field(default_factory=dict)
    own_line: dict[Side, tuple[Square, Square]] = field(default_factory=dict)
    formations: dict[Side, dict[Position, list[Square]]] = field(default_factory=dict)
    #: The neighbours again by square number (:meth:`number`), for the :meth:`threats`
    #: counts: ints index a list, where tuples would be hashed into a dict at every step.
    near_numbers: tuple[tuple[int, ...], ...] = ()
    #: Who stands on each square, by square number (:meth:`number`; :meth:`is_free` asks by
    #: square): the hot questions (the path step, who is adjacent) index a list, with no
    #: square tuple hashed. Change it only through :meth:`occupy`, :meth:`vacate`,
    #: :meth:`step` and :meth:`clear_grid`. And each number's square.
    occupied: list[PlayerSnapshot | None] = field(default_factory=list)
    squares: tuple[Square, ...] = ()

    def __post_init__(self) -> None:
        self.neighbours = self.board.neighbour_table()
        self.near_numbers = _near_numbers(self.board.columns, self.board.rows)
        self.squares = _squares(self.board.columns, self.board.rows)
        self.occupied = [None] * len(self.squares)
        for side in (Side.HOME, Side.AWAY):  # not the Enum class: its __iter__ is interpreted
            self.shooting[side] = self.board.shooting_squares(side)
            self.own_line[side] = self.board.goal_line_squares(side)
            self.formations[side] = self.board.formation(side)
        for memo in (_SHARED_SPECS, _SHARED_REACH, _SHARED_ODDS):
            if len(memo) >= _SHARED_KEPT:
                memo.clear()

    def token(self, player: PlayerSnapshot) -> int:
        """:func:`~rules.magnoball.rolls.roll_token` of ``player`` (fixed for the match)."""
        token = self._tokens.get(player.key)
        if token is None:
            token = self._tokens[player.key] = roll_token(player, self.settings)
        return token

    # --- questions ---------------------------------------------------------------------------

    def on_field(self, side: Side) -> list[PlayerSnapshot]:
        """Players of ``side`` standing on the grid (the Goalie in his box is not).

        Cached until :meth:`field_changed` (:meth:`leave_grid` replaces it); callers must not
        change the list.
        """
        cached = self._on_field.get(side)
        if cached is None:
            cached = [
                p
                for p in self.players.values()
                if p.side is side and p.on_field and p.square is not None
            ]
            self._on_field[side] = cached
        return cached

    def field_changed(self) -> None:
        """Someone came onto the grid (or several changed at a kick-off): forget the cached
        :meth:`on_field` lists and :meth:`threats` maps."""
        self._on_field.clear()
        self._threats.clear()

    def number(self, square: Square) -> int:
        """``square``'s place in the :meth:`threats` list (column by column)."""
        return square[0] * self.board.rows + square[1]

    def threats(self, side: Side) -> list[int]:
        """For each square by :meth:`number`, how many opponents of ``side`` stand next to it.

        Built once, then updated by :meth:`step`; callers must not change it.
        """
        cached = self._threats.get(side)
        if cached is None:
            near_numbers = self.near_numbers
            rows = self.board.rows
            cached = [0] * len(near_numbers)
            for opponent in self.on_field(side.other):
                square = opponent.square
                assert square is not None
                _count_around(cached, near_numbers[square[0] * rows + square[1]], 1)
            self._threats[side] = cached
        return cached

    def is_free(self, square: Square) -> bool:
        """Does nobody stand on ``square`` (a square of the board)?"""
        return self.occupied[square[0] * self.board.rows + square[1]] is None

    def occupy(self, player: PlayerSnapshot, square: Square) -> None:
        """``player`` now stands on ``square`` (the caller sets his own fields)."""
        self.occupied[square[0] * self.board.rows + square[1]] = player

    def vacate(self, square: Square) -> None:
        """Nobody stands on ``square`` any more."""
        self.occupied[square[0] * self.board.rows + square[1]] = None

    def clear_grid(self) -> None:
        """Nobody stands on the grid (a kick-off)."""
        self.occupied = [None] * len(self.squares)

    def step(self, player: PlayerSnapshot, to: Square) -> None:
        """Move ``player`` from his square to the free square ``to``, keeping the occupancy
        and the opponents' :meth:`threats` counts in step (no rebuild per move)."""
        here = player.square
        assert here is not None
        player.square = to
        rows = self.board.rows
        here_number = here[0] * rows + here[1]
        to_number = to[0] * rows + to[1]
        occupied = self.occupied
        occupied[here_number] = None
        occupied[to_number] = player
        # the opponents' side without Side.other (a property of a non-native class)
        cached = self._threats.get(_AWAY if player.side is _HOME else _HOME)
        if cached is not None:
            _count_around(cached, self.near_numbers[here_number], -1)
            _count_around(cached, self.near_numbers[to_number], 1)

    def leave_grid(self, player: PlayerSnapshot) -> None:
        """``player`` steps off the grid (taken out, or into his Goalie Box): his square is
        freed, and the cached :meth:`on_field` list and the opponents' :meth:`threats` counts
        lose him without a rebuild (a player leaves the grid some 40 times a match). The
        caller sets his other fields."""
        square = player.square
        if square is None:
            return
        self.vacate(square)
        player.square = None
        side = player.side
        cached = self._on_field.get(side)
        if cached is not None:  # a new list: a caller may be iterating over the old one
            self._on_field[side] = [p for p in cached if p is not player]
        counts = self._threats.get(_AWAY if side is _HOME else _HOME)
        if counts is not None:
            _count_around(counts, self.near_numbers[self.number(square)], -1)

    def can_act(self, player: PlayerSnapshot) -> bool:
        return player.on_field and not player.is_stunned(self.turn)

    def ball_square(self) -> Square | None:
        if self.ball_holder is not None:
            return self.players[self.ball_holder].square
        return self.loose_ball

    def adjacent_opponents(self, player: PlayerSnapshot, square: Square | None = None) -> list[str]:
        """Opponents on the squares round ``square`` (default: the player's own square)."""
        square = player.square if square is None else square
        if square is None:
            return []
        occupied = self.occupied
        side = player.side
        found = []
        for number in self.near_numbers[square[0] * self.board.rows + square[1]]:
            near = occupied[number]
            if near is not None and near.side is not side:
                found.append(near.key)
        return found

    def is_pressed(self, player: PlayerSnapshot) -> bool:
        """Does an opponent stand next to ``player``? (:meth:`adjacent_opponents` is not empty,
        with no list built.)"""
        square = player.square
        if square is None:
            return False
        occupied = self.occupied
        side = player.side
        for number in self.near_numbers[square[0] * self.board.rows + square[1]]:
            near = occupied[number]
            if near is not None and near.side is not side:
                return True
        return False

    def can_step_closer(self, here: Square, target: Square) -> bool:
        """Is there a free square next to ``here`` nearer to ``target``?"""
        now = distance(here, target)
        occupied = self.occupied
        squares = self.squares
        for number in self.near_numbers[here[0] * self.board.rows + here[1]]:
            # the int test first: no occupancy read for a square that is no nearer
            if distance(squares[number], target) < now and occupied[number] is None:
                return True
        return False

    def box_candidate(self, side: Side) -> PlayerSnapshot | None:
        """M-S5: who of ``side`` would take an emptied Goalie Box: a player on the grid who can
        act and does not hold the ball, the highest die that is not a Forward first (as at a
        face-off, Decided); ``None`` when nobody can."""
        best: tuple[bool, int, str] | None = None
        for p in self.on_field(side):
            if p.has_ball or not self.can_act(p):
                continue
            option = (p.position is not Position.FORWARD, p.position.base_die, p.key)
            if best is None or option > best:
                best = option
        return None if best is None else self.players[best[2]]

    def nearest_teammate(self, player: PlayerSnapshot, square: Square) -> PlayerSnapshot | None:
        """M-T4: the nearest team-mate on the field (ties: lowest key)."""
        best: tuple[int, str] | None = None
        for mate in self.on_field(player.side):
            if mate.key == player.key:
                continue
            assert mate.square is not None
            candidate = (distance(mate.square, square), mate.key)
            if best is None or candidate < best:
                best = candidate
        return None if best is None else self.players[best[1]]

    def spec(
        self,
        player: PlayerSnapshot,
        kind: RollKind,
        *,
        mode: MoveMode | None = None,
        range_squares: int = 0,
        zone: GoalZone = GoalZone.NORMAL,
        after_ricochet: bool = False,
        hurt: bool | None = None,
    ) -> RollSpec | None:
        """:func:`effective_roll`, memoised by roll token (traits do not change in a match) in
        a memo every match shares; a :class:`~rules.magnoball.rolls.RollSpecs` for the rule
        functions."""
        mode = player.move_mode if mode is None else mode
        hurt = player.hurt if hurt is None else hurt
        key: object
        if 0 <= range_squares < _RANGE_LIMIT:
            flags = (4 if after_ricochet else 0) + (2 if hurt else 0)
            flags += 1 if player.substitute_goalie else 0
            key = (
                ((self.token(player) * 16 + KIND_NUMBER[kind]) * 4 + member_number(mode, MODES)) * 4
                + member_number(zone, _ZONES)
            ) * 8 + flags
            key = key * _RANGE_LIMIT + range_squares
        else:  # no board is this big; a tuple keeps the memo right all the same
            key = (self.token(player), kind, mode, range_squares, zone, after_ricochet, hurt)
            key = (key, player.substitute_goalie)
        try:
            return self._specs[key]
        except KeyError:
            spec = effective_roll(
                player,
                kind,
                self.settings,
                mode=mode,
                range_squares=range_squares,
                zone=zone,
                after_ricochet=after_ricochet,
                hurt=hurt,
            )
            self._specs[key] = spec
            return spec
