"""The web pages' forms read into the plain values the services take (the same readers as the
API's: design_input.design_data_parse and report_input.report_data_parse), and the services'
dotted error keys mapped back to the rows a page shows. Blank rows are skipped, so `rows`
remembers which row of the page each read line came from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from django.http import QueryDict

from arenaball.crew_input import CarChoice
from arenaball.design_input import SHEET_WORDS
from arenaball.models import Car
from rules.arenaball import CAR_SLOTS, Side

#: Blank rows a page offers for each list (more come with "Add a …"): nine goals are the
#: most a first-to-5 game can have (five off outer plates, four for the loser, A-G1).
BLANK_ROWS = {"fittings": 3, "goals": 9, "kills": 4, "casualties": 4, "substitutions": 2}


@dataclass
class Read:
    """What a form said, as the services read it, and each list's page row per read line."""

    raw: dict[str, Any]
    rows: dict[str, list[int]] = field(default_factory=dict)

    def row_errors(
        self, errors: Mapping[str, str]
    ) -> tuple[dict[str, dict[int, list[str]]], dict[str, str]]:
        """The services' errors of list lines by list and page row (shown under the row), and
        the others by their key."""
        by_row: dict[str, dict[int, list[str]]] = {}
        others: dict[str, str] = {}
        for key, message in errors.items():
            name, _, rest = key.partition(".")
            index = rest.partition(".")[0]
            if name in self.rows and index.isdigit() and int(index) < len(self.rows[name]):
                by_row.setdefault(name, {}).setdefault(self.rows[name][int(index)], []).append(
                    message
                )
            else:
                others[key] = message
        return by_row, others

    def errors_by_row(self, errors: Mapping[str, str]) -> dict[str, str]:
        """The services' keys (``goals.0.scorer``) as the page's (``goals.3.scorer``)."""
        mapped: dict[str, str] = {}
        for key, message in errors.items():
            name, _, rest = key.partition(".")
            index, _, tail = rest.partition(".")
            if name in self.rows and index.isdigit() and int(index) < len(self.rows[name]):
                key = ".".join(filter(None, (name, str(self.rows[name][int(index)]), tail)))
            mapped[key] = f"{mapped[key]} {message}" if key in mapped else message
        return mapped


def _count(post: QueryDict, name: str) -> int:
    value = post.get(f"{name}-rows", "0")
    return min(int(value), 60) if value.isdigit() else 0


def _lines(
    post: QueryDict, name: str, keys: Sequence[str], required: str
) -> tuple[list[dict[str, Any]], list[int]]:
    lines, rows = [], []
    for row in range(_count(post, name)):
        line = {key: post.get(f"{name}-{row}-{key}", "").strip() for key in keys}
        if line[required]:
            lines.append(line)
            rows.append(row)
    return lines, rows


def choices(enum: type[Enum]) -> list[tuple[str, str]]:
    """A select's options: each of `enum`'s values with its words."""
    return [(m.value, m.value.replace("_", " ").capitalize()) for m in enum]


# --- cars ---------------------------------------------------------------------------------------


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
        for slot in CAR_SLOTS
    ]


# --- designs ------------------------------------------------------------------------------------

FITTING_KEYS = ("ref", "part", "mounting", "quantity", "links", "ammo", "protects")


def design_read(post: QueryDict) -> Read:
    raw: dict[str, Any] = {
        name: post.get(name, "") for name in ("name", "role", "gunners", *SHEET_WORDS)
    }
    raw["gunners"] = raw["gunners"] or 0
    raw["armour"] = {
        side.value: {
            "points": post.get(f"armour_{side}", "") or 0,
            "material": post.get(f"material_{side}", "plastic"),
        }
        for side in Side
    }
    fittings, rows = _lines(post, "fittings", FITTING_KEYS, "part")
    for line in fittings:
        line["quantity"] = line["quantity"] or 1
    raw["fittings"] = fittings
    return Read(raw, {"fittings": rows})


# --- match reports ------------------------------------------------------------------------------


def report_read(
    post: QueryDict,
    *,
    cars: Mapping[int, Sequence[Car]],
    skaters: Mapping[int, int] | None = None,
) -> Read:
    """A report from the page's rows. A row names a character or a car ("<team>:<slot>"); the
    team, and a killer's car, follow from it (`cars`: each team's cars with their crews;
    `skaters`: the characters who may skate as peds, the roller-skater variant, by id with
    their team's id: a ped's kill is from no car)."""
    seat = {
        crew_id: (team_id, car.slot)
        for team_id, team_cars in cars.items()
        for car in team_cars
        for crew_id in (car.driver_id, car.gunner_id)
        if crew_id is not None
    }
    seat |= {ped: (team, "") for ped, team in (skaters or {}).items() if ped not in seat}
    team_of = {crew_id: team_id for crew_id, (team_id, _) in seat.items()}
    goals, goal_rows = _lines(post, "goals", ("scorer", "plate", "ball"), "scorer")
    kills, kill_rows = _lines(post, "kills", ("victim", "killer", "how", "weapon"), "victim")
    casualties, casualty_rows = _lines(post, "casualties", ("character", "state"), "character")
    subs, sub_rows = _lines(post, "substitutions", ("on", "off", "because"), "on")
    raw: dict[str, Any] = {
        "home_score": post.get("home_score", ""),
        "away_score": post.get("away_score", ""),
        "time_limit": post.get("time_limit") == "on",
        "home_pits": post.getlist("home_pits"),
        "away_pits": post.getlist("away_pits"),
        "goals": [
            {
                "team": team_of.get(_id(g["scorer"]) or 0),
                "scorer": g["scorer"],
                "plate": g["plate"],
                "ball": g["ball"],
            }
            for g in goals
        ],
        "kills": [_kill(kill, seat) for kill in kills],
        "casualties": [
            {
                "team": team_of.get(_id(c["character"]) or 0),
                "character": c["character"],
                "state": c["state"],
            }
            for c in casualties
        ],
        "substitutions": [_substitution(sub) for sub in subs],
    }
    if post.get("peds-shown"):  # the roller-skater variant: each side's peds, maybe none
        raw["home_peds"] = post.getlist("home_peds")
        raw["away_peds"] = post.getlist("away_peds")
    rows = {
        "goals": goal_rows,
        "kills": kill_rows,
        "casualties": casualty_rows,
        "substitutions": sub_rows,
    }
    return Read(raw, rows)


def _id(value: str) -> int | None:
    return int(value) if value.isdigit() else None


def _car(value: str) -> tuple[int | None, str]:
    team, _, slot = value.partition(":")
    return _id(team), slot


def _kill(kill: Mapping[str, str], seat: Mapping[int, tuple[int, str]]) -> dict[str, Any]:
    victim_team, victim_car = _car(kill["victim"])
    killer = _id(kill["killer"])
    killer_team, killer_car = seat.get(killer, (None, "")) if killer else (None, "")
    return {
        "victim_team": victim_team,
        "victim_car": victim_car,
        "killer_team": killer_team,
        "killer_car": killer_car,
        "killer": killer,
        "how": kill["how"] if killer else "",
        "weapon": kill["weapon"],
    }


def _substitution(sub: Mapping[str, str]) -> dict[str, Any]:
    team, on = _car(sub["on"])
    _, off = _car(sub["off"])
    return {"team": team, "on": on, "off": off, "because": sub["because"]}
