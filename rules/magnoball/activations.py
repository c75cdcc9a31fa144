"""Every activation a coach's decision can be: a move, contact, a hand-off, a pass, a shot
and the Goalie Box's comings and goings (M-G3, M-T1 … M-T10, M-S1 … M-S5)."""

from __future__ import annotations

from .board import Square, distance
from .coach import Decision, HandOff, Idle, LeaveBox, Move, Pass, Replace, Shoot, Tackle
from .contact import ContactKind, resolve_contact
from .face_off_and_movement import movement_roll
from .match_core import MatchCore
from .match_result import MatchInjury
from .outcomes import Condition
from .passing import hand_off, pass_ball
from .rolls import RollKind
from .scoring import shoot, walk_in_points
from .snapshot import MoveMode, PlayerSnapshot, Side
from .vocabulary import Position, StatCategory

__all__ = ["MatchActivations"]


class MatchActivations(MatchCore):
    """Carries out the coaches' decisions on a match's state (the simulator's ``_Match``
    adds the halves and face-offs around them)."""

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
