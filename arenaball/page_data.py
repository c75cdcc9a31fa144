"""What Arenaball's pages show, gathered for their templates: plain dicts and lists, so the
views stay one call and the templates do no work."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Q
from django.http import QueryDict

from arenaball.catalogue import league_parts
from arenaball.crews import SLOTS, CarChoice, character_release_refusal
from arenaball.designs import DesignData, design_check, stored_design_check
from arenaball.models import Car, Character, Design, Pits, Report
from arenaball.reports import lineup_snapshot
from arenaball.selectors import (
    character_history,
    character_season_totals,
    team_cars,
    team_designs,
    team_graveyard,
    team_roster,
    team_season,
    team_settings,
)
from arenaball.web_forms import BLANK_ROWS, FITTING_KEYS, Read
from league.access import FixtureRoles
from league.models import Fixture, Result, Team
from league.selectors.fixtures import with_round_labels
from rules import arenaball as rules
from rules.arenaball import (
    ArmourMaterial,
    Ball,
    CarRole,
    ComponentKind,
    CrewState,
    KillHow,
    LeftBecause,
    Mounting,
    Plate,
    Side,
)


def _choices(enum: Any) -> list[tuple[str, str]]:
    return [(m.value, m.value.replace("_", " ").capitalize()) for m in enum]


# --- the team page ------------------------------------------------------------------------------


def car_choices(post: QueryDict) -> list[CarChoice]:
    """The six rows of the cars form."""

    def number(name: str) -> int | None:
        value = post.get(name, "")
        return int(value) if value.isdigit() else None

    return [
        CarChoice(
            slot=slot,
            design=number(f"car-{slot}-design") or 0,
            driver=number(f"car-{slot}-driver"),
            gunner=number(f"car-{slot}-gunner"),
        )
        for slot in SLOTS
    ]


def team_page(
    *,
    team: Team,
    manage: bool,
    car_errors: Mapping[str, str] | None = None,
    posted: Sequence[CarChoice] = (),
) -> dict[str, Any]:
    season = team_season(team=team)
    settings = team_settings(team=team)
    cars = team_cars(team=team)
    roster = team_roster(team=team)
    seated = {c.driver_id for c in cars} | {c.gunner_id for c in cars}
    design_rows: list[dict[str, Any]] = [
        {
            "design": design,
            "check": stored_design_check(design),
            "cars": [c.slot for c in cars if c.design_id == design.pk],
        }
        for design in team_designs(team=team)
    ]
    chosen = {choice.slot: choice for choice in posted}
    errors = dict(car_errors or {})
    car_rows = []
    for index, car in enumerate(cars):
        choice = chosen.get(car.slot)
        car_rows.append(
            {
                "car": car,
                "design_id": choice.design if choice else car.design_id,
                "driver_id": choice.driver if choice else car.driver_id,
                "gunner_id": choice.gunner if choice else car.gunner_id,
                "errors": [m for k, m in errors.items() if k.startswith(f"cars.{index}.")],
            }
        )
    general = [m for k, m in errors.items() if not k.startswith("cars.") or k == "cars"]
    fixtures = []
    if season is not None:
        fixtures = with_round_labels(
            list(
                Fixture.objects.filter(Q(home_team=team) | Q(away_team=team), round__season=season)
                .select_related("round", "home_team", "away_team", "result")
                .order_by("round__number", "pk")
            )
        )
    return {
        "team": team,
        "season": season,
        "settings": settings,
        "manage": manage,
        "cars": car_rows,
        "car_errors": general,
        "designs": design_rows,
        "track_designs": [r["design"] for r in design_rows if r["design"].role == CarRole.TRACK],
        "keeper_designs": [
            r["design"] for r in design_rows if r["design"].role == CarRole.GOALKEEPER
        ],
        "roster": [
            {"character": c, "seated": c.pk in seated, "level": _levels(c, settings)}
            for c in roster
        ],
        "roster_size": rules.ROSTER_SIZE,
        "graveyard": team_graveyard(team=team),
        "fixtures": fixtures,
    }


def _levels(character: Character, settings: rules.ArenaballSettings) -> dict[str, int]:
    return {
        "driver": rules.skill_level(character.driver_points, settings),
        "gunner": rules.skill_level(character.gunner_points, settings),
    }


# --- the character page -------------------------------------------------------------------------


def character_page(*, character: Character, manage: bool) -> dict[str, Any]:
    settings = team_settings(team=character.team)
    history = character_history(character=character)
    per_level = settings.points_per_level
    top = max([p.driver for p in history] + [p.gunner for p in history] + [0])
    chart = {
        "labels": [
            f"{p.game.fixture.round.season.name} {p.game.fixture.round.label}" for p in history
        ],
        "series": [
            {"label": "Driver points", "data": [p.driver for p in history]},
            {"label": "Gunner points", "data": [p.gunner for p in history]},
            {"label": "Prestige", "data": [p.prestige for p in history]},
        ],
        "thresholds": [
            {"label": f"Level {n}", "value": n * per_level} for n in range(1, top // per_level + 2)
        ],
        "y_title": "Points",
    }
    refusal = character_release_refusal(character)
    return {
        "character": character,
        "team": character.team,
        "manage": manage and character.state == Character.State.ACTIVE,
        # Releasing is offered only when it can be done (the page would refuse it else).
        "release_refusal": refusal.message if refusal else "",
        "levels": _levels(character, settings),
        "per_level": per_level,
        "history": history,
        "season_totals": character_season_totals(history=history),
        "chart": chart,
    }


# --- the design editor --------------------------------------------------------------------------


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
        "roles": _choices(CarRole),
        "materials": _choices(ArmourMaterial),
        "mountings": _choices(Mounting),
        "kinds": dict(_choices(ComponentKind)),
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


# --- fixtures and reports -----------------------------------------------------------------------


def _lineup(
    snapshot: Mapping[str, Any], characters: Mapping[int, Character]
) -> list[dict[str, Any]]:
    pits = set(snapshot.get("pits", []))
    return [
        {
            "slot": car["slot"],
            "design": car["design"],
            "driver": characters.get(car["driver"]),
            "gunner": characters.get(car["gunner"]),
            "pits": car["slot"] in pits,
        }
        for car in snapshot["cars"]
    ]


def fixture_page(*, fixture: Fixture, roles: FixtureRoles) -> dict[str, Any]:
    result = Result.objects.filter(fixture=fixture).first()
    report = (
        Report.objects.filter(result=result)
        .select_related("winner")
        .prefetch_related(
            "goals__scorer",
            "goals__team",
            "kills__killer",
            "kills__victim_team",
            "kills__killer_team",
            "casualties__character",
            "casualties__team",
            "substitutions__team",
        )
        .first()
        if result
        else None
    )
    teams = (fixture.home_team, fixture.away_team)
    characters = {c.pk: c for c in Character.objects.filter(team__in=teams)}
    sides = []
    for side, team in zip(("home", "away"), teams, strict=True):
        snapshot = (
            report.lineups[side]
            if report
            else lineup_snapshot(fixture=fixture, team=team, pits=None)
        )
        chosen = Pits.objects.filter(fixture=fixture, team=team).first()
        sides.append(
            {
                "side": side,
                "team": team,
                "cars": _lineup(snapshot, characters),
                "peds": [characters[pk] for pk in snapshot.get("peds", []) if pk in characters],
                "pits": snapshot.get("pits", []),
                "pits_chosen": chosen is not None,
                "may_choose": result is None and (roles.commissioner or team in roles.coach_of),
            }
        )
    return {
        "fixture": fixture,
        "season": fixture.round.season,
        "result": result,
        "report": report,
        "sides": sides,
        "track_slots": rules.TRACK_SLOTS,
        "may_report": result is None and roles.may_report and fixture.round.status == "open",
        "may_correct": result is not None and roles.commissioner,
        "round_open": fixture.round.status == "open",
    }


def report_form(
    *,
    fixture: Fixture,
    cars: Mapping[int, Sequence[Car]],
    skaters: Mapping[int, Sequence[Character]] | None = None,
    posted: QueryDict | None = None,
    row_errors: Mapping[str, Mapping[int, list[str]]] | None = None,
    errors: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    settings = team_settings(team=fixture.home_team)
    teams = (fixture.home_team, fixture.away_team)
    result = Result.objects.filter(fixture=fixture).first()
    initial = _report_initial(fixture, result) if posted is None else None
    values = posted if posted is not None else initial
    # The roller-skater variant: each team's characters in no car may skate as its peds.
    skating = {team.pk: list((skaters or {}).get(team.pk, ())) for team in teams}
    if not settings.roller_skaters:
        skating = {team.pk: [] for team in teams}
    crew = [
        (
            team,
            [
                (str(who.pk), f"{who.name} (car {car.slot}, {seat})")
                for car in cars[team.pk]
                for seat, who in (("driver", car.driver), ("gunner", car.gunner))
                if who is not None
            ]
            + [(str(who.pk), f"{who.name} (ped)") for who in skating[team.pk]],
        )
        for team in teams
    ]
    car_options = [
        (
            team,
            [
                (f"{team.pk}:{car.slot}", f"{team.short_name} car {car.slot}")
                for car in cars[team.pk]
            ],
        )
        for team in teams
    ]
    row_errors = row_errors or {}

    def rows(name: str, keys: Sequence[str]) -> list[dict[str, Any]]:
        count = max(_posted_rows(values, name), 0)
        lines = [
            {key: _value(values, f"{name}-{row}-{key}") for key in keys} for row in range(count)
        ]
        lines += [dict.fromkeys(keys, "") for _ in range(BLANK_ROWS[name])]
        return [
            {"row": row, "values": line, "errors": row_errors.get(name, {}).get(row, [])}
            for row, line in enumerate(lines)
        ]

    pits, peds = {}, {}
    for side, team in zip(("home", "away"), teams, strict=True):
        if posted is not None:
            peds[side] = posted.getlist(f"{side}_peds")
        else:
            peds[side] = [str(pk) for pk in (initial or {}).get(f"{side}_peds", [])]
        if posted is not None:
            pits[side] = posted.getlist(f"{side}_pits")
        elif initial is not None and f"{side}_pits" in initial:
            pits[side] = initial[f"{side}_pits"]
        else:
            chosen = Pits.objects.filter(fixture=fixture, team=team).first()
            pits[side] = chosen.slots if chosen else []
    return {
        "fixture": fixture,
        "season": fixture.round.season,
        "settings": settings,
        "correcting": result is not None,
        "values": values or {},
        "sides": [
            {
                "side": side,
                "team": team,
                "pits": pits[side],
                "peds": peds[side],
                "skaters": [(str(who.pk), who.name) for who in skating[team.pk]],
            }
            for side, team in zip(("home", "away"), teams, strict=True)
        ],
        "track_slots": rules.TRACK_SLOTS,
        "crew": crew,
        "car_options": car_options,
        "goals": rows("goals", ("scorer", "plate", "ball")),
        "balls": _choices(Ball),
        "kills": rows("kills", ("victim", "killer", "how", "weapon")),
        "casualties": rows("casualties", ("character", "state")),
        "substitutions": rows("substitutions", ("on", "off", "because")),
        "plates": _choices(Plate),
        "hows": _choices(KillHow),
        "states": [c for c in _choices(CrewState) if c[0] != CrewState.UNHURT],
        "becauses": _choices(LeftBecause),
        "errors": dict(errors or {}),
        # The row "Add a …" copies (static/js/arenaball.js puts its number in).
        "blank_line": {"row": "__row__", "values": {}, "errors": []},
    }


def _posted_rows(values: Any, name: str) -> int:
    raw = values.get(f"{name}-rows", "0") if values is not None else "0"
    return int(raw) if str(raw).isdigit() else 0


def _value(values: Any, key: str) -> str:
    return str(values.get(key, "")) if values is not None else ""


def _report_initial(fixture: Fixture, result: Result | None) -> dict[str, Any] | None:
    """A played game's report as the form's values, for a correction."""
    report = Report.objects.filter(result=result).first() if result else None
    if result is None or report is None:
        return None
    initial: dict[str, Any] = {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "time_limit": "on" if report.time_limit else "",
    }
    for side in ("home", "away"):
        initial[f"{side}_pits"] = report.lineups[side]["pits"]
        initial[f"{side}_peds"] = report.lineups[side].get("peds", [])
    lines: dict[str, list[dict[str, Any]]] = {
        "goals": [
            {"scorer": g.scorer_id, "plate": g.plate, "ball": g.ball} for g in report.goals.all()
        ],
        "kills": [
            {
                "victim": f"{k.victim_team_id}:{k.victim_car}",
                "killer": k.killer_id or "",
                "how": k.how,
                "weapon": k.weapon,
            }
            for k in report.kills.all()
        ],
        "casualties": [
            {"character": c.character_id, "state": c.state} for c in report.casualties.all()
        ],
        "substitutions": [
            {"on": f"{s.team_id}:{s.on}", "off": f"{s.team_id}:{s.off}", "because": s.because}
            for s in report.substitutions.all()
        ],
    }
    for name, rows in lines.items():
        initial[f"{name}-rows"] = str(len(rows))
        for row, line in enumerate(rows):
            for key, value in line.items():
                initial[f"{name}-{row}-{key}"] = str(value)
    return initial
