"""The match simulator: halves, face-offs, turns and every activation (M-G1 … M-G5, M-P3).

``simulate_match`` is the public entry point. It copies the snapshots, rolls every die from
``random.Random(seed)`` and records each roll and event, so the same inputs and seed give the
same match (M-D8). A half with no goal ends after ``activation_limit`` activations (M-G2).
"""

from __future__ import annotations

import dataclasses
import gc
import random
from collections.abc import Callable
from typing import Final

from .board import Board, Square, distance
from .coach import Coach, Decision, HandOff, Idle, LeaveBox, Move, Pass, Replace, Shoot, Tackle
from .contact import ContactKind, resolve_contact
from .dice import RandomDice, RollRecord
from .errors import MatchSetupError
from .face_off_and_movement import face_off, movement_roll
from .match_result import (
    MatchEvent,
    MatchInjury,
    MatchResult,
    PlayerStatLine,
    TeamSheet,
    TeamTotals,
)
from .match_state import LineupSlot, MatchState
from .outcomes import Condition
from .passing import hand_off, pass_ball
from .rolls import RollKind
from .scoring import shoot, walk_in_points
from .settings import RuleSettings
from .snapshot import MoveMode, PlayerSnapshot, Side
from .version import ENGINE_VERSION
from .vocabulary import FIRST_STRING_ORDER, Position, StatCategory

__all__ = ["MatchSetupError", "simulate_match"]


_OVERTIME: Final = 3
_PROGRESS_EVERY: Final = 50
#: The members of the enums a match walks through, as tuples: iterating an Enum class runs
#: interpreted code (EnumType.__iter__), even compiled.
_SIDES: Final = (Side.HOME, Side.AWAY)
_CATEGORIES: Final = tuple(StatCategory)
#: Settings already found valid (immutable: a frozen dataclass), by identity: their check
#: (``RuleSettings.errors``) and ``as_dict`` run interpreted, once per match otherwise.
_CHECKED: Final[list[tuple[RuleSettings, dict[str, object]]]] = []
_CHECKED_KEPT: Final = 16


def _checked_settings(settings: RuleSettings) -> dict[str, object]:
    """Raise :class:`MatchSetupError` for invalid ``settings``; else their ``as_dict()``
    (shared: copy before handing it out)."""
    for known, data in _CHECKED:
        if known is settings:
            return data
    errors = settings.errors()
    if errors:
        raise MatchSetupError(f"invalid rule settings: {errors}")
    data = settings.as_dict()
    if len(_CHECKED) >= _CHECKED_KEPT:
        _CHECKED.clear()
    _CHECKED.append((settings, data))  # held, so no other object gets its id
    return data


def simulate_match(
    *,
    home: TeamSheet,
    away: TeamSheet,
    settings: RuleSettings,
    seed: int,
    progress: Callable[[int], None] | None = None,
    home_coach: Coach | None = None,
    away_coach: Coach | None = None,
) -> MatchResult:
    """Play a whole match (M-G2): two halves, then an overtime half on a level score.

    ``progress`` is called with the number of activations played so far, every 50 and at the
    end. Snapshots are copied: the sheets are not changed.
    """
    _checked_settings(settings)
    match = _Match(home, away, settings, seed, home_coach or Coach(), away_coach or Coach())
    # Python's cyclic collector paused for the match, as it was after: a match makes tens of
    # thousands of short-lived tuples and lists, which reference counting frees, and every
    # 700 of them set off a collection that found nothing to collect: 7 % of a match
    # (docs/performance.md, "Engine"). A cycle made meanwhile waits for the next collection.
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return match.play(progress)
    finally:
        if paused:
            gc.enable()


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


class _Match:
    """One match being played: owns the state and carries out the coaches' decisions."""

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
            totals={s: {"shots": 0, "shot_goals": 0, "walk_ins": 0, "saves": 0} for s in _SIDES},
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

    # --- the match ---------------------------------------------------------------------------

    def play(self, progress: Callable[[int], None] | None) -> MatchResult:
        s = self.state
        total = 0
        for half in (1, 2, _OVERTIME):
            if half == _OVERTIME and s.score[Side.HOME] != s.score[Side.AWAY]:
                break
            s.half = half
            played = self._play_half(progress, total)
            self.per_half.append(played)
            total += played
        if progress is not None:
            progress(total)
        return self._result()

    def _play_half(self, progress: Callable[[int], None] | None, before: int) -> int:
        s = self.state
        limit = s.settings.activation_limit
        per_turn = s.settings.activations_per_turn
        self.half_over = False
        side = self._kick_off()
        s.activations = 0
        while not self.half_over and s.activations < limit:
            s.turn += 1
            acted: set[str] = set()
            for _ in range(per_turn):
                self._activate(side, acted)
                s.activations += 1
                if progress is not None and (before + s.activations) % _PROGRESS_EVERY == 0:
                    progress(before + s.activations)
                if self.half_over or s.activations >= limit:
                    break
            side = side.other
            if self._dead_half():
                self._event("half_end", None, (), f"half {s.half} ends: nobody can reach the ball")
                return s.activations
        if not self.half_over:
            self._event("half_end", None, (), f"half {s.half} ends with no goal")
        return s.activations

    def _dead_half(self) -> bool:
        """M-G2 (Decided): the half can only idle to its activation limit, so it ends now.

        That is when the ball is loose, neither team has a player on the grid (Goalies stay in
        their boxes) and no mid-game replacement can come on: every further activation would
        be an idle one, with no roll, and the score cannot change.
        """
        s = self.state
        return (
            s.ball_holder is None
            and not s.settings.mid_game_replacements
            and not s.on_field(Side.HOME)
            and not s.on_field(Side.AWAY)
        )

    # --- face-off (M-G2, M-G4, M-P3) ---------------------------------------------------------

    def _kick_off(self) -> Side:
        s = self.state
        s.clear_grid()
        s.field_changed()
        s.ball_holder = None
        s.loose_ball = None
        s.box_vacant.clear()
        s.turn += 1
        for player in s.players.values():
            player.on_field = False
            player.square = None
            player.in_goalie_box = False
            player.has_ball = False
            player.hurt = False  # M-G2: Hurt players return and Stunned ones recover
            player.stunned_until_turn = -1
            player.move_mode = MoveMode.NORMAL
        face_off_players: list[PlayerSnapshot] = []
        for side in _SIDES:
            self._substitute(side)
            face_off_players += self._line_up(side)
        if not face_off_players:
            return Side.HOME
        outcome = face_off(s.dice, face_off_players, s.settings, specs=s.spec)
        rolls = self._record(outcome.rolls)
        for player in face_off_players:
            self._count(player.key, StatCategory.FACE_OFFS, player.key == outcome.winner_key)
        winner = s.players[outcome.winner_key]
        self._give_ball(winner)
        self._event(
            "face_off",
            winner.side,
            tuple(p.key for p in face_off_players),
            f"half {s.half}: {self._label(winner)} wins the face-off",
            rolls,
        )
        return winner.side

    def _substitute(self, side: Side) -> None:
        """M-P3: an empty place (at kick-off) or an Incapacitated first-stringer's place (at
        the next face-off) goes to a fit second-stringer of its position."""
        s = self.state
        for slot in s.lineups[side]:
            if slot.key is not None and not s.players[slot.key].incapacitated:
                continue
            while slot.bench:
                candidate = s.players[slot.bench.pop(0)]
                if not candidate.incapacitated:
                    old = slot.key
                    slot.key = candidate.key
                    self._event(
                        "substitution",
                        side,
                        (candidate.key,) + ((old,) if old else ()),
                        f"{self._label(candidate)} comes on",
                    )
                    break
            else:
                if slot.key is not None and s.players[slot.key].incapacitated:
                    slot.key = None

    def _line_up(self, side: Side) -> list[PlayerSnapshot]:
        """Place ``side`` for a face-off; returns its two face-off players (M-G4)."""
        s = self.state
        board = s.board
        players = [s.players[slot.key] for slot in s.lineups[side] if slot.key is not None]
        players = [p for p in players if not p.incapacitated]
        for p in players:
            p.substitute_goalie = False
        goalie = next((p for p in players if p.position is Position.GOALIE), None)
        if goalie is None and len(players) > 1:
            # M-S5 (Decided): the highest die that is not a Forward keeps goal, one type less.
            goalie = max(
                players,
                key=lambda p: (p.position is not Position.FORWARD, p.position.base_die, p.key),
            )
            goalie.substitute_goalie = True
            self._event(
                "substitute_goalie", side, (goalie.key,), f"{self._label(goalie)} keeps goal"
            )
        s.goalie[side] = None if goalie is None else goalie.key
        s.keeper[side] = s.goalie[side]
        if goalie is not None:
            goalie.on_field = True
            goalie.in_goalie_box = True
            goalie.took_field = True
        field_players = [p for p in players if p is not goalie]
        # M-G4: Forwards face off; missing ones are replaced in descending die order.
        order = sorted(
            field_players,
            key=lambda p: (p.position is not Position.FORWARD, -p.position.base_die, p.key),
        )
        facing = order[:2]
        facing_keys = {p.key for p in facing}  # by key: a snapshot's == compares every field
        spots = {pos: list(sq) for pos, sq in s.formations[side].items()}
        for player, square in zip(facing, board.face_off_squares(side), strict=False):
            self._place(player, square)
        spots[Position.FORWARD] = []
        for player in sorted(field_players, key=lambda p: p.key):
            if player.key in facing_keys:
                continue
            free = [sq for sq in spots.get(player.position, []) if s.is_free(sq)]
            square = (
                free[0] if free else self._free_square_near(board.face_off_squares(side)[0], side)
            )
            self._place(player, square)
        return facing

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

    # --- activations -------------------------------------------------------------------------

    def _activate(self, side: Side, acted: set[str]) -> None:
        s = self.state
        if s.box_vacant and s.settings.substitute_goalie_at_once:
            for vacant in sorted(s.box_vacant):
                self._fill_box(vacant)
        decision: Decision = self.coaches[side].decide(s, side)
        key = getattr(decision, "key", None)
        if key is not None and key in acted:
            decision = Idle()  # one activation per player per turn
        self._carry_out(side, decision)
        if key is not None:
            acted.add(key)

    def _carry_out(self, side: Side, decision: Decision) -> None:
        """Hand a coach's decision to the action that plays it."""
        s = self.state
        if isinstance(decision, Move):
            self._move(s.players[decision.key], decision.target, decision.mode)
        elif isinstance(decision, Tackle):
            self._contact(s.players[decision.key], s.players[decision.target_key], decision.kind)
        elif isinstance(decision, Pass):
            self._pass(s.players[decision.key], s.players[decision.receiver_key])
        elif isinstance(decision, HandOff):
            self._hand_off(s.players[decision.key], s.players[decision.receiver_key])
        elif isinstance(decision, Shoot):
            self._shoot(s.players[decision.key], decision)
        elif isinstance(decision, Replace):
            self._replace(side, decision)
        elif isinstance(decision, LeaveBox):
            self._leave_box(s.players[decision.key])
        else:
            self._event("idle", side, (), "no player can act")

    def _assert_can_act(self, player: PlayerSnapshot) -> None:
        assert self.state.can_act(player), f"{player.key} cannot act"

    def _move(self, player: PlayerSnapshot, target: Square, mode: MoveMode) -> None:
        """M-G3: roll, then step towards ``target`` through free squares, stopping next to an
        opponent or on picking up a loose ball (M-T10). A mover who ends next to an opponent
        tackles (or, carrying the ball, may strike) one of them, M-G3/M-T1, whichever way he
        stopped: a pick-up next to an opponent is followed by contact too. A carrier on a
        shooting square walks into an empty Goalie Box (M-S5)."""
        s = self.state
        self._assert_can_act(player)
        assert player.square is not None
        outcome = movement_roll(s.dice, player, s.settings, mode, specs=s.spec)
        rolls = self._record([outcome.roll])
        player.move_mode = mode
        start = player.square
        steps = outcome.squares
        became_adjacent = False
        shooting = s.shooting[player.side]
        own_line = s.own_line[player.side]
        # M-S5 (setting off): the coach sent him to his goal line to take the empty box.
        walking_to_box = player.side in s.box_vacant and not player.has_ball and target in own_line
        threats = s.threats(player.side)
        while steps > 0:
            here = player.square
            assert here is not None
            if player.has_ball and here in shooting and s.goalie[player.side.other] is None:
                self._walk_in(player, rolls, start)
                return
            if walking_to_box and here in own_line:
                # M-S5 (setting off): the substitute reaches the box under his own power.
                self._event(
                    "move",
                    player.side,
                    (player.key,),
                    f"{self._label(player)} moves {distance(start, here)} ({mode})",
                    rolls,
                    start,
                    here,
                )
                self._take_box(player)
                return
            step = self._next_step(here, target, threats)
            if step is None:
                break
            s.step(player, step)
            steps -= 1
            became_adjacent = threats[s.number(step)] > 0
            if s.loose_ball == step:
                self._give_ball(player)
                self._event(
                    "pick_up",
                    player.side,
                    (player.key,),
                    f"{self._label(player)} picks up the ball",
                )
                break  # M-T10: he stops; became_adjacent still decides the M-G3 contact
            if became_adjacent:
                break
        self._event(
            "move",
            player.side,
            (player.key,),
            f"{self._label(player)} moves {distance(start, player.square)} ({mode})"
            + (", malfunction" if outcome.malfunction else ""),
            rolls,
            start,
            player.square,
        )
        if became_adjacent:
            choice = self.coaches[player.side].contact_after_move(s, player)
            self._contact(player, s.players[choice.target_key], choice.kind, moved=True)

    def _next_step(self, here: Square, target: Square, threats: list[int]) -> Square | None:
        """Greedy path: the free neighbour nearest ``target``, avoiding squares next to
        opponents (``threats`` counts them by square number), then the straightest; ``None``
        when no step gets closer. The least (distance + 2 x crowd, dx + dy, square), compared
        field by field without building a tuple per neighbour (the hot path); neighbours by
        square number, which orders like the squares (rows below ``rows``), and the occupancy
        read from a list by it, with no square hashed."""
        s = self.state
        occupied = s.occupied
        squares = s.squares
        tx, ty = target
        now = distance(here, target)
        best = -1  # the best square's number
        best_score = 0
        best_straight = 0
        for number in s.near_numbers[here[0] * s.board.rows + here[1]]:
            x, y = squares[number]
            dx = x - tx
            dy = y - ty
            if dx < 0:
                dx = -dx
            if dy < 0:
                dy = -dy
            d = dx if dx > dy else dy  # distance(square, target), inlined
            if d >= now or occupied[number] is not None:  # the int test first
                continue
            score = d + 2 * threats[number] if d else 0  # d is 0 only on the target itself
            straight = dx + dy
            if (
                best < 0
                or score < best_score
                or (
                    score == best_score
                    and (straight < best_straight or (straight == best_straight and number < best))
                )
            ):
                best, best_score, best_straight = number, score, straight
        return None if best < 0 else squares[best]

    def _walk_in(self, player: PlayerSnapshot, rolls: tuple[int, ...], start: Square) -> None:
        s = self.state
        points = walk_in_points(s.settings)
        self._count(player.key, StatCategory.SCORING, True)
        s.totals[player.side]["walk_ins"] += 1
        self._goal(
            player, points, f"{self._label(player)} walks into the empty Goalie Box", rolls, start
        )

    def _goal(
        self,
        player: PlayerSnapshot,
        points: int,
        text: str,
        rolls: tuple[int, ...],
        start: Square | None = None,
    ) -> None:
        s = self.state
        s.score[player.side] += points
        s.points[player.key] = s.points.get(player.key, 0) + points
        self._event("goal", player.side, (player.key,), f"{text}: {points} point(s)", rolls, start)
        self.half_over = True

    # --- contact (M-T1 … M-T6) ---------------------------------------------------------------

    def _contact(
        self,
        attacker: PlayerSnapshot,
        defender: PlayerSnapshot,
        kind: ContactKind,
        moved: bool = False,
    ) -> None:
        s = self.state
        if not moved:
            self._assert_can_act(attacker)
        assert attacker.square is not None
        assert defender.square is not None
        carrier_square = s.ball_square()
        outcome = resolve_contact(s.dice, attacker, defender, s.settings, kind, specs=s.spec)
        rolls = self._record(outcome.rolls)
        winner = outcome.winner_key
        self._count(attacker.key, StatCategory.TACKLES, winner == attacker.key)
        self._count(defender.key, StatCategory.TACKLES, winner == defender.key)
        if outcome.ball is not None and outcome.ball.steal is not None:
            for key in (attacker.key, defender.key):
                self._count(key, StatCategory.STEALING, outcome.ball.steal.winner_key == key)
        attacker.move_mode = MoveMode.NORMAL  # M-G5: tackling ends Evading / Rushing
        self._event(
            str(kind),
            attacker.side,
            (attacker.key, defender.key),
            f"{self._label(attacker)} {kind}s {self._label(defender)}: "
            f"{outcome.attacker_result} v {outcome.defender_result}, "
            f"{outcome.attacker_condition} / {outcome.defender_condition}",
            rolls,
            attacker.square,
            defender.square,
        )
        self._apply(attacker, outcome.attacker_condition)
        self._apply(defender, outcome.defender_condition)
        ball = outcome.ball
        if ball is None:
            return
        if ball.holder_key is None:
            assert carrier_square is not None
            self._drop_ball(carrier_square)
            self._event("loose", None, (), "the ball is loose")
            return
        holder = s.players[ball.holder_key]
        if ball.to_nearest_teammate or not holder.on_field:
            anchor = carrier_square if carrier_square is not None else defender.square
            mate = s.nearest_teammate(holder, anchor)
            if mate is None:
                self._drop_ball(anchor)
                self._event("loose", None, (), "the ball is loose")
                return
            holder = mate
        if holder.key != s.ball_holder:
            self._give_ball(holder)
            self._event(
                "possession", holder.side, (holder.key,), f"{self._label(holder)} has the ball"
            )

    def _apply(self, player: PlayerSnapshot, condition: Condition) -> None:
        s = self.state
        if condition is Condition.STUNNED:
            player.stunned_until_turn = s.turn + 2  # to the end of his team's next turn
        elif condition.leaves_field:
            if condition is Condition.HURT:
                player.hurt = True
            else:
                player.incapacitated = True
            s.injuries.append(MatchInjury(player.key, player.side, condition, s.half))
            s.leave_grid(player)
            if player.in_goalie_box:
                s.goalie[player.side] = None
            player.on_field = False
            player.in_goalie_box = False
            self._event(
                str(condition), player.side, (player.key,), f"{self._label(player)} is {condition}"
            )
            if player.key == s.keeper.get(player.side) and s.goalie[player.side] is None:
                s.box_vacant.add(player.side)  # M-S5: the team's keeper is taken out
                if s.settings.substitute_goalie_at_once:
                    self._fill_box(player.side)

    # --- passes (M-T7 … M-T9, M-S2) ----------------------------------------------------------

    def _hand_off(self, giver: PlayerSnapshot, receiver: PlayerSnapshot) -> None:
        s = self.state
        self._assert_can_act(giver)
        assert receiver.square is not None
        outcome = hand_off(s.dice, giver, receiver, s.settings, specs=s.spec)
        rolls = self._record(outcome.rolls)
        giver.move_mode = MoveMode.NORMAL
        self._count(giver.key, StatCategory.PASSING, not outcome.fumble)
        if outcome.fumble:
            square, scatter = self._scatter(receiver.square)
            self._drop_ball(square)
            rolls += scatter
            text = f"{self._label(giver)} fumbles the hand-off to {self._label(receiver)}"
        else:
            self._give_ball(receiver)
            text = f"{self._label(giver)} hands off to {self._label(receiver)}"
        self._event(
            "hand_off",
            giver.side,
            (giver.key, receiver.key),
            text,
            rolls,
            giver.square,
            receiver.square,
        )

    def _pass(self, passer: PlayerSnapshot, receiver: PlayerSnapshot) -> None:
        s = self.state
        self._assert_can_act(passer)
        assert receiver.square is not None
        board = s.board
        if passer.in_goalie_box:
            dist = board.distance_from_box(passer.side, receiver.square)
        else:
            assert passer.square is not None
            dist = distance(passer.square, receiver.square)
        blocker = self._blocker(passer, receiver)
        outcome = pass_ball(s.dice, passer, receiver, dist, s.settings, blocker, specs=s.spec)
        rolls = self._record(outcome.rolls)
        passer.move_mode = MoveMode.NORMAL
        self._count(passer.key, StatCategory.PASSING, outcome.completed)
        if blocker is not None and len(outcome.rolls) == 3:
            self._count(blocker.key, StatCategory.BLOCKING_PASSES, outcome.blocked)
        if outcome.completed:
            self._give_ball(receiver)
            text = f"{self._label(passer)} passes to {self._label(receiver)}"
            text += f" ({outcome.total} v {dist})"
        elif outcome.intercepted:
            assert blocker is not None
            self._give_ball(blocker)
            text = f"{self._label(blocker)} intercepts"
        else:
            around = receiver.square
            if outcome.blocked:
                assert blocker is not None
                assert blocker.square is not None
                around = blocker.square
            square, scatter = self._scatter(around)
            self._drop_ball(square)
            rolls += scatter
            text = "the pass is blocked" if outcome.blocked else "the pass falls short"
        self._event(
            "pass",
            passer.side,
            (passer.key, receiver.key) + ((blocker.key,) if blocker else ()),
            text,
            rolls,
            passer.square,
            receiver.square,
        )

    def _blocker(self, passer: PlayerSnapshot, receiver: PlayerSnapshot) -> PlayerSnapshot | None:
        """M-T9: the defender with the best chance to block, within 2 squares of the passer or
        the receiver and in a row in front of that player."""
        s = self.state
        if not s.settings.pass_blocking:
            return None
        board = s.board
        best: tuple[int, str, PlayerSnapshot] | None = None
        for defender in s.on_field(passer.side.other):
            if not s.can_act(defender):
                continue
            assert defender.square is not None
            eligible = False
            if passer.in_goalie_box:
                eligible = board.distance_from_box(passer.side, defender.square) <= 2
            elif passer.square is not None and distance(passer.square, defender.square) <= 2:
                eligible = board.in_front(passer.side, defender.square, passer.square)
            if not eligible and receiver.square is not None:
                eligible = distance(receiver.square, defender.square) <= 2 and board.in_front(
                    passer.side, defender.square, receiver.square
                )
            if not eligible:
                continue
            spec = s.spec(defender, RollKind.BLOCK_PASS)
            assert spec is not None
            option = (spec.sides * spec.count, defender.key, defender)
            if best is None or option[:2] < best[:2]:
                best = option
        return None if best is None else best[2]

    # --- shots (M-S1 … M-S5) -----------------------------------------------------------------

    def _shoot(self, shooter: PlayerSnapshot, decision: Shoot) -> None:
        s = self.state
        self._assert_can_act(shooter)
        assert shooter.square is not None
        goalie_key = s.goalie[shooter.side.other]
        goalie = None if goalie_key is None else s.players[goalie_key]
        rng = s.board.shot_range(shooter.side, shooter.square)
        outcome = shoot(
            s.dice,
            shooter,
            goalie,
            s.settings,
            range_squares=rng,
            zone=decision.zone,
            ricochet=decision.ricochet,
            specs=s.spec,
        )
        rolls = self._record(outcome.rolls)
        shooter.move_mode = MoveMode.NORMAL
        totals = s.totals[shooter.side]
        totals["shots"] += 1
        self._count(shooter.key, StatCategory.SCORING, outcome.goal)
        if goalie is not None:
            self._count(goalie.key, StatCategory.SAVES, outcome.saved)
        if outcome.goal:
            totals["shot_goals"] += 1
            zone = str(decision.zone) + (" ricochet" if decision.ricochet else "")
            self._goal(
                shooter,
                outcome.points,
                f"{self._label(shooter)} scores ({zone}, range {rng})",
                rolls,
            )
            return
        assert goalie is not None
        s.totals[goalie.side]["saves"] += 1
        self._give_ball(goalie)
        self._event(
            "save", goalie.side, (goalie.key, shooter.key), f"{self._label(goalie)} saves", rolls
        )
        # M-S2: the Goalie passes to a team-mate of his choice straight away.
        receiver = self.coaches[goalie.side].best_receiver(s, goalie)
        if receiver is not None:
            self._pass(goalie, receiver)

    def _fill_box(self, side: Side) -> None:
        """M-S5 (setting on): a substitute Goalie takes the emptied box at once (seed: "The
        new player can move into the Goalie position immediately"), if anyone can."""
        candidate = self.state.box_candidate(side)
        if candidate is not None:
            self._take_box(candidate)

    def _take_box(self, player: PlayerSnapshot) -> None:
        """M-S5: ``player`` steps off the grid into his own Goalie Box and keeps goal, a
        substitute (one die type less for saves) unless he is a Goalie."""
        s = self.state
        side = player.side
        start = player.square
        s.leave_grid(player)
        player.in_goalie_box = True
        player.move_mode = MoveMode.NORMAL
        player.substitute_goalie = player.position is not Position.GOALIE
        s.goalie[side] = player.key
        s.keeper[side] = player.key
        s.box_vacant.discard(side)
        self._event(
            "substitute_goalie",
            side,
            (player.key,),
            f"{self._label(player)} takes the Goalie Box",
            (),
            start,
            None,
        )

    def _leave_box(self, goalie: PlayerSnapshot) -> None:
        """Decided: a Goalie with the ball and no team-mate on the field walks out of his box
        onto the nearest free square of his goal line; the box is then empty (M-S5)."""
        s = self.state
        self._assert_can_act(goalie)
        free = [sq for sq in s.board.goal_line_squares(goalie.side) if s.is_free(sq)]
        square = (
            free[0]
            if free
            else self._free_square_near(s.board.goal_line_squares(goalie.side)[0], goalie.side)
        )
        goalie.in_goalie_box = False
        s.goalie[goalie.side] = None
        self._place(goalie, square)
        self._event(
            "leave_box",
            goalie.side,
            (goalie.key,),
            f"{self._label(goalie)} leaves his box",
            (),
            None,
            square,
        )

    # --- replacements (M-P3 option) ----------------------------------------------------------

    def _replace(self, side: Side, decision: Replace) -> None:
        s = self.state
        slot = s.lineups[side][decision.slot]
        player = s.players[decision.bench_key]
        free = [sq for sq in s.board.replacement_squares(side) if s.is_free(sq)]
        assert free
        assert decision.bench_key in slot.bench
        slot.bench.remove(decision.bench_key)
        old = slot.key
        slot.key = player.key
        self._place(player, free[0])
        self._event(
            "substitution",
            side,
            (player.key,) + ((old,) if old else ()),
            f"{self._label(player)} comes on mid-game",
            (),
            None,
            free[0],
        )
        if side in s.box_vacant and s.settings.substitute_goalie_at_once:
            self._fill_box(side)

    # --- result --------------------------------------------------------------------------------

    def _result(self) -> MatchResult:
        s = self.state
        lines = []
        zero = dict.fromkeys(_CATEGORIES, 0)  # every category, in order
        for key, player in s.players.items():
            lines.append(
                PlayerStatLine(
                    key,
                    player.side,
                    zero | s.attempts.get(key, {}),
                    zero | s.successes.get(key, {}),
                    s.points.get(key, 0),
                    player.took_field,
                )
            )
        home, away = s.score[Side.HOME], s.score[Side.AWAY]
        return MatchResult(
            home_key=self.home.key,
            away_key=self.away.key,
            home_score=home,
            away_score=away,
            overtime=len(self.per_half) > 2,
            drawn=home == away,
            stat_lines=tuple(lines),
            injuries=tuple(s.injuries),
            events=tuple(s.events),
            rolls=tuple(s.rolls),
            seed=self.seed,
            engine_version=ENGINE_VERSION,
            settings={  # each result its own copy (the tie-breakers are a list)
                name: list(value) if isinstance(value, list) else value
                for name, value in _checked_settings(s.settings).items()
            },
            home_totals=TeamTotals(**s.totals[Side.HOME]),
            away_totals=TeamTotals(**s.totals[Side.AWAY]),
            activations=tuple(self.per_half),
        )
