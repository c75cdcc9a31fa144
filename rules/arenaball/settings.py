"""Every Arenaball option the reference marks *(setting)*, with its default and rule id.

A game's Django settings model can mirror :class:`ArenaballSettings` field by field (same
names), as MagnoBall's season does with its ``RuleSettings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.settings import GameSettings, range_errors, rule, tie_breaker_error
from rules.standings import Breaker, CountBreaker, TableSettings, TieBreaker

__all__ = ["KILLS", "VARIANTS", "ArenaballSettings", "ArenaballTieBreaker"]

#: A-L1: the kills tie-breaker as the shared table counts it (``TableGame`` counts "kills").
KILLS = CountBreaker("kills", "Kills")


class ArenaballTieBreaker(StrEnum):
    """A-L1: the standings tie-breakers; kills is Arenaball's own (a count the shared table
    adds up over the games, :data:`KILLS`), the others every game's."""

    POINTS = "points"
    HEAD_TO_HEAD = "head_to_head"
    SCORE_DIFFERENCE = "score_difference"
    SCORE_FOR = "score_for"
    KILLS = "kills"
    NAME = "name"

    @property
    def label(self) -> str:
        return self.breaker.label

    @property
    def breaker(self) -> Breaker:
        """The tie-breaker as rules/standings/ applies it."""
        if self is ArenaballTieBreaker.KILLS:
            return KILLS
        return TieBreaker(self.value)


@dataclass(frozen=True, slots=True)
class ArenaballSettings(GameSettings):
    """Every rule option, with its default (rule id and meaning in each field's metadata)."""

    one_track_design: bool = field(
        default=True,
        metadata=rule("A-T1", "All five track cars share one design (off: each its own)."),
    )
    budget: int = field(
        default=20_000, metadata=rule("A-T3", "The most a design may cost, in dollars.")
    )
    target_points: int = field(
        default=5, metadata=rule("A-G1", "Points that win a game (first to reach them).")
    )
    time_limit_games: bool = field(
        default=False,
        metadata=rule(
            "A-G1",
            "Teams may agree a time limit before a game instead: the higher score wins, "
            "a level score is a draw.",
        ),
    )
    substitutes: bool = field(
        default=True,
        metadata=rule(
            "A-G4",
            "Cars in the pits may come on for a car killed or driven off (the seed's variant "
            "“no substitutes” turns it off).",
        ),
    )
    grenades: bool = field(
        default=False,
        metadata=rule(
            "A-T4",
            "The seed's variant: grenades allowed (the rule against them speeds the game up).",
        ),
    )
    roller_skaters: bool = field(
        default=False,
        metadata=rule(
            "A-G5",
            "The seed's variant: peds on roller skates, characters of the team with hand "
            "weapons only (burst weapons outlawed), score with their aluminium ball as a "
            "standard goal.",
        ),
    )
    points_per_kill: int = field(
        default=1,
        metadata=rule("A-P1", "Skill points and Prestige points a kill gives its character."),
    )
    points_per_level: int = field(
        default=30, metadata=rule("A-P2", "Driver or Gunner points for each skill level.")
    )
    injury_games_missed: int = field(
        default=1, metadata=rule("A-P3", "Games an injured character misses.")
    )
    points_win: int = field(default=2, metadata=rule("A-L1", "Standings points for a win."))
    points_draw: int = field(
        default=1, metadata=rule("A-L1", "Standings points for a draw (time-limit games).")
    )
    points_loss: int = field(default=0, metadata=rule("A-L1", "Standings points for a loss."))
    tie_breakers: tuple[ArenaballTieBreaker, ...] = field(
        default=tuple(ArenaballTieBreaker),
        metadata=rule("A-L1", "Order of tie-breakers in the standings (ends with name)."),
    )

    # --- validation ----------------------------------------------------------------------------

    def errors(self) -> dict[str, str]:
        """Field name → a clear message for each invalid value; empty when all are valid."""
        errors: dict[str, str] = {}
        errors.update(range_errors(self, booleans=_BOOL_FIELDS, bounds=_INT_BOUNDS, grouped=True))
        if not errors:
            # A-L1: win ≥ draw ≥ loss, the error beside the value out of order.
            if self.points_draw > self.points_win:
                errors["points_draw"] = (
                    f"Points must satisfy win ≥ draw ≥ loss: a draw may earn at most the "
                    f"{self.points_win} of a win."
                )
            elif self.points_loss > self.points_draw:
                errors["points_loss"] = (
                    f"Points must satisfy win ≥ draw ≥ loss: a loss may earn at most the "
                    f"{self.points_draw} of a draw."
                )
        breakers = tie_breaker_error(
            self.tie_breakers, ArenaballTieBreaker, ArenaballTieBreaker.NAME
        )
        if breakers:
            errors["tie_breakers"] = breakers
        return errors

    def variants(self) -> tuple[str, ...]:
        """The seed's variants this season plays, by name (none by default)."""
        return tuple(name for key, on, name in VARIANTS if getattr(self, key) == on)

    def table(self) -> TableSettings:
        """A-L1 for the shared standings table. Arenaball has no overtime, so its overtime
        outcomes score as a win and a loss; kills is counted from each game's
        ``TableGame`` counts (:func:`rules.arenaball.table_game`)."""
        return TableSettings(
            points_win=self.points_win,
            points_overtime_win=self.points_win,
            points_draw=self.points_draw,
            points_overtime_loss=self.points_loss,
            points_loss=self.points_loss,
            tie_breakers=tuple(breaker.breaker for breaker in self.tie_breakers),
        )


_BOOL_FIELDS = ("one_track_design", "time_limit_games", "substitutes", "grenades", "roller_skaters")

#: The seed's "variants" (and A-T1's one_track_design, the rule it says may be dropped): each
#: with its name on the season's page when it differs from the seed's game.
VARIANTS: tuple[tuple[str, bool, str], ...] = (
    ("substitutes", False, "No substitutes (A-G4)"),
    ("grenades", True, "Grenades allowed (A-T4)"),
    ("one_track_design", False, "Track cars of different designs (A-T1)"),
    ("roller_skaters", True, "Peds on roller skates with their aluminium ball (A-G5)"),
)

_INT_BOUNDS: dict[str, tuple[int, int]] = {
    "budget": (1_000, 1_000_000),
    "target_points": (1, 50),
    "points_per_kill": (0, 10),
    "points_per_level": (1, 1000),
    "injury_games_missed": (0, 20),
    "points_win": (0, 10),
    "points_draw": (0, 10),
    "points_loss": (0, 10),
}
