"""What a simulated match hands back: team sheets in, a JSON-able MatchResult out (M-D8)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Square
from .dice import RollRecord
from .outcomes import Condition
from .snapshot import PlayerSnapshot, Side
from .vocabulary import StatCategory

__all__ = [
    "MatchEvent",
    "MatchInjury",
    "MatchResult",
    "PlayerStatLine",
    "TeamSheet",
    "TeamTotals",
]


@dataclass(frozen=True, slots=True)
class TeamSheet:
    """A team for one match: first string (on the field) and second string (the bench).

    ``kick_off_fixed``: the first string is the line-up at kick-off with M-P3 already applied
    (``lineup.kick_off_lineup``, as the league fixes it), so the simulator fills no empty
    place at kick-off; the bench still replaces players Incapacitated during the match."""

    key: str
    name: str
    first_string: tuple[PlayerSnapshot, ...]
    second_string: tuple[PlayerSnapshot, ...] = ()
    kick_off_fixed: bool = False

    @property
    def players(self) -> tuple[PlayerSnapshot, ...]:
        return self.first_string + self.second_string


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class PlayerStatLine:
    """M-P7: attempts and successes per category, goals' points, and whether he took the field
    (M-P5: the game counts for him)."""

    player_key: str
    side: Side
    attempts: dict[StatCategory, int]
    successes: dict[StatCategory, int]
    points: int
    took_field: bool

    def __init__(
        self,
        player_key: str,
        side: Side,
        attempts: dict[StatCategory, int],
        successes: dict[StatCategory, int],
        points: int,
        took_field: bool,
    ) -> None:
        self.player_key = player_key
        self.side = side
        self.attempts = attempts
        self.successes = successes
        self.points = points
        self.took_field = took_field

    def as_dict(self) -> dict[str, object]:
        return {
            "player_key": self.player_key,
            "side": self.side.value,
            "attempts": {c.value: self.attempts.get(c, 0) for c in StatCategory},
            "successes": {c.value: self.successes.get(c, 0) for c in StatCategory},
            "points": self.points,
            "took_field": self.took_field,
        }


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class MatchInjury:
    """A player Hurt or Incapacitated in the match (M-T2). Incapacitated players' durations
    (M-I1/M-I2) are rolled by the league service after the match."""

    player_key: str
    side: Side
    condition: Condition
    half: int

    def __init__(self, player_key: str, side: Side, condition: Condition, half: int) -> None:
        self.player_key = player_key
        self.side = side
        self.condition = condition
        self.half = half

    def as_dict(self) -> dict[str, object]:
        return {
            "player_key": self.player_key,
            "side": self.side.value,
            "condition": self.condition.value,
            "half": self.half,
        }


@dataclass(slots=True, unsafe_hash=True)
class MatchEvent:
    """One step of the match, enough for a board replay; the engine never changes one made.

    Not ``frozen``, and with its own ``__init__``: mypyc compiles that natively, while a
    dataclass's generated (and a frozen one's object.__setattr__) ``__init__`` runs as
    interpreted Python, and a match makes some 240 events (docs/performance.md). Equality
    and the hash are still by value.

    ``half`` is 1, 2 or 3 (overtime). ``rolls`` are indices into :attr:`MatchResult.rolls`.
    """

    kind: str
    half: int
    turn: int
    side: Side | None
    players: tuple[str, ...]
    from_square: Square | None
    to_square: Square | None
    ball_square: Square | None
    text: str
    rolls: tuple[int, ...] = ()

    def __init__(
        self,
        kind: str,
        half: int,
        turn: int,
        side: Side | None,
        players: tuple[str, ...],
        from_square: Square | None,
        to_square: Square | None,
        ball_square: Square | None,
        text: str,
        rolls: tuple[int, ...] = (),
    ) -> None:
        self.kind = kind
        self.half = half
        self.turn = turn
        self.side = side
        self.players = players
        self.from_square = from_square
        self.to_square = to_square
        self.ball_square = ball_square
        self.text = text
        self.rolls = rolls

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "half": self.half,
            "turn": self.turn,
            "side": None if self.side is None else self.side.value,
            "players": list(self.players),
            "from": None if self.from_square is None else list(self.from_square),
            "to": None if self.to_square is None else list(self.to_square),
            "ball": None if self.ball_square is None else list(self.ball_square),
            "text": self.text,
            "rolls": list(self.rolls),
        }


@dataclass(frozen=True, slots=True)
class TeamTotals:
    """Per-team counts: every shot ends in a goal or a save, so ``shot_goals + opposing saves
    == shots``; walk-ins (M-S5) are goals without a shot."""

    shots: int = 0
    shot_goals: int = 0
    walk_ins: int = 0
    saves: int = 0

    def as_dict(self) -> dict[str, int]:
        return {
            "shots": self.shots,
            "shot_goals": self.shot_goals,
            "walk_ins": self.walk_ins,
            "saves": self.saves,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The whole match: score, stat lines, injuries, events and every roll, with the seed and
    engine version that reproduce it (M-D8)."""

    home_key: str
    away_key: str
    home_score: int
    away_score: int
    overtime: bool
    drawn: bool
    stat_lines: tuple[PlayerStatLine, ...]
    injuries: tuple[MatchInjury, ...]
    events: tuple[MatchEvent, ...]
    rolls: tuple[RollRecord, ...]
    seed: int
    engine_version: str
    settings: dict[str, object] = field(default_factory=dict)
    home_totals: TeamTotals = TeamTotals()
    away_totals: TeamTotals = TeamTotals()
    activations: tuple[int, ...] = ()

    @property
    def winner(self) -> Side | None:
        if self.home_score > self.away_score:
            return Side.HOME
        if self.away_score > self.home_score:
            return Side.AWAY
        return None

    def stat_line(self, player_key: str) -> PlayerStatLine:
        for line in self.stat_lines:
            if line.player_key == player_key:
                return line
        raise KeyError(player_key)

    def as_dict(self) -> dict[str, object]:
        """JSON-able and stable (same match, same dict)."""
        return {
            "home_key": self.home_key,
            "away_key": self.away_key,
            "home_score": self.home_score,
            "away_score": self.away_score,
            "overtime": self.overtime,
            "drawn": self.drawn,
            "winner": None if self.winner is None else self.winner.value,
            "stat_lines": [line.as_dict() for line in self.stat_lines],
            "injuries": [injury.as_dict() for injury in self.injuries],
            "events": [event.as_dict() for event in self.events],
            "rolls": [r.as_dict() for r in self.rolls],
            "seed": self.seed,
            "engine_version": self.engine_version,
            "settings": self.settings,
            "home_totals": self.home_totals.as_dict(),
            "away_totals": self.away_totals.as_dict(),
            "activations": list(self.activations),
        }
