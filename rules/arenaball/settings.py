"""Every Arenaball option the reference marks *(setting)*, with its default and rule id.

A game's Django settings model can mirror :class:`ArenaballSettings` field by field (same
names), as MagnoBall's season does with its ``RuleSettings``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from rules.standings import Breaker, CountBreaker, TableSettings, TieBreaker

__all__ = ["KILLS", "ArenaballSettings", "ArenaballTieBreaker"]

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
        """The tie-breaker as rules/standings.py applies it."""
        if self is ArenaballTieBreaker.KILLS:
            return KILLS
        return TieBreaker(self.value)


def _rule(rule: str, help_text: str) -> dict[str, str]:
    return {"rule": rule, "help": help_text}


@dataclass(frozen=True, slots=True)
class ArenaballSettings:
    """Every rule option, with its default (rule id and meaning in each field's metadata)."""

    one_track_design: bool = field(
        default=True,
        metadata=_rule("A-T1", "All five track cars share one design (off: each its own)."),
    )
    budget: int = field(
        default=20_000, metadata=_rule("A-T3", "The most a design may cost, in dollars.")
    )
    target_points: int = field(
        default=5, metadata=_rule("A-G1", "Points that win a game (first to reach them).")
    )
    time_limit_games: bool = field(
        default=False,
        metadata=_rule(
            "A-G1",
            "Teams may agree a time limit before a game instead: the higher score wins, "
            "a level score is a draw.",
        ),
    )
    substitutes: bool = field(
        default=True,
        metadata=_rule("A-G4", "Cars in the pits may come on for a car killed or driven off."),
    )
    points_per_kill: int = field(
        default=1,
        metadata=_rule("A-P1", "Skill points and Prestige points a kill gives its character."),
    )
    points_per_level: int = field(
        default=30, metadata=_rule("A-P2", "Driver or Gunner points for each skill level.")
    )
    injury_games_missed: int = field(
        default=1, metadata=_rule("A-P3", "Games an injured character misses.")
    )
    points_win: int = field(default=2, metadata=_rule("A-L1", "Standings points for a win."))
    points_draw: int = field(
        default=1, metadata=_rule("A-L1", "Standings points for a draw (time-limit games).")
    )
    points_loss: int = field(default=0, metadata=_rule("A-L1", "Standings points for a loss."))
    tie_breakers: tuple[ArenaballTieBreaker, ...] = field(
        default=tuple(ArenaballTieBreaker),
        metadata=_rule("A-L1", "Order of tie-breakers in the standings (ends with name)."),
    )

    # --- validation ----------------------------------------------------------------------------

    def errors(self) -> dict[str, str]:
        """Field name → a clear message for each invalid value; empty when all are valid."""
        errors: dict[str, str] = {}
        for name in _BOOL_FIELDS:
            if not isinstance(getattr(self, name), bool):
                errors[name] = "Must be true or false."
        for name, (low, high) in _INT_BOUNDS.items():
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                errors[name] = "Must be a whole number."
            elif not low <= value <= high:
                errors[name] = f"Must be between {low:,} and {high:,}."
        if not errors and not self.points_win >= self.points_draw >= self.points_loss:
            errors["points_win"] = "Points must satisfy win ≥ draw ≥ loss."
        tie_breaker_error = _tie_breaker_error(self.tie_breakers)
        if tie_breaker_error:
            errors["tie_breakers"] = tie_breaker_error
        return errors

    def is_valid(self) -> bool:
        return not self.errors()

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

    # --- JSON ----------------------------------------------------------------------------------

    def as_dict(self) -> dict[str, object]:
        """JSON-able: tie-breakers as a list of their values."""
        data: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = [str(v) for v in value] if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_mapping(
        cls, mapping: Mapping[str, Any], *, ignore_unknown: bool = False
    ) -> ArenaballSettings:
        """Build from a dict (e.g. :meth:`as_dict` output or a model's fields). Missing keys
        take their defaults; unknown keys raise ``ValueError`` unless `ignore_unknown`."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(mapping) - known)
        if unknown and not ignore_unknown:
            raise ValueError(f"unknown rule settings: {', '.join(unknown)}")
        kwargs: dict[str, Any] = {k: v for k, v in mapping.items() if k in known}
        if "tie_breakers" in kwargs:
            raw = kwargs["tie_breakers"]
            if isinstance(raw, str):
                raw = [part.strip() for part in raw.split(",") if part.strip()]
            kwargs["tie_breakers"] = tuple(ArenaballTieBreaker(v) for v in raw)
        return cls(**kwargs)

    @classmethod
    def field_help(cls) -> dict[str, dict[str, str]]:
        """Field name → {"rule": id, "help": meaning}: for forms and docs."""
        return {f.name: dict(f.metadata) for f in fields(cls)}


_BOOL_FIELDS = ("one_track_design", "time_limit_games", "substitutes")

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


def _tie_breaker_error(value: object) -> str | None:
    if not isinstance(value, tuple) or not value:
        return "Give at least one tie-breaker, ending with team name."
    if not all(isinstance(v, ArenaballTieBreaker) for v in value):
        choices = ", ".join(t.value for t in ArenaballTieBreaker)
        return f"Unknown tie-breaker; choose from: {choices}."
    if len(set(value)) != len(value):
        return "Each tie-breaker may appear only once."
    if value[-1] is not ArenaballTieBreaker.NAME:
        return "The last tie-breaker must be team name, so the order is always total."
    return None
