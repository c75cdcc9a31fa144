"""A-T5: the parts a league's designs use that its catalogue has no figures for, for the
commissioner (the parts admin and the season's control room): each with the designs it
holds back (issue #45). Read from the designs' own checks, so a part a published sheet
covers is not listed."""

from __future__ import annotations

from dataclasses import dataclass

from arenaball.catalogue import league_parts
from arenaball.models import Design
from arenaball.selectors import designs_with_fittings, stored_design_check
from league.models import League


@dataclass(frozen=True)
class UnpricedPart:
    """A part without the figures designs need of it: the check's own words ("Machine gun
    has no price in this league's catalogue: ask the commissioner.") and the designs (with
    their teams) it holds back."""

    message: str
    designs: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.message.split(" has no ", 1)[0]


def unpriced_in_use(*, league: League) -> list[UnpricedPart]:
    """Every part a design of `league` uses without the figures it needs, by name."""
    parts = league_parts(league=league)
    found: dict[str, list[str]] = {}
    designs = designs_with_fittings().filter(team__league=league).select_related("team")
    for design in designs:
        check = stored_design_check(design, parts=parts)
        for problem in check.problems:
            if problem.code == "part_unpriced":
                found.setdefault(problem.message, []).append(_named(design))
    return [
        UnpricedPart(message, tuple(sorted(set(names)))) for message, names in sorted(found.items())
    ]


def _named(design: Design) -> str:
    return f"{design.name} ({design.team.short_name})"
