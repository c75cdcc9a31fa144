"""Shots, saves, Goal Zones, Ricochets and the Goalie Box (M-S1 … M-S5)."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import DiceSource, RollRecord
from .outcomes import RuleNotAllowedError
from .roll_spec import plain_spec
from .rolls import GoalZone, RollKind, RollSpecs, roll, roll_specs
from .settings import RuleSettings
from .snapshot import PlayerSnapshot
from .vocabulary import Position

__all__ = ["ShotOutcome", "shoot", "shot_error", "walk_in_points"]


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class ShotOutcome:
    """M-S1 … M-S5: a goal (worth ``points``) or a save (the Goalie then has the ball).

    ``ricochet_failed``: the Ricochet roll failed and the Goalie saved with no roll (M-S4).
    ``empty_box``: no Goalie, so the shot scored with no roll (M-S5).
    """

    goal: bool
    points: int
    zone: GoalZone
    ricochet: bool
    ricochet_failed: bool
    empty_box: bool
    rolls: tuple[RollRecord, ...]

    def __init__(
        self,
        goal: bool,
        points: int,
        zone: GoalZone,
        ricochet: bool,
        ricochet_failed: bool,
        empty_box: bool,
        rolls: tuple[RollRecord, ...],
    ) -> None:
        self.goal = goal
        self.points = points
        self.zone = zone
        self.ricochet = ricochet
        self.ricochet_failed = ricochet_failed
        self.empty_box = empty_box
        self.rolls = rolls

    @property
    def saved(self) -> bool:
        return not self.goal


def walk_in_points(settings: RuleSettings) -> int:
    """M-S5: walking into an empty Goalie Box scores the normal value with no roll."""
    return GoalZone.NORMAL.points(settings)


def shot_error(
    shooter: PlayerSnapshot,
    settings: RuleSettings,
    *,
    range_squares: int = 0,
    zone: GoalZone = GoalZone.NORMAL,
    ricochet: bool = False,
    specs: RollSpecs | None = None,
) -> str | None:
    """``None`` when the shot is allowed: M-S1 range (no shot below d6), M-S3 zones, M-S4."""
    if zone is not GoalZone.NORMAL and not settings.goal_zones:
        return "Goal Zones are not used in this season."
    if ricochet and not settings.ricochet:
        return "Ricochet shots are not used in this season."
    if zone is GoalZone.WIDE and shooter.position is Position.FORWARD:
        return "Forwards cannot shoot wide."
    if range_squares < 0:
        return "Range cannot be negative."
    spec_of = specs or roll_specs(settings)
    if spec_of(shooter, RollKind.SHOT, range_squares=range_squares, zone=zone):
        return None
    if zone is GoalZone.ACE and shooter.position.is_mauler:
        return (
            f"A {shooter.position.label} cannot Ace the Hole from here without the Lowering "
            "Die Type option."
        )
    return "Out of range: the shooter's die would fall below d6."


def shoot(
    dice: DiceSource,
    shooter: PlayerSnapshot,
    goalie: PlayerSnapshot | None,
    settings: RuleSettings,
    *,
    range_squares: int = 0,
    zone: GoalZone = GoalZone.NORMAL,
    ricochet: bool = False,
    specs: RollSpecs | None = None,
) -> ShotOutcome:
    """M-S1: shooter against the Goalie's save, higher wins, ties re-roll (M-D4).

    ``range_squares`` is the distance to the nearer centre square of the shooting row (-1 die
    type each). M-S3: the zone's die-type change and points. M-S4: a Ricochet first rolls the
    shooter's die (with the same range and zone) against a d12: higher succeeds and the Goalie
    saves at -1 die type; otherwise the Goalie saves with no roll. M-S5: with ``goalie`` None
    the box is empty and the shot scores with no roll; a substitute Goalie saves one type less.
    ``specs`` (default :func:`effective_roll`) gives the dice.
    """
    spec_of = specs or roll_specs(settings)
    error = shot_error(
        shooter,
        settings,
        range_squares=range_squares,
        zone=zone,
        ricochet=ricochet,
        specs=spec_of,
    )
    if error:
        raise RuleNotAllowedError(error)
    points = zone.points(settings)
    if goalie is None:
        return ShotOutcome(True, points, zone, ricochet, False, True, ())
    shot_spec = spec_of(shooter, RollKind.SHOT, range_squares=range_squares, zone=zone)
    assert shot_spec is not None
    rolls: list[RollRecord] = []
    if ricochet:
        ricochet_spec = spec_of(shooter, RollKind.RICOCHET, range_squares=range_squares, zone=zone)
        assert ricochet_spec is not None
        attempt = roll(dice, ricochet_spec, "ricochet", shooter.key, "shooter")
        against = roll(dice, plain_spec(12), "ricochet", None, "d12 to beat")
        rolls += (attempt, against)
        if attempt.result <= against.result:  # M-D4: a ricochet tie fails
            return ShotOutcome(False, 0, zone, True, True, False, tuple(rolls))
    save_spec = spec_of(goalie, RollKind.SAVE, after_ricochet=ricochet)
    assert save_spec is not None
    while True:
        shot = roll(dice, shot_spec, "shot", shooter.key, str(zone))
        save = roll(dice, save_spec, "save", goalie.key)
        rolls += (shot, save)
        if shot.result != save.result:
            goal = shot.result > save.result
            return ShotOutcome(
                goal, points if goal else 0, zone, ricochet, False, False, tuple(rolls)
            )
