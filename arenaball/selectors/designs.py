"""Car designs checked (A-T3, A-T4): every limit's state by rules.arenaball.check_design with
the season's settings and the league's catalogue, and what saving or removing a design would
refuse, for the services (which check again under their lock), the editor and the API."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from arenaball.catalogue import league_armour, league_parts
from arenaball.design_input import DesignData, design_data_of, design_rules
from arenaball.errors import ArenaballError
from arenaball.models import Design, Part
from arenaball.selectors.teams import team_settings
from league.models import Team
from rules import arenaball as rules
from rules.arenaball import Problem


def design_check(
    *,
    team: Team,
    data: DesignData,
    settings: rules.ArenaballSettings | None = None,
    parts: Mapping[str, Part] | None = None,
) -> rules.DesignCheck:
    """A-T3 to A-T5: every limit's state for `data` as `team`'s season sets them (or
    `settings`), its totals by the league's catalogue (`parts`, read if not given), unknown
    parts among the problems; nothing is stored."""
    parts = parts if parts is not None else league_parts(league=team.league)
    design, unknown = design_rules(data, parts)
    check = rules.check_design(
        design, settings or team_settings(team=team), league_armour(parts=parts)
    )
    sides = [armour.side.value for armour in design.armour]
    problems = tuple(_side_named(problem, sides) for problem in (*unknown, *check.problems))
    return rules.DesignCheck(problems, check.totals, check.limits)


def _side_named(problem: Problem, sides: Sequence[str]) -> Problem:
    """The rules name an armour problem by its place (``armour.0``); forms by its side."""
    head, _, index = problem.field.partition(".")
    if head != "armour" or not index.isdigit() or int(index) >= len(sides):
        return problem
    return replace(problem, field=f"armour.{sides[int(index)]}")


def design_refusals(
    *, team: Team, data: DesignData, design: Design | None = None
) -> tuple[rules.DesignCheck, list[Problem]]:
    """Everything saving `data` (as `design`, or a new design) would refuse: the limits'
    check, and the team's own (its designs' names, a used design's role). The editor's live
    panel asks this too, so it never shows a hold the save refuses."""
    check = design_check(team=team, data=data)
    return check, [*check.problems, *_role_problems(team, data, design)]


def stored_design_check(
    design: Design,
    settings: rules.ArenaballSettings | None = None,
    parts: Mapping[str, Part] | None = None,
) -> rules.DesignCheck:
    """A stored design checked again by the catalogue and the settings now (its team's
    season's, or `settings`; the league's `parts`, read if not given): either may have
    changed since it was saved."""
    return design_check(
        team=design.team, data=design_data_of(design), settings=settings, parts=parts
    )


def design_delete_refusal(design: Design) -> ArenaballError | None:
    """Why `design` cannot be removed now (the cars that use it), or None: what the delete
    page says before it offers the button, and what the delete checks under its lock."""
    slots = sorted(design.cars.values_list("slot", flat=True), key=rules.CAR_SLOTS.index)
    if not slots:
        return None
    cars = f"car {slots[0]}" if len(slots) == 1 else f"cars {', '.join(slots)}"
    return ArenaballError(
        f"{design.name} is the design of {cars}; give {'it' if len(slots) == 1 else 'them'} "
        "another design first.",
        code="design_in_use",
    )


def _role_problems(team: Team, data: DesignData, design: Design | None) -> list[Problem]:
    problems = []
    taken = Design.objects.filter(team=team, name=data.name)
    if design is not None:
        taken = taken.exclude(pk=design.pk)
        if data.role != design.role and design.cars.exists():
            problems.append(
                Problem(
                    "design_role",
                    "A-T1",
                    "role",
                    f"{design.name} is the design of a {design.get_role_display().lower()}; "
                    "its cars keep that role.",
                )
            )
    if taken.exists():
        problems.append(
            Problem("name_taken", "A-T1", "name", f"{team} already has a design {data.name!r}.")
        )
    return problems
