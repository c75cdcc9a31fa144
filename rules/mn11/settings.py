"""Magic Number Eleven's league options: every *(setting)* of the reference.

Like ``rules.magnoball.settings.RuleSettings``: a frozen dataclass whose field names and enum
values are the public contract (a Django model may mirror it field by field), ``errors()`` for
validation and ``table()`` for the shared standings (rules/standings/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.settings import GameSettings, enum_error, range_errors, rule, tie_breaker_error
from rules.standings import Breaker, CountBreaker, TableSettings, TieBreaker

__all__ = [
    "MAGIC_NUMBER_GOALS",
    "RED_CARDS",
    "DraftSeeding",
    "Mn11Settings",
    "Mn11TieBreaker",
    "StarPool",
]


class StarPool(StrEnum):
    """E-S2: which Star Player cards the league drafts from."""

    BASE = "base"
    BASE_AND_EXPANSION = "base_and_expansion"

    @property
    def label(self) -> str:
        return "Base game (12)" if self is StarPool.BASE else "Base game and expansion (21)"


class DraftSeeding(StrEnum):
    """E-S2: the first round's order of the draft."""

    REVERSE_STANDINGS = "reverse_standings"
    RANDOM = "random"

    @property
    def label(self) -> str:
        if self is DraftSeeding.REVERSE_STANDINGS:
            return "Reverse previous-season position, then random"
        return "Random"


class Mn11TieBreaker(StrEnum):
    """E-L1: the standings tie-breakers, applied in the configured order."""

    POINTS = "points"
    HEAD_TO_HEAD = "head_to_head"
    GOAL_DIFFERENCE = "score_difference"
    GOALS_FOR = "score_for"
    MAGIC_NUMBER_GOALS = "magic_number_goals"
    FEWER_RED_CARDS = "fewer_red_cards"
    NAME = "name"

    @property
    def label(self) -> str:
        return _TIE_BREAKER_LABELS[self]

    @property
    def table_breaker(self) -> Breaker:
        """The shared table's tie-breaker: its own where it has one, else a count each match
        gives the team (:func:`rules.mn11.season.table_game`)."""
        if self is Mn11TieBreaker.MAGIC_NUMBER_GOALS:
            return MAGIC_NUMBER_GOALS
        if self is Mn11TieBreaker.FEWER_RED_CARDS:
            return RED_CARDS
        return TieBreaker(self.value)


#: E-L1's own tie-breakers, counted over a team's matches (the counts' keys in `TableGame`).
MAGIC_NUMBER_GOALS = CountBreaker("magic_number_goals", "Magic Number goals")
RED_CARDS = CountBreaker("red_cards", "Red cards (fewer first)", fewer_is_better=True)


_TIE_BREAKER_LABELS = {
    Mn11TieBreaker.POINTS: "Points",
    Mn11TieBreaker.HEAD_TO_HEAD: "Head-to-head points",
    Mn11TieBreaker.GOAL_DIFFERENCE: "Goal difference",
    Mn11TieBreaker.GOALS_FOR: "Goals for",
    Mn11TieBreaker.MAGIC_NUMBER_GOALS: "Magic Number goals",
    Mn11TieBreaker.FEWER_RED_CARDS: "Fewer red cards",
    Mn11TieBreaker.NAME: "Team name",
}


@dataclass(frozen=True, slots=True)
class Mn11Settings(GameSettings):
    """Every league option, with its default (rule id and meaning in each field's metadata)."""

    star_pool: StarPool = field(
        default=StarPool.BASE_AND_EXPANSION,
        metadata=rule("E-S2", "Draft the base game's 12 Star Players, or those and the 9 more."),
    )
    stars_per_team: int = field(
        default=3, metadata=rule("E-S2", "Star Player cards each team signs in the draft.")
    )
    draft_snake: bool = field(
        default=True,
        metadata=rule("E-S2", "The draft order reverses every round (off: the same each round)."),
    )
    draft_seeding: DraftSeeding = field(
        default=DraftSeeding.REVERSE_STANDINGS,
        metadata=rule("E-S2", "How the draft's first round is ordered."),
    )
    draft_auto_pick: bool = field(
        default=False,
        metadata=rule(
            "E-S2", "A pick not made by its deadline is drawn at random (off: commissioner)."
        ),
    )
    gk_expansion: bool = field(
        default=True,
        metadata=rule("E-S3", "Each team picks a GK card before the match (GK expansion)."),
    )
    sent_off_suspension: bool = field(
        default=False,
        metadata=rule("E-D3", "A card sent off misses the team's next match."),
    )
    shootout_league: bool = field(
        default=False,
        metadata=rule("E-D5", "A level league match is settled by a penalty shootout."),
    )
    shootout_knockout: bool = field(
        default=True,
        metadata=rule("E-D5", "A level knockout match is settled by a penalty shootout."),
    )
    points_win: int = field(default=3, metadata=rule("E-L1", "Standings points for a win."))
    points_draw: int = field(default=1, metadata=rule("E-L1", "Standings points for a draw."))
    points_loss: int = field(default=0, metadata=rule("E-L1", "Standings points for a loss."))
    points_shootout_win: int = field(
        default=2, metadata=rule("E-L1", "Standings points for a shootout win (shootouts on).")
    )
    points_shootout_loss: int = field(
        default=1, metadata=rule("E-L1", "Standings points for a shootout loss (shootouts on).")
    )
    tie_breakers: tuple[Mn11TieBreaker, ...] = field(
        default=tuple(Mn11TieBreaker),
        metadata=rule("E-L1", "Order of tie-breakers in the standings (ends with name)."),
    )

    # --- derived -------------------------------------------------------------------------------

    @property
    def pool_size(self) -> int:
        """E-S2: 12 base cards, 21 with the expansion's 9."""
        return 12 if self.star_pool is StarPool.BASE else 21

    def shootouts(self, *, knockout: bool) -> bool:
        """E-D5: whether a level match of this kind goes to a shootout."""
        return self.shootout_knockout if knockout else self.shootout_league

    # --- validation ----------------------------------------------------------------------------

    def errors(self) -> dict[str, str]:
        """Field name → a clear message for each invalid value; empty when all are valid."""
        errors: dict[str, str] = {}
        enum_error(errors, "star_pool", self.star_pool, StarPool)
        enum_error(errors, "draft_seeding", self.draft_seeding, DraftSeeding)
        errors.update(range_errors(self, booleans=_BOOL_FIELDS, bounds=_INT_BOUNDS))
        if not errors:
            self._relational_errors(errors)
        tb_error = tie_breaker_error(self.tie_breakers, Mn11TieBreaker, Mn11TieBreaker.NAME)
        if tb_error:
            errors["tie_breakers"] = tb_error
        return errors

    def _relational_errors(self, errors: dict[str, str]) -> None:
        # Without GK cards a line-up is 11 Player Cards, more than a set's 9 (E-S3).
        if not self.gk_expansion and self.stars_per_team < STARS_FOR_A_LINEUP_WITHOUT_GK:
            errors["stars_per_team"] = (
                f"Without GK cards a line-up is 11 Player Cards: with the set's 9, each team "
                f"needs at least {STARS_FOR_A_LINEUP_WITHOUT_GK} Star Players."
            )
        # Two teams at least must be able to complete the draft from the pool.
        if 2 * self.stars_per_team > self.pool_size:
            errors["stars_per_team"] = (
                f"Must be at most {self.pool_size // 2}, so two teams can sign from "
                f"a pool of {self.pool_size}."
            )
        if not self.points_win >= self.points_shootout_win >= self.points_shootout_loss:
            errors["points_shootout_win"] = (
                "Points must satisfy win ≥ shootout win ≥ shootout loss."
            )
        elif not self.points_shootout_loss >= self.points_loss:
            errors["points_shootout_loss"] = "Must not be less than the points for a loss."
        if not self.points_win >= self.points_draw >= self.points_loss:
            errors["points_draw"] = "Points must satisfy win ≥ draw ≥ loss."

    # --- standings -----------------------------------------------------------------------------

    def table(self) -> TableSettings:
        """E-L1 for the shared standings: a shootout is the table's overtime, so shootout
        points are its overtime points when league shootouts are on (otherwise no league
        match has one and a draw's points stand in). Magic Number goals and red cards are
        counts the table sums from each game (:func:`rules.mn11.season.table_game`)."""
        shootouts = self.shootout_league
        return TableSettings(
            points_win=self.points_win,
            points_overtime_win=self.points_shootout_win if shootouts else self.points_draw,
            points_draw=self.points_draw,
            points_overtime_loss=self.points_shootout_loss if shootouts else self.points_draw,
            points_loss=self.points_loss,
            tie_breakers=tuple(breaker.table_breaker for breaker in self.tie_breakers),
        )


#: E-S3 without GK cards: 11 Player Cards from a set of 9 (rules/mn11/cards.py) need 2 Stars.
STARS_FOR_A_LINEUP_WITHOUT_GK = 2

_BOOL_FIELDS = (
    "draft_snake",
    "draft_auto_pick",
    "gk_expansion",
    "sent_off_suspension",
    "shootout_league",
    "shootout_knockout",
)

_INT_BOUNDS: dict[str, tuple[int, int]] = {
    "stars_per_team": (1, 10),
    "points_win": (0, 10),
    "points_draw": (0, 10),
    "points_loss": (0, 10),
    "points_shootout_win": (0, 10),
    "points_shootout_loss": (0, 10),
}
