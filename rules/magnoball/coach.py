"""A computer coach: picks each activation from the odds (M-G3, M-G5, M-T*, M-S*).

The carrier heads for the nearer shooting square and shoots when the odds are good, passing
when he is hemmed in; defenders send their best reachable tackler at the carrier; the nearest
player chases a loose ball; the Goalie holds his box. Every choice is a pure function of the
match state, so a seed reproduces the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .board import Square, distance
from .contact import ContactKind, contact_error
from .face_off_and_movement import move_mode_error
from .match_state import MODES, MatchState, member_number
from .odds import mean_result, sum_exceeds_chance, win_chance
from .roll_spec import plain_spec
from .rolls import GoalZone, RollKind
from .snapshot import MoveMode, PlayerSnapshot, Side
from .vocabulary import Position

__all__ = [
    "Coach",
    "ContactChoice",
    "Decision",
    "HandOff",
    "Idle",
    "LeaveBox",
    "Move",
    "Pass",
    "Replace",
    "Shoot",
    "Tackle",
]


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class Move:
    key: str
    target: Square
    mode: MoveMode = MoveMode.NORMAL

    def __init__(self, key: str, target: Square, mode: MoveMode = MoveMode.NORMAL) -> None:
        self.key = key
        self.target = target
        self.mode = mode


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class Tackle:
    """A tackle or assault on an adjacent opponent without moving (a move of no squares)."""

    key: str
    target_key: str
    kind: ContactKind = ContactKind.TACKLE

    def __init__(self, key: str, target_key: str, kind: ContactKind = ContactKind.TACKLE) -> None:
        self.key = key
        self.target_key = target_key
        self.kind = kind


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class Pass:
    key: str
    receiver_key: str

    def __init__(self, key: str, receiver_key: str) -> None:
        self.key = key
        self.receiver_key = receiver_key


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class HandOff:
    key: str
    receiver_key: str

    def __init__(self, key: str, receiver_key: str) -> None:
        self.key = key
        self.receiver_key = receiver_key


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class Shoot:
    key: str
    zone: GoalZone = GoalZone.NORMAL
    ricochet: bool = False

    def __init__(
        self,
        key: str,
        zone: GoalZone = GoalZone.NORMAL,
        ricochet: bool = False,
    ) -> None:
        self.key = key
        self.zone = zone
        self.ricochet = ricochet


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class Replace:
    """M-P3 option: bring ``bench_key`` on for lineup slot ``slot`` instead of a move."""

    bench_key: str
    slot: int

    def __init__(self, bench_key: str, slot: int) -> None:
        self.bench_key = bench_key
        self.slot = slot


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class LeaveBox:
    """A Goalie holding the ball with no team-mate on the field steps onto the field."""

    key: str

    def __init__(self, key: str) -> None:
        self.key = key


@dataclass(frozen=True, slots=True)
class Idle:
    """Nobody can act (everyone Stunned or off)."""


Decision = Move | Tackle | Pass | HandOff | Shoot | Replace | LeaveBox | Idle


def _nearest_square(state: MatchState, squares: list[Square], to: Square) -> Square:
    """The square of ``squares`` (not empty) nearest ``to``, ties to the lowest: what ``min``
    with a (distance, square) key gives, without a key call and tuple per square (ties by
    square number, which orders like the squares: compiled, no tuples compared)."""
    best = squares[0]
    best_distance = distance(best, to)
    for square in squares:
        gap = distance(square, to)
        if gap < best_distance or (
            gap == best_distance and state.number(square) < state.number(best)
        ):
            best, best_distance = square, gap
    return best


def _nearest(players: list[PlayerSnapshot], square: Square) -> PlayerSnapshot:
    """The player nearest ``square`` (ties: lowest key); all must stand on the grid."""
    best: tuple[int, str, PlayerSnapshot] | None = None
    for p in players:
        assert p.square is not None
        option = (distance(p.square, square), p.key, p)
        if best is None or option[:2] < best[:2]:
            best = option
    assert best is not None
    return best[2]


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class ContactChoice:
    target_key: str
    kind: ContactKind

    def __init__(self, target_key: str, kind: ContactKind) -> None:
        self.target_key = target_key
        self.kind = kind


_CONTACT_KINDS: Final = tuple(ContactKind)  # in tackle-odds keys by place (member_number)
#: Tokens below this pack two to a tackle-odds key that stays a short (machine-word) int:
#: no multi-digit arithmetic, hashing or allocation per look-up.
_SHORT_TOKEN: Final = 1 << 20

_FREE_SHOT: Final = 0.45  # shoot when a goal is at least this likely ...
_PRESSED_SHOT: Final = 0.2  # ... or this likely with an opponent alongside
_SAFE_PASS: Final = 0.75


@dataclass(frozen=True, slots=True)
class Coach:
    """One coaching policy; ``shot_threshold`` lets a batch compare styles."""

    shot_threshold: float = _FREE_SHOT

    # --- the activation ------------------------------------------------------------------------

    def decide(self, state: MatchState, side: Side) -> Decision:
        holder = state.players[state.ball_holder] if state.ball_holder else None
        if state.settings.mid_game_replacements and (holder is None or holder.side is not side):
            replace = self._replacement(state, side)
            if replace is not None:
                return replace
        if side in state.box_vacant and not state.settings.substitute_goalie_at_once:
            walker = state.box_candidate(side)
            if walker is not None:
                return self._walk_to_box(state, walker)
        if holder is not None and holder.side is side:
            return self._attack(state, side, holder)
        if holder is not None:
            return self._defend(state, side, holder)
        return self._chase(state, side)

    def _replacement(self, state: MatchState, side: Side) -> Replace | None:
        for index, slot in enumerate(state.lineups[side]):
            if slot.key is not None and not state.players[slot.key].incapacitated:
                continue
            if slot.position is Position.GOALIE:
                continue  # a Goalie comes on at a face-off, into his box
            for bench_key in slot.bench:
                bench = state.players[bench_key]
                if not bench.incapacitated and not bench.on_field:
                    if any(state.is_free(sq) for sq in state.board.replacement_squares(side)):
                        return Replace(bench_key, index)
                    return None
        return None

    def _walk_to_box(self, state: MatchState, walker: PlayerSnapshot) -> Move:
        """M-S5 (setting off): an empty box lets any carrier score with no roll, so the
        substitute heads for his goal line first; from there he steps into the box."""
        assert walker.square is not None
        here = walker.square
        line = state.board.goal_line_squares(walker.side)
        target = min(
            line, key=lambda sq: (not state.is_free(sq) and sq != here, distance(sq, here), sq)
        )
        return Move(walker.key, target)

    # --- attack ----------------------------------------------------------------------------

    def _attack(self, state: MatchState, side: Side, carrier: PlayerSnapshot) -> Decision:
        if carrier.in_goalie_box:
            if not state.can_act(carrier):
                return self._support(state, side, carrier)
            receiver = self.best_receiver(state, carrier)
            if receiver is not None:
                return Pass(carrier.key, receiver.key)
            # Decided: with nobody to pass to, the Goalie carries the ball out of his box.
            return LeaveBox(carrier.key)
        if not state.can_act(carrier):
            return self._support(state, side, carrier)
        assert carrier.square is not None
        opponent_goalie = state.goalie.get(side.other)
        here = carrier.square
        open_targets = [
            sq for sq in state.shooting[side] if sq == here or state.is_free(sq)
        ] or list(state.shooting[side])
        target = _nearest_square(state, open_targets, here)
        if opponent_goalie is None:
            return Move(carrier.key, target, self._run_mode(state, carrier))
        pressed = state.is_pressed(carrier)
        shot = self.best_shot(state, carrier)
        if shot is not None:
            chance, decision = shot
            # No nearer square to shoot from, or no way to get nearer: shoot now.
            at_best_spot = here == target or not state.can_step_closer(here, target)
            if (
                at_best_spot
                or chance >= self.shot_threshold
                or (pressed and chance >= _PRESSED_SHOT)
            ):
                return decision
        if pressed:
            relief = self._relief_pass(state, carrier)
            if relief is not None:
                return relief
        return Move(carrier.key, target, self._run_mode(state, carrier))

    def best_shot(self, state: MatchState, shooter: PlayerSnapshot) -> tuple[float, Shoot] | None:
        """The shot with the best expected points from where ``shooter`` stands."""
        assert shooter.square is not None
        goalie_key = state.goalie.get(shooter.side.other)
        if goalie_key is None:
            return None
        goalie = state.players[goalie_key]
        rng = state.board.shot_range(shooter.side, shooter.square)
        # Memoised on everything the two players' rolls depend on (a pure function of them).
        key = (
            "shot",
            shooter.key,
            shooter.move_mode,
            shooter.hurt,
            shooter.substitute_goalie,
            goalie.key,
            goalie.move_mode,
            goalie.hurt,
            goalie.substitute_goalie,
            rng,
        )
        memo = state.shot_memo
        if key not in memo:
            memo[key] = self._best_shot(state, shooter, goalie, rng)
        return memo[key]

    def _best_shot(
        self, state: MatchState, shooter: PlayerSnapshot, goalie: PlayerSnapshot, rng: int
    ) -> tuple[float, Shoot] | None:
        settings = state.settings
        zones = (
            (GoalZone.NORMAL, GoalZone.WIDE, GoalZone.ACE)
            if settings.goal_zones
            else (GoalZone.NORMAL,)
        )
        ricochets = (False, True) if settings.ricochet else (False,)
        best: tuple[float, float, Shoot] | None = None
        for zone in zones:
            if zone is GoalZone.WIDE and shooter.position is Position.FORWARD:
                continue
            shot_spec = state.spec(shooter, RollKind.SHOT, range_squares=rng, zone=zone)
            if shot_spec is None:
                continue
            for ricochet in ricochets:
                save = state.spec(goalie, RollKind.SAVE, after_ricochet=ricochet)
                assert save is not None
                chance = win_chance(shot_spec, save, True)
                if ricochet:
                    chance *= win_chance(shot_spec, plain_spec(12), False)
                value = chance * zone.points(settings)
                if best is None or value > best[0]:
                    best = (value, chance, Shoot(shooter.key, zone, ricochet))
        if best is None:
            return None
        return best[1], best[2]

    def _relief_pass(self, state: MatchState, carrier: PlayerSnapshot) -> Decision | None:
        """A hemmed-in carrier gives the ball to a free team-mate no further back."""
        assert carrier.square is not None
        board = state.board
        here = board.progress(carrier.side, carrier.square)
        best: tuple[float, PlayerSnapshot] | None = None
        for mate in state.on_field(carrier.side):
            if mate.key == carrier.key or state.is_pressed(mate):
                continue
            assert mate.square is not None
            if board.progress(carrier.side, mate.square) < here - 1:
                continue
            chance = self.pass_chance(state, carrier, mate, distance(carrier.square, mate.square))
            if chance >= _SAFE_PASS and (best is None or chance > best[0]):
                best = (chance, mate)
        if best is None:
            return None
        mate = best[1]
        assert mate.square is not None
        if distance(carrier.square, mate.square) == 1:
            return HandOff(carrier.key, mate.key)
        return Pass(carrier.key, mate.key)

    def pass_chance(
        self, state: MatchState, passer: PlayerSnapshot, receiver: PlayerSnapshot, dist: int
    ) -> float:
        throw = state.spec(passer, RollKind.PASS_THROW)
        catch = state.spec(receiver, RollKind.PASS_CATCH)
        assert throw is not None
        assert catch is not None
        return sum_exceeds_chance(throw, catch, dist)

    def best_receiver(self, state: MatchState, passer: PlayerSnapshot) -> PlayerSnapshot | None:
        """M-S2: the Goalie's (or any passer's) pick: likely to arrive, and far up the field."""
        board = state.board
        best: tuple[float, str, PlayerSnapshot] | None = None
        for mate in state.on_field(passer.side):
            if mate.key == passer.key:
                continue
            assert mate.square is not None
            if passer.in_goalie_box:
                dist = board.distance_from_box(passer.side, mate.square)
            else:
                assert passer.square is not None
                dist = distance(passer.square, mate.square)
            chance = self.pass_chance(state, passer, mate, dist)
            free = 0.7 if state.is_pressed(mate) else 1.0
            score = chance * free * (1 + board.progress(passer.side, mate.square) / board.rows)
            if best is None or (score, mate.key) > (best[0], best[1]):
                best = (score, mate.key, mate)
        return None if best is None else best[2]

    def _run_mode(self, state: MatchState, player: PlayerSnapshot) -> MoveMode:
        """M-G5: Rush in open space, Evade with opponents close, else move normally."""
        if not state.settings.evading_rushing:
            return MoveMode.NORMAL
        assert player.square is not None
        here = player.square
        nearest = 99  # a loop, not min() over a generator: no Python-level calls
        for opponent in state.on_field(player.side.other):
            assert opponent.square is not None
            gap = distance(here, opponent.square)
            if gap < nearest:
                nearest = gap
        if nearest <= 3 and move_mode_error(player, MoveMode.EVADING, state.settings) is None:
            return MoveMode.EVADING
        if nearest >= 8 and move_mode_error(player, MoveMode.RUSHING, state.settings) is None:
            return MoveMode.RUSHING
        return MoveMode.NORMAL

    def _support(self, state: MatchState, side: Side, carrier: PlayerSnapshot) -> Decision:
        """The carrier cannot act: clear the opponent nearest to him, or push up in support."""
        anchor = carrier.square or state.board.goal_line_squares(side)[0]
        threats = sorted(
            (distance(anchor, o.square), o.key) for o in state.on_field(side.other) if o.square
        )
        for _, threat_key in threats[:2]:
            decision = self._send_tackler(
                state, side, state.players[threat_key], exclude=carrier.key
            )
            if decision is not None:
                return decision
        return self._advance(state, side, anchor, exclude=carrier.key)

    def _advance(self, state: MatchState, side: Side, anchor: Square, *, exclude: str) -> Decision:
        board = state.board
        ahead = (anchor[0], max(0, min(board.rows - 1, anchor[1] + 3 * board.forward(side))))
        movers = [
            p
            for p in state.on_field(side)
            if p.key != exclude and state.can_act(p) and not state.is_pressed(p)
        ]
        if not movers:
            return self._any_tackle(state, side)
        mover = _nearest(movers, ahead)
        return Move(mover.key, ahead)

    # --- defence ---------------------------------------------------------------------------

    def _defend(self, state: MatchState, side: Side, carrier: PlayerSnapshot) -> Decision:
        if carrier.square is None:  # the opposing Goalie holds it in his box
            return self._mark(state, side)
        decision = self._send_tackler(state, side, carrier, exclude=None)
        if decision is not None:
            return decision
        return self._mark(state, side, carrier)

    def tackle_chance(
        self,
        state: MatchState,
        attacker: PlayerSnapshot,
        defender: PlayerSnapshot,
        kind: ContactKind,
    ) -> float:
        """P(attacker's result is lower: he Hurts or Incapacitates the defender)."""
        # One int for (attacker, defender, kind, both move modes, hurt and substitute flags).
        flags = (8 if attacker.hurt else 0) + (4 if defender.hurt else 0)
        flags += (2 if attacker.substitute_goalie else 0) + (1 if defender.substitute_goalie else 0)
        modes = member_number(attacker.move_mode, MODES) * 4
        modes += member_number(defender.move_mode, MODES)
        small = (member_number(kind, _CONTACT_KINDS) * 16 + modes) * 16 + flags  # below 1024
        a = state.token(attacker)
        d = state.token(defender)
        if a < _SHORT_TOKEN and d < _SHORT_TOKEN:  # the usual case: a short int, below 2**50
            key = ((a << 20 | d) << 10) + small
        else:  # tokens below 2**32 (rolls.roll_token): a long int, negative, so never the same
            key = -((a << 32 | d) << 10) - small - 1
        memo = state.odds_memo
        chance = memo.get(key)
        if chance is None:
            attack = state.spec(attacker, kind.roll_kind)
            defend = state.spec(defender, RollKind.DEFEND)
            chance = 0.0 if attack is None or defend is None else win_chance(attack, defend, False)
            memo[key] = chance
        return chance

    def contact_kind(
        self, state: MatchState, attacker: PlayerSnapshot, defender: PlayerSnapshot
    ) -> tuple[float, ContactKind]:
        """Tackle, or Assault / Strike when clearly better (the assaulter is Stunned after)."""
        best = (
            self.tackle_chance(state, attacker, defender, ContactKind.TACKLE),
            ContactKind.TACKLE,
        )
        for kind, margin in ((ContactKind.STRIKE, 0.0), (ContactKind.ASSAULT, 0.12)):
            if contact_error(attacker, kind, state.settings) is None:
                chance = self.tackle_chance(state, attacker, defender, kind)
                if chance > best[0] + margin:
                    best = (chance, kind)
        return best

    def _send_tackler(
        self, state: MatchState, side: Side, target: PlayerSnapshot, *, exclude: str | None
    ) -> Decision | None:
        """The best tackler that can reach ``target`` this activation."""
        assert target.square is not None
        # (score, key, the player, None for a standing tackle or the move mode, a standing
        # tackle's kind); the decision is built once, for the winner.
        best: tuple[float, str, PlayerSnapshot, MoveMode | None, ContactKind] | None = None
        for player in state.on_field(side):
            if player.key == exclude or not state.can_act(player):
                continue
            assert player.square is not None
            gap = distance(player.square, target.square) - 1
            mode: MoveMode | None = None
            kind = ContactKind.TACKLE
            if gap == 0:
                chance, kind = self.contact_kind(state, player, target)
                score = chance + 0.05
            else:
                mode = MoveMode.NORMAL
                if gap > self._reach(state, player, mode):
                    if move_mode_error(player, MoveMode.RUSHING, state.settings) is not None:
                        continue
                    mode = MoveMode.RUSHING
                    if gap > self._reach(state, player, mode):
                        continue
                chance = self.tackle_chance(state, player, target, ContactKind.TACKLE)
                score = chance - 0.02 * gap
            if best is None or score > best[0] or (score == best[0] and player.key > best[1]):
                best = (score, player.key, player, mode, kind)
        if best is None:
            return None
        _, key, _, mode, kind = best
        if mode is None:  # the winner's kind, worked out in the scan
            return Tackle(key, target.key, kind)
        return Move(key, target.square, mode)

    def _mark(
        self, state: MatchState, side: Side, carrier: PlayerSnapshot | None = None
    ) -> Decision:
        """No tackler can reach: put the nearest free player between the ball and our goal."""
        board = state.board
        if carrier is not None and carrier.square is not None:
            x, y = carrier.square  # two rows on from the carrier, towards the goal we defend
            spot = (x, max(0, min(board.rows - 1, y + 2 * board.forward(carrier.side))))
        else:
            spot = board.face_off_squares(side)[0]
        movers = [
            p
            for p in state.on_field(side)
            if state.can_act(p) and not state.is_pressed(p) and p.square != spot
        ]
        if not movers:
            return self._any_tackle(state, side)
        mover = _nearest(movers, spot)
        return Move(mover.key, spot)

    def _reach(self, state: MatchState, player: PlayerSnapshot, mode: MoveMode) -> float:
        """The mean number of squares ``player`` moves in ``mode``."""
        flags = (2 if player.hurt else 0) + (1 if player.substitute_goalie else 0)
        key = (state.token(player) * 4 + member_number(mode, MODES)) * 4 + flags
        memo = state.reach_memo
        reach = memo.get(key)
        if reach is None:
            spec = state.spec(player, RollKind.MOVE, mode=mode)
            assert spec is not None
            reach = memo[key] = mean_result(spec)
        return reach

    def _any_tackle(self, state: MatchState, side: Side) -> Decision:
        for player in sorted(state.on_field(side), key=lambda p: p.key):
            if state.can_act(player):
                for target_key in state.adjacent_opponents(player):
                    target = state.players[target_key]
                    return Tackle(
                        player.key, target.key, self.contact_kind(state, player, target)[1]
                    )
        return Idle()

    # --- loose ball -------------------------------------------------------------------------

    def _chase(self, state: MatchState, side: Side) -> Decision:
        ball = state.loose_ball
        if ball is None:
            return Idle()
        movers = [p for p in state.on_field(side) if state.can_act(p)]
        if not movers:
            return Idle()
        mover = _nearest(movers, ball)
        return Move(mover.key, ball)

    # --- choices forced by the rules --------------------------------------------------------

    def contact_after_move(self, state: MatchState, mover: PlayerSnapshot) -> ContactChoice:
        """M-G3: a mover who stops next to opponents tackles one of them (the carrier first);
        a carrier may strike instead (M-T6)."""
        best: tuple[int, float, str, ContactKind] | None = None
        for key in state.adjacent_opponents(mover):
            target = state.players[key]
            chance, kind = self.contact_kind(state, mover, target)
            option = (1 if target.has_ball else 0, chance, key, kind)
            if best is None or option[:3] > best[:3]:
                best = option
        assert best is not None
        return ContactChoice(best[2], best[3])
