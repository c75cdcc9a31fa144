"""One broken rule, as every Arenaball validator reports it (designs, teams, match reports)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem"]


@dataclass(frozen=True, slots=True)
class Problem:
    """A broken rule: a stable `code` for programs, the `rule` id it breaks, the `field` it
    concerns (dotted, e.g. ``fittings.2`` or ``goals.0.scorer``; "" for the whole thing) and
    a `message` in plain words for people."""

    code: str
    rule: str
    field: str
    message: str
