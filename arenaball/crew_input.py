"""A team's six cars as the roster form and the API set them: plain values, each car's design
and crew by id, for arenaball.services.team_cars_set to check by the rules (A-T1, A-T2)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CarChoice:
    """One car as the roster form sets it: its design and crew, by id (None: empty seat)."""

    slot: str
    design: int
    driver: int | None = None
    gunner: int | None = None
