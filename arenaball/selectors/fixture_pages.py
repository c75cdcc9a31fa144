"""What Arenaball's fixture page and report form show, gathered for their templates: the
line-ups, the report once played, what the user may do; the form's rows as posted, as stored
(a correction) or blank."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import QueryDict

from arenaball.models import Car, Character, Pits, Report
from arenaball.selectors.fixtures import lineup_snapshot
from arenaball.selectors.teams import team_settings
from arenaball.web_forms import BLANK_ROWS, choices
from league.access import FixtureRoles
from league.models import Fixture, Result
from rules import arenaball as rules
from rules.arenaball import Ball, CrewState, KillHow, LeftBecause, Plate


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
        "balls": choices(Ball),
        "kills": rows("kills", ("victim", "killer", "how", "weapon")),
        "casualties": rows("casualties", ("character", "state")),
        "substitutions": rows("substitutions", ("on", "off", "because")),
        "plates": choices(Plate),
        "hows": choices(KillHow),
        "states": [c for c in choices(CrewState) if c[0] != CrewState.UNHURT],
        "becauses": choices(LeftBecause),
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
