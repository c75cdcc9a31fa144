"""Rule settings a commissioner may change per league or season.

The Django ``Season`` model mirrors :class:`RuleSettings` field by field (same names), so the
field names and the enum values below are part of the public contract.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.settings import GameSettings, enum_error, range_errors, rule, tie_breaker_error
from rules.standings import TableSettings, TieBreaker

__all__ = ["LoweringDieType", "ProgressionMode", "RuleSettings", "TieBreaker"]


class LoweringDieType(StrEnum):
    """M-D7: how a Mauler or Heavy Mauler, already at d6, takes a one-type penalty."""

    FORBID = "forbid"
    D4 = "d4"
    MINUS_ONE = "minus_one"

    @property
    def label(self) -> str:
        return _LOWERING_LABELS[self]


_LOWERING_LABELS = {
    LoweringDieType.FORBID: "Forbidden (no Assault, Evade or Acing the Hole)",
    LoweringDieType.D4: "Roll a d4",
    LoweringDieType.MINUS_ONE: "Roll the d6 at -1",
}


class ProgressionMode(StrEnum):
    """M-P5 (by games played) or M-P7 (by successful actions)."""

    GAMES = "games"
    STATS = "stats"

    @property
    def label(self) -> str:
        return "By games played" if self is ProgressionMode.GAMES else "By statistics"


@dataclass(frozen=True, slots=True)
class RuleSettings(GameSettings):
    """Every rule option, with its default (rule id and meaning in each field's metadata)."""

    lowering_die_type: LoweringDieType = field(
        default=LoweringDieType.FORBID,
        metadata=rule("M-D7", "How Maulers and Heavy Maulers take a one-die-type penalty."),
    )
    status_roll: bool = field(
        default=True, metadata=rule("M-P4", "Roll d12 for each player's status at creation.")
    )
    superstars: bool = field(
        default=True, metadata=rule("M-P8", "Roll d12 for Superstars at team creation.")
    )
    progression_mode: ProgressionMode = field(
        default=ProgressionMode.GAMES,
        metadata=rule("M-P5", "Players improve by games played or by successful actions."),
    )
    rookie_to_pro_games: int = field(
        default=3, metadata=rule("M-P5", "Games played for a Rookie to become a Pro.")
    )
    pro_to_veteran_games: int = field(
        default=25, metadata=rule("M-P5", "Games played for a Pro to become a Veteran.")
    )
    stat_level_1: int = field(
        default=10, metadata=rule("M-P7", "Successes in a category for level 1 (±1).")
    )
    stat_level_2: int = field(
        default=20, metadata=rule("M-P7", "Successes in a category for level 2 (±2).")
    )
    mid_game_replacements: bool = field(
        default=False,
        metadata=rule("M-P3", "A coach may bring a replacement on instead of a move."),
    )
    board_columns: int = field(
        default=10, metadata=rule("M-G1", "Columns of the board (sideline to sideline).")
    )
    board_rows: int = field(
        default=20, metadata=rule("M-G1", "Rows of the board (Goalie Box to Goalie Box).")
    )
    activation_limit: int = field(
        default=400,
        metadata=rule("M-G2", "A simulated half with no goal ends after this many activations."),
    )
    activations_per_turn: int = field(
        default=1, metadata=rule("M-G3", "Players a team activates in one turn.")
    )
    evading_rushing: bool = field(
        default=True, metadata=rule("M-G5", "Players may Evade or Rush when they move.")
    )
    assault: bool = field(
        default=True, metadata=rule("M-T5", "Players may Assault an adjacent opponent.")
    )
    striking: bool = field(
        default=True, metadata=rule("M-T6", "A ball carrier may strike with the ball.")
    )
    pass_blocking: bool = field(
        default=True, metadata=rule("M-T9", "Defenders near the passer or receiver may block.")
    )
    goal_zones: bool = field(
        default=False,
        metadata=rule("M-S3", "Shots worth 1, 2 or 3 (Shooting Wide, normal, Acing the Hole)."),
    )
    ricochet: bool = field(
        default=False, metadata=rule("M-S4", "Shooters may declare a Ricochet shot.")
    )
    substitute_goalie_at_once: bool = field(
        default=True,
        metadata=rule(
            "M-S5",
            "A substitute Goalie takes an emptied Goalie Box at once "
            "(off: he must reach it under his own power).",
        ),
    )
    permanent_injuries: bool = field(
        default=True, metadata=rule("M-I2", "An Incapacitated player may retire for good.")
    )
    force_healing: bool = field(
        default=True, metadata=rule("M-I3", "Coaches may try once to force-heal an injury.")
    )
    enhancements: bool = field(
        default=True, metadata=rule("M-E1", "Players may carry enhancements (inspected).")
    )
    points_win: int = field(default=3, metadata=rule("M-L1", "Standings points for a win."))
    points_overtime_win: int = field(
        default=2, metadata=rule("M-L1", "Standings points for an overtime win.")
    )
    points_draw: int = field(default=1, metadata=rule("M-L1", "Standings points for a draw."))
    points_overtime_loss: int = field(
        default=1, metadata=rule("M-L1", "Standings points for an overtime loss.")
    )
    points_loss: int = field(default=0, metadata=rule("M-L1", "Standings points for a loss."))
    tie_breakers: tuple[TieBreaker, ...] = field(
        default=tuple(TieBreaker),
        metadata=rule("M-L2", "Order of tie-breakers in the standings (ends with name)."),
    )

    # --- validation ----------------------------------------------------------------------------

    def errors(self) -> dict[str, str]:
        """Field name → a clear message for each invalid value; empty when all are valid."""
        errors: dict[str, str] = {}
        enum_error(errors, "lowering_die_type", self.lowering_die_type, LoweringDieType)
        enum_error(errors, "progression_mode", self.progression_mode, ProgressionMode)
        errors.update(range_errors(self, booleans=_BOOL_FIELDS, bounds=_INT_BOUNDS))
        if not errors:
            self._relational_errors(errors)
        tb_error = tie_breaker_error(self.tie_breakers, TieBreaker, TieBreaker.NAME)
        if tb_error:
            errors["tie_breakers"] = tb_error
        return errors

    def _relational_errors(self, errors: dict[str, str]) -> None:
        # Even sizes: two centre squares per end row and four around the centre line (M-G1).
        if self.board_columns % 2:
            errors["board_columns"] = "Must be even, so the ends have two centre squares."
        if self.board_rows % 2:
            errors["board_rows"] = "Must be even, so the ball starts next to the centre line."
        if self.stat_level_1 >= self.stat_level_2:
            errors["stat_level_2"] = "Must be greater than the level 1 threshold."
        if self.rookie_to_pro_games >= self.pro_to_veteran_games:
            errors["pro_to_veteran_games"] = "Must be greater than the Rookie to Pro games."
        if not self.points_win >= self.points_overtime_win >= self.points_draw >= self.points_loss:
            errors["points_win"] = "Points must satisfy win ≥ overtime win ≥ draw ≥ loss."
        if self.points_overtime_loss > self.points_overtime_win:
            errors["points_overtime_loss"] = "Must not exceed the points for an overtime win."
        if self.points_overtime_loss < self.points_loss:
            errors["points_overtime_loss"] = "Must not be less than the points for a loss."

    def table(self) -> TableSettings:
        """M-L1 and M-L2 for the standings, which every game shares (rules/standings/)."""
        return TableSettings(
            points_win=self.points_win,
            points_overtime_win=self.points_overtime_win,
            points_draw=self.points_draw,
            points_overtime_loss=self.points_overtime_loss,
            points_loss=self.points_loss,
            tie_breakers=self.tie_breakers,
        )


_BOOL_FIELDS = (
    "status_roll",
    "superstars",
    "mid_game_replacements",
    "evading_rushing",
    "assault",
    "striking",
    "pass_blocking",
    "goal_zones",
    "ricochet",
    "substitute_goalie_at_once",
    "permanent_injuries",
    "force_healing",
    "enhancements",
)

_INT_BOUNDS: dict[str, tuple[int, int]] = {
    "rookie_to_pro_games": (1, 1000),
    "pro_to_veteran_games": (1, 1000),
    "stat_level_1": (1, 1000),
    "stat_level_2": (1, 1000),
    "board_columns": (6, 30),
    "board_rows": (12, 60),
    "activation_limit": (50, 10000),
    "activations_per_turn": (1, 5),
    "points_win": (0, 10),
    "points_overtime_win": (0, 10),
    "points_draw": (0, 10),
    "points_overtime_loss": (0, 10),
    "points_loss": (0, 10),
}
