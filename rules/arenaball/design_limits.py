"""The state of one design limit as a form shows it, and the wording every design check
(design_check, weapon_checks) shares for fittings, fields and money."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .designs import Design, Fitting
from .pricing import DesignTotals
from .problems import Problem
from .settings import ArenaballSettings
from .vocabulary import ComponentKind

__all__ = ["LimitCheck", "LimitState", "count_state", "dollars", "field_of", "fittings_of", "named"]


@dataclass(frozen=True, slots=True)
class LimitState:
    """One limit as a form shows it: `value` against `limit` (None: nothing to compare, e.g.
    no body spaces declared), whether it holds, and the figures in words."""

    code: str
    rule: str
    label: str
    ok: bool
    value: int
    limit: int | None
    figures: str


LimitCheck = Callable[[Design, DesignTotals, ArenaballSettings], tuple[LimitState, list[Problem]]]


def fittings_of(design: Design, *kinds: ComponentKind) -> Iterator[tuple[int, Fitting]]:
    for index, fitting in enumerate(design.fittings):
        if fitting.component.kind in kinds:
            yield index, fitting


def field_of(index: int) -> str:
    return f"fittings.{index}"


def named(fitting: Fitting) -> str:
    return f"{fitting.component.name} ({fitting.ref})" if fitting.ref else fitting.component.name


def dollars(value: int) -> str:
    return f"${value:,}"


def count_state(code: str, label: str, problems: list[Problem]) -> LimitState:
    count = len(problems)
    return LimitState(code, "A-T4", label, not count, count, 0, f"{count} found")
