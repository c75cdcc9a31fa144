"""What Arenaball's design editor shows, gathered for its template (the sheet, each error
beside its field, the limits panel), and its live check's answer as JSON."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arenaball.catalogue import league_parts
from arenaball.design_input import DesignData
from arenaball.models import Design
from arenaball.selectors.designs import design_check
from arenaball.selectors.teams import team_settings
from arenaball.web_forms import BLANK_ROWS, FITTING_KEYS, Read, choices
from league.models import Team
from rules import arenaball as rules
from rules.arenaball import ArmourMaterial, CarRole, ComponentKind, Mounting, Side

#: The sheet's fields the editor shows an error beside (the rest go above the form).
_SHEET_FIELDS = ("name", "role", "gunners")


def design_editor(
    *,
    team: Team,
    design: Design | None,
    data: DesignData | None,
    posted: Read | None = None,
    errors: Mapping[str, str] | None = None,
    refusal: Sequence[str] = (),
) -> dict[str, Any]:
    """The editor: the sheet as posted (or stored), each error beside its field, and the
    limits panel as the save sees them: `refusal` is what the save refused with (the values
    to correct, or the broken rules), so the panel never says a design holds that the save
    refuses."""
    parts = league_parts(league=team.league)
    if posted is not None:
        values = dict(posted.raw)
        lines = list(posted.raw.get("fittings", []))
        rows = posted.rows.get("fittings", [])
        fittings: list[dict[str, Any]] = [{} for _ in range(max(rows, default=-1) + 1)]
        for line, row in zip(lines, rows, strict=True):
            fittings[row] = line
    elif data is not None:
        values = {"name": data.name, "role": data.role, "gunners": data.gunners, **data.words}
        values["armour"] = {
            side: {"points": p, "material": m} for side, (p, m) in data.armour.items()
        }
        fittings = [
            {
                key: (", ".join(getattr(f, key)) if key == "links" else getattr(f, key))
                for key in FITTING_KEYS
            }
            for f in data.fittings
        ]
    else:
        values = {"role": CarRole.TRACK.value, "gunners": 0, "armour": {}}
        fittings = []
    fittings += [{} for _ in range(BLANK_ROWS["fittings"])]
    errors = dict(errors or {})
    check = design_check(team=team, data=data) if data is not None else None
    # What the save refuses: the values to correct and the broken limits, each once.
    problems = [p.message for p in check.problems] if check is not None else []
    to_correct = list(dict.fromkeys([*refusal, *problems]))
    return {
        "team": team,
        "design": design,
        "values": values,
        "armour": [
            {
                "side": side.value,
                "points": values.get("armour", {}).get(side.value, {}).get("points", 0),
                "material": values.get("armour", {}).get(side.value, {}).get("material", "plastic"),
                "error": errors.get(f"armour.{side}", "")
                or errors.get(f"armour.{side}.material", ""),
            }
            for side in Side
        ],
        "fittings": [
            {
                "row": row,
                "values": line,
                "error": " ".join(
                    m
                    for k, m in errors.items()
                    if k == f"fittings.{row}" or k.startswith(f"fittings.{row}.")
                ),
            }
            for row, line in enumerate(fittings)
        ],
        "errors": errors,
        "general_errors": [
            m
            for k, m in errors.items()
            if not k.startswith(("fittings.", "armour.")) and k not in _SHEET_FIELDS
        ],
        "check": check,
        "holds": check is not None and not to_correct,
        "to_correct": to_correct,
        "parts": sorted(parts.values(), key=lambda p: (p.kind, p.name)),
        "roles": choices(CarRole),
        "materials": choices(ArmourMaterial),
        "mountings": choices(Mounting),
        "kinds": dict(choices(ComponentKind)),
        "budget": team_settings(team=team).budget,
    }


def check_json(
    check: rules.DesignCheck,
    *,
    problems: Sequence[rules.Problem],
    errors: Mapping[str, str],
    read: Read,
) -> dict[str, Any]:
    """The live check's answer, as the save would answer: totals, each limit's state, and
    what it would refuse: the values to correct, then every broken rule (by the page's row),
    each once."""
    lines = [(field, message) for field, message in errors.items()]
    for problem in problems:
        mapped = read.errors_by_row({problem.field or "__all__": problem.message})
        lines += [line for line in mapped.items() if line not in lines]
    totals = check.totals
    return {
        "ok": not lines,
        "totals": {
            "cost": totals.cost,
            "weight": totals.weight,
            "spaces": totals.spaces,
            "room": totals.room,
            "priced": totals.priced,
        },
        "limits": [
            {"code": s.code, "rule": s.rule, "label": s.label, "ok": s.ok, "figures": s.figures}
            for s in check.limits
        ],
        "problems": [{"field": field, "message": message} for field, message in lines],
    }
