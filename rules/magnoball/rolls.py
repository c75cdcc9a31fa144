"""The effective die and modifier of any roll, and rolling it (M-D1 … M-D7, M-P4 … M-P8, M-E1).

:func:`effective_roll` is the ONE place that turns a player, the kind of roll and the
circumstances into a :class:`RollSpec`; every rule rolls through :func:`roll`.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from itertools import count
from types import MappingProxyType
from typing import Final, NamedTuple, Protocol

from .dice import DIE_LADDER, DiceSource, RollRecord, roll_die
from .roll_spec import RollSpec
from .settings import LoweringDieType, ProgressionMode, RuleSettings
from .snapshot import MoveMode, PlayerSnapshot
from .vocabulary import Action, EnhancementKind, Position, StatCategory, Status

__all__ = [
    "GoalZone",
    "RollKind",
    "RollSpecs",
    "effective_roll",
    "roll",
    "roll_specs",
    "roll_token",
]


class RollKind(StrEnum):
    """What a roll is for: decides direction (M-D2), bonuses and die-type shifts."""

    MOVE = "movement"
    FACE_OFF = "face_off"
    SHOT = "shot"
    RICOCHET = "ricochet"
    SAVE = "save"
    PASS_THROW = "pass_throw"  # the football d6, thrown by the passer (M-T8)
    PASS_CATCH = "pass_catch"  # the receiver's die (M-T8)
    HAND_OFF = "hand_off"  # equal results fumble: no side to help (M-T7)
    BLOCK_PASS = "block_pass"
    TACKLE = "tackle"
    ASSAULT = "assault"
    STRIKE = "strike"
    DEFEND = "defend"  # the target of a tackle, assault or strike
    STEAL = "steal"  # M-T4: the challenger, trying to take the ball
    RESIST_STEAL = "resist_steal"  # M-T4: the carrier, keeping it (EM Coil helps only here)


class GoalZone(StrEnum):
    """M-S3: the zone a shot aims at (only with the Goal Zones setting)."""

    NORMAL = "normal"
    WIDE = "wide"  # Shooting Wide: worth 1, +1 die type, not Forwards
    ACE = "ace"  # Acing the Hole: worth 3, -1 die type, Maulers need M-D7

    def points(self, settings: RuleSettings) -> int:
        """M-S3: 2 / 1 / 3 with Goal Zones, else every goal is worth 1."""
        if not settings.goal_zones:
            return 1
        return {GoalZone.NORMAL: 2, GoalZone.WIDE: 1, GoalZone.ACE: 3}[self]


_HIGHER_WINS: Final = frozenset(
    {
        RollKind.MOVE,
        RollKind.FACE_OFF,
        RollKind.SHOT,
        RollKind.RICOCHET,
        RollKind.SAVE,
        RollKind.PASS_THROW,
        RollKind.PASS_CATCH,
    }
)
_ATTACKS: Final = frozenset({RollKind.TACKLE, RollKind.ASSAULT, RollKind.STRIKE})

#: The Veteran / Superstar action that applies to each kind of roll (M-P6, M-P8).
_ACTION_FOR: Final[MappingProxyType[RollKind, Action]] = MappingProxyType(
    {
        RollKind.MOVE: Action.MOVEMENT,
        RollKind.FACE_OFF: Action.FACE_OFFS,
        RollKind.SHOT: Action.SCORING,
        RollKind.RICOCHET: Action.SCORING,
        RollKind.SAVE: Action.SAVES,
        RollKind.PASS_THROW: Action.PASSING,
        RollKind.PASS_CATCH: Action.PASSING,
        RollKind.BLOCK_PASS: Action.BLOCKING_PASSES,
        RollKind.TACKLE: Action.TACKLES,
        RollKind.ASSAULT: Action.TACKLES,
        RollKind.STRIKE: Action.TACKLES,
        RollKind.DEFEND: Action.TACKLES,
        RollKind.STEAL: Action.STEALING,
        RollKind.RESIST_STEAL: Action.STEALING,
    }
)

#: M-E1: the enhancements that help each kind of roll.
_ENHANCEMENTS_FOR: Final[MappingProxyType[RollKind, frozenset[EnhancementKind]]] = MappingProxyType(
    {
        RollKind.SHOT: frozenset({EnhancementKind.PULSE_MAGNET}),
        RollKind.RICOCHET: frozenset({EnhancementKind.PULSE_MAGNET}),
        RollKind.MOVE: frozenset({EnhancementKind.MYOMER_ACTUATORS}),
        RollKind.FACE_OFF: frozenset({EnhancementKind.EM_COIL}),
        # M-E1 (seed): "-1 to resist Stealing the Ball": the carrier's roll only.
        RollKind.RESIST_STEAL: frozenset({EnhancementKind.EM_COIL}),
        RollKind.TACKLE: frozenset({EnhancementKind.LOADED_GAUNTLETS}),
        RollKind.ASSAULT: frozenset({EnhancementKind.LOADED_GAUNTLETS}),
        RollKind.STRIKE: frozenset({EnhancementKind.LOADED_GAUNTLETS}),
        RollKind.PASS_THROW: frozenset({EnhancementKind.LASER_TARGETING}),
        RollKind.PASS_CATCH: frozenset({EnhancementKind.LASER_TARGETING}),
        RollKind.BLOCK_PASS: frozenset({EnhancementKind.LASER_TARGETING}),
        RollKind.SAVE: frozenset({EnhancementKind.DEFLECTOR_FIELD}),
    }
)

#: Rolls a player cannot decline: a die pushed below d6 becomes -1 per missing type instead.
_FORCED: Final = frozenset(
    {
        RollKind.DEFEND,
        RollKind.SAVE,
        RollKind.STEAL,
        RollKind.RESIST_STEAL,
        RollKind.FACE_OFF,
        RollKind.HAND_OFF,
    }
)


class RollSpecs(Protocol):
    """Where rule functions get a player's :class:`RollSpec`: :func:`roll_specs` (plain
    :func:`effective_roll`) by default, or the simulator's per-match memo of the same answers."""

    def __call__(
        self,
        player: PlayerSnapshot,
        kind: RollKind,
        *,
        mode: MoveMode | None = None,
        range_squares: int = 0,
        zone: GoalZone = GoalZone.NORMAL,
        after_ricochet: bool = False,
        hurt: bool | None = None,
    ) -> RollSpec | None: ...


def roll_specs(settings: RuleSettings) -> RollSpecs:
    """:func:`effective_roll` under ``settings``, as a :class:`RollSpecs`."""

    def specs(
        player: PlayerSnapshot,
        kind: RollKind,
        *,
        mode: MoveMode | None = None,
        range_squares: int = 0,
        zone: GoalZone = GoalZone.NORMAL,
        after_ricochet: bool = False,
        hurt: bool | None = None,
    ) -> RollSpec | None:
        return effective_roll(
            player,
            kind,
            settings,
            mode=mode,
            range_squares=range_squares,
            zone=zone,
            after_ricochet=after_ricochet,
            hurt=hurt,
        )

    return specs


class _Traits(NamedTuple):
    """The parts of a player a roll depends on: hashable, so rolls can be memoised."""

    position: Position
    status: Status
    veteran_actions: frozenset[Action]
    superstar: bool
    superstar_actions: frozenset[Action]
    stat_levels: tuple[tuple[StatCategory, int], ...]
    enhancements: frozenset[EnhancementKind]
    substitute_goalie: bool


class _RollSettings(NamedTuple):
    """The rule settings a roll depends on."""

    lowering_die_type: LoweringDieType
    progression_mode: ProgressionMode
    enhancements: bool
    superstars: bool


def _category_bonus(player: _Traits, action: Action, settings: _RollSettings) -> int:
    """M-P6 + M-P7: Veteran ±1 plus the stat level, together capped at 2 (Decided)."""
    bonus = 0
    if player.status is Status.VETERAN and action in player.veteran_actions:
        bonus += 1
    if settings.progression_mode is ProgressionMode.STATS and action is not Action.MOVEMENT:
        bonus += dict(player.stat_levels).get(StatCategory(action.value), 0)
    return min(bonus, 2)


def _die_steps(
    player: _Traits,
    kind: RollKind,
    mode: MoveMode,
    *,
    range_squares: int,
    zone: GoalZone,
    after_ricochet: bool,
    hurt: bool,
) -> tuple[int, int, list[str]]:
    """Die-type shifts as (other steps, M-D7 penalty steps, notes)."""
    if kind in (RollKind.MOVE, RollKind.DEFEND):
        return _mode_steps(mode)
    if kind in _ATTACKS:
        return _attack_steps(kind, mode)
    if kind in (RollKind.STEAL, RollKind.RESIST_STEAL):
        return (1, 0, ["Hurt +1 die type"]) if hurt else (0, 0, [])
    if kind in (RollKind.SHOT, RollKind.RICOCHET):
        return _shot_steps(range_squares, zone)
    if kind is RollKind.SAVE:
        return _save_steps(player, after_ricochet)
    return 0, 0, []


# Each returns (other steps, M-D7 penalty steps, notes): the one-type penalties M-D7 lets
# Maulers take are Assault, Evade and Acing the Hole. Notes are a new list each call (the
# caller appends to them).


def _mode_steps(mode: MoveMode) -> tuple[int, int, list[str]]:
    """M-G5 on a move or a defence: Evading -1 die type (a penalty), Rushing +1."""
    if mode is MoveMode.EVADING:
        return 0, 1, ["Evading -1 die type"]
    if mode is MoveMode.RUSHING:
        return 1, 0, ["Rushing +1 die type"]
    return 0, 0, []


def _attack_steps(kind: RollKind, mode: MoveMode) -> tuple[int, int, list[str]]:
    """M-T5/M-T6: Assault and Strike -1 die type (a penalty); M-G5: Rushing +1."""
    steps = 0
    penalty = 0
    notes: list[str] = []
    if kind is not RollKind.TACKLE:
        penalty += 1
        notes.append(f"{kind.capitalize()} -1 die type")
    if mode is MoveMode.RUSHING:
        steps += 1
        notes.append("Rushing +1 die type")
    return steps, penalty, notes


def _shot_steps(range_squares: int, zone: GoalZone) -> tuple[int, int, list[str]]:
    """M-S1: -1 die type per square of range; M-S3: Wide +1, Acing the Hole -1 (a penalty)."""
    steps = 0
    penalty = 0
    notes: list[str] = []
    if range_squares:
        steps -= range_squares
        notes.append(f"range {range_squares} -{range_squares} die type")
    if zone is GoalZone.WIDE:
        steps += 1
        notes.append("Shooting Wide +1 die type")
    elif zone is GoalZone.ACE:
        penalty += 1
        notes.append("Acing the Hole -1 die type")
    return steps, penalty, notes


def _save_steps(player: _Traits, after_ricochet: bool) -> tuple[int, int, list[str]]:
    """M-S4/M-S5: a substitute Goalie -1 die type, a save after a Ricochet -1."""
    steps = 0
    notes: list[str] = []
    if player.substitute_goalie:
        steps -= 1
        notes.append("substitute Goalie -1 die type")
    if after_ricochet:
        steps -= 1
        notes.append("Ricochet -1 die type")
    return steps, 0, notes


def effective_roll(
    player: PlayerSnapshot,
    kind: RollKind,
    settings: RuleSettings,
    *,
    mode: MoveMode | None = None,
    range_squares: int = 0,
    zone: GoalZone = GoalZone.NORMAL,
    after_ricochet: bool = False,
    hurt: bool | None = None,
) -> RollSpec | None:
    """The die and modifier ``player`` rolls for ``kind``; ``None`` when the roll is not allowed.

    Sources, in order: the position die (M-P1, two d6 for a Heavy Mauler, M-D5; a single d8
    when he Rushes, M-G5); die-type shifts (Evading/Rushing M-G5, Assault/Strike M-T5/M-T6,
    Hurt stealing M-T4, range and zones M-S1/M-S3, substitute Goalie and Ricochet M-S4/M-S5),
    resolved on the ladder (M-D1) with M-D7 for Maulers; the Rookie's worse ±1 (M-P4); Veteran
    and stat-level bonus, capped at ±2 together (M-P6/M-P7); enhancements (M-E1); the
    Superstar's better of two (M-D6). ``mode`` and ``hurt`` default to the player's state.
    """
    mode = player.move_mode if mode is None else mode
    hurt = player.hurt if hurt is None else hurt
    traits = _traits(player, settings, player.substitute_goalie)
    rules = _roll_settings(settings)
    return _effective_roll(traits, kind, rules, mode, range_squares, zone, after_ricochet, hurt)


def _stat_levels(
    player: PlayerSnapshot, settings: RuleSettings
) -> tuple[tuple[StatCategory, int], ...]:
    """The player's stat levels as a key: they count only under progression by stats."""
    if player.stat_levels and settings.progression_mode is ProgressionMode.STATS:
        return tuple(sorted(player.stat_levels.items()))
    return ()


def _traits(player: PlayerSnapshot, settings: RuleSettings, substitute_goalie: bool) -> _Traits:
    levels = _stat_levels(player, settings)
    return _Traits(
        player.position,
        player.status,
        player.veteran_actions,
        player.superstar,
        player.superstar_actions,
        levels,
        player.enhancements,
        substitute_goalie,
    )


def _roll_settings(settings: RuleSettings) -> _RollSettings:
    return _RollSettings(
        settings.lowering_die_type,
        settings.progression_mode,
        settings.enhancements,
        settings.superstars,
    )


_TOKENS: Final[dict[tuple[object, ...], int]] = {}
_NEXT_TOKEN: Final = count()
_TOKENS_KEPT: Final = 50_000


def roll_token(player: PlayerSnapshot, settings: RuleSettings) -> int:
    """A number for everything but the in-match state that ``player``'s rolls depend on
    under ``settings`` (his traits and the roll settings): players with the same token roll
    alike, in any match. A number is never given to other traits, so memos keyed by tokens
    (the simulator's, across matches) stay right even after this table is cleared."""
    # A plain tuple of what _traits and _roll_settings hold (their NamedTuples are built by
    # interpreted code, even compiled).
    levels = _stat_levels(player, settings)
    key = (
        player.position,
        player.status,
        player.veteran_actions,
        player.superstar,
        player.superstar_actions,
        levels,
        player.enhancements,
        settings.lowering_die_type,
        settings.progression_mode,
        settings.enhancements,
        settings.superstars,
    )
    token = _TOKENS.get(key)
    if token is None:
        if len(_TOKENS) >= _TOKENS_KEPT:
            _TOKENS.clear()  # bounded: a long-lived worker sees many rosters
        token = _TOKENS[key] = next(_NEXT_TOKEN)
        # Memo keys pack two tokens into one int (coach.tackle_chance): 2**32 distinct traits
        # in one process is out of reach, and a clear error rather than a wrong key if not.
        if token >= 1 << 32:
            raise OverflowError("more than 2**32 roll tokens in one process")
    return token


@lru_cache(maxsize=16384)
def _effective_roll(
    player: _Traits,
    kind: RollKind,
    settings: _RollSettings,
    mode: MoveMode,
    range_squares: int,
    zone: GoalZone,
    after_ricochet: bool,
    hurt: bool,
) -> RollSpec | None:
    """:func:`effective_roll` on hashable values (memoised: a pure function)."""
    position = player.position
    higher_wins: bool | None = True if kind in _HIGHER_WINS else None
    if higher_wins is None and kind is not RollKind.HAND_OFF:
        higher_wins = False
    steps, penalty, notes = _die_steps(
        player,
        kind,
        mode,
        range_squares=range_squares,
        zone=zone,
        after_ricochet=after_ricochet,
        hurt=hurt,
    )
    sides = position.base_die
    count = position.dice_count
    if kind is RollKind.PASS_THROW:
        sides, count = 6, 1  # M-T8: the passer throws the football d6, not his own die.
    if position is Position.HEAVY_MAULER and kind is RollKind.MOVE and mode is MoveMode.RUSHING:
        sides, count, steps = 8, 1, 0  # M-D5/M-G5: a Rushing Heavy Mauler rolls a single d8.
        notes = ["Rushing: a single d8"]
    die = _ladder_die(
        player, kind, settings, sides=sides, steps=steps, penalty=penalty, notes=notes
    )
    if die is None:
        return None
    sides, modifier = die
    direction = 0 if higher_wins is None else (1 if higher_wins else -1)
    best_of_two = False
    if direction:
        bonus, best_of_two = _player_modifier(player, kind, settings, direction, notes)
        modifier += bonus
    return RollSpec(sides, count, modifier, higher_wins, best_of_two, "; ".join(notes))


def _ladder_die(
    player: _Traits,
    kind: RollKind,
    settings: _RollSettings,
    *,
    sides: int,
    steps: int,
    penalty: int,
    notes: list[str],
) -> tuple[int, int] | None:
    """The die after its shifts on the ladder (M-D1), as (sides, modifier); ``None`` when the
    roll is not allowed. Below a d6: M-D7 for a Mauler's one penalty step, else a forced roll
    keeps the d6 at minus what is missing. Appends its notes to ``notes``."""
    index = DIE_LADDER.index(sides) + steps
    if index < 0 and kind not in _FORCED:
        return None  # e.g. M-S1: no shot below d6 because of range
    index -= penalty
    if index >= len(DIE_LADDER):
        return DIE_LADDER[-1], 0
    if index >= 0:
        return DIE_LADDER[index], 0
    missing = -index
    lowering = settings.lowering_die_type
    d7_ok = player.position.is_mauler and lowering is not LoweringDieType.FORBID
    if d7_ok and missing == 1 and index + penalty >= 0:
        if lowering is LoweringDieType.D4:
            notes.append("M-D7: rolls a d4")
            return 4, 0
        notes.append("M-D7: d6 at -1")
        return 6, -1
    if kind in _FORCED:
        notes.append(f"below d6: -{missing}")
        return DIE_LADDER[0], -missing
    return None


def _player_modifier(
    player: _Traits, kind: RollKind, settings: _RollSettings, direction: int, notes: list[str]
) -> tuple[int, bool]:
    """What the player adds towards the roll's good ``direction`` (+1 higher wins, -1 lower
    wins), and whether he rolls the better of two: the Rookie's worse ±1 (M-P4), Veteran and
    stat-level bonus (M-P6/M-P7), enhancements (M-E1), the Superstar (M-D6). Appends its
    notes to ``notes``."""
    modifier = 0
    if player.status is Status.ROOKIE:
        modifier -= direction
        notes.append(f"Rookie {-direction:+d}")
    action = _ACTION_FOR[kind]
    bonus = _action_bonus(player, kind, action, settings)
    if bonus:
        modifier += direction * bonus
        notes.append(f"{action.label} bonus {direction * bonus:+d}")
    if settings.enhancements and player.enhancements:
        for enhancement in _ENHANCEMENTS_FOR.get(kind, frozenset()):
            if enhancement in player.enhancements:
                modifier += direction
                notes.append(f"{enhancement.label} {direction:+d}")
    best_of_two = False
    if settings.superstars and player.superstar and action in player.superstar_actions:
        best_of_two = True
        notes.append("Superstar: better of two")
    return modifier, best_of_two


def _action_bonus(player: _Traits, kind: RollKind, action: Action, settings: _RollSettings) -> int:
    """M-P6/M-P7 for ``action``; a Strike by a Veteran of Striking takes his +1 with his
    Tackles level (together capped at 2)."""
    if kind is RollKind.STRIKE and Action.STRIKING in player.veteran_actions:
        action_bonus = 1 if player.status is Status.VETERAN else 0
        return min(action_bonus + _category_bonus(player, Action.TACKLES, settings), 2)
    return _category_bonus(player, action, settings)


def roll(
    dice: DiceSource,
    spec: RollSpec,
    purpose: str,
    actor: str | None = None,
    detail: str = "",
) -> RollRecord:
    """Roll ``spec`` (M-D5 two dice keep the better; M-D6 Superstar re-roll; M-D3 floor of 1).

    Faces are recorded in the order rolled: a Heavy Mauler's two d6, then a Superstar's extra
    die (a Heavy Mauler re-rolls only one die, so it has three faces).
    """
    sides = spec.sides
    first = roll_die(dice, sides)
    if spec.count == 1 and not spec.best_of_two:
        faces: tuple[int, ...] = (first,)
        best = first
    else:
        faces = (first, roll_die(dice, sides))
        if spec.count == 2 and spec.best_of_two:
            faces += (roll_die(dice, sides),)
        best = min(faces) if spec.higher_wins is False else max(faces)
    result = best + spec.modifier
    if result < 1:
        result = 1
    note = spec.notes if not detail else (f"{detail}; {spec.notes}" if spec.notes else detail)
    return RollRecord(purpose, spec.die, faces, spec.modifier, result, actor, note)
