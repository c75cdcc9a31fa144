"""The match simulator: halves, face-offs and turns (M-G1 … M-G5, M-P3).

``simulate_match`` is the public entry point. It copies the snapshots, rolls every die from
``random.Random(seed)`` and records each roll and event, so the same inputs and seed give the
same match (M-D8). A half with no goal ends after ``activation_limit`` activations (M-G2).
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Final

from .activations import MatchActivations
from .coach import Coach
from .errors import MatchSetupError
from .face_off_and_movement import face_off
from .match_core import SIDES
from .match_result import MatchResult, PlayerStatLine, TeamSheet, TeamTotals
from .settings import RuleSettings
from .snapshot import MoveMode, PlayerSnapshot, Side
from .version import ENGINE_VERSION
from .vocabulary import Position, StatCategory

__all__ = ["MatchSetupError", "simulate_match"]


_OVERTIME: Final = 3
_PROGRESS_EVERY: Final = 50
#: The stat categories as a tuple: iterating an Enum class runs interpreted code, even compiled.
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


class _Match(MatchActivations):
    """One match being played: its halves, face-offs and substitutions, and the result."""

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
        for side in SIDES:
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
