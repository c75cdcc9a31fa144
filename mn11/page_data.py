"""What Magic Number Eleven's pages show, gathered for their templates: the fixture with its
match day and report, the report form with the E-L2 odds aid, the team and the season's
discipline."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django.db.models import Q

from league.access import Actor, FixtureRoles
from league.models import Fixture, Result, Season, Team
from league.selectors import with_round_labels
from league.team_seasons import teams_seasons
from mn11.discipline import played_matches, season_discipline
from mn11.match_day import match_day_view
from mn11.models import Report
from mn11.report_input import EVENT_KEYS, KICK_KEYS, posted_rows
from mn11.reports import event_state
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, GoalKind, Side, VarCard

#: Blank rows the report form offers (more come with "Add …").
BLANK_EVENTS = 8
BLANK_KICKS = 10
#: E-L2: the odds aid's table covers tackles of these strengths (beyond, the band is the same).
ODDS_RANGE = range(-3, 5)


def fraction_text(value: Fraction) -> str:
    return (
        str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    )


def odds_line(strength: int | None, *, magic_number: bool) -> list[tuple[str, str]]:
    """E-L2: each VAR card's exact chance for the tackle, as fractions; none without one."""
    if strength is None:
        return []
    odds = rules.referee_odds(strength, magic_number=magic_number)
    return [(card.label, fraction_text(odds[card])) for card in VarCard]


def odds_table() -> dict[str, Any]:
    """E-L2 for the page's script: the odds by strength (and a Magic Number attack's), so it
    shows them as the coach types with the rules' numbers, not its own."""
    by_strength = {str(s): dict(odds_line(s, magic_number=False)) for s in ODDS_RANGE}
    return {
        "min": ODDS_RANGE.start,
        "max": ODDS_RANGE.stop - 1,
        "strengths": by_strength,
        "magic": dict(odds_line(0, magic_number=True)),
    }


def _report(result: Result | None) -> Report | None:
    if result is None:
        return None
    return Report.objects.filter(result=result).prefetch_related("events", "kicks").first()


def fixture_page(*, fixture: Fixture, user: Actor) -> dict[str, Any]:
    roles = FixtureRoles(user=user, fixture=fixture)
    result = Result.objects.filter(fixture=fixture).first()
    report = _report(result)
    return {
        "fixture": fixture,
        "season": fixture.round.season,
        "result": result,
        "report": report,
        "events": [_event_line(row) for row in report.events.all()] if report else [],
        "day": match_day_view(user=user, fixture=fixture),
        "away_sets": list(AwaySet),
        "may_report": result is None and roles.may_report,
        "may_correct": result is not None and roles.commissioner,
        "round_open": fixture.round.status == fixture.round.Status.OPEN,
    }


def _event_line(row: Any) -> dict[str, Any]:
    state = event_state(row)
    text = {
        "goal": lambda: f"Goal: {row.card} ({GoalKind(row.goal_kind).label.lower()})",
        "var": lambda: (
            f"VAR: tackle {row.strength}{' (Magic Number)' if row.magic_number else ''}"
            f", {VarCard(row.var_card).label}{', Warning' if row.warning else ''}"
        ),
        "corner": lambda: (
            "Corner: " + ", ".join("in the hole" if flick else "missed" for flick in row.attempts)
        ),
        "send_off": lambda: f"Sent off: {row.card}",
    }[row.kind]()
    return {**state, "text": text, "side_label": Side(row.side).label}


def report_form(
    *,
    fixture: Fixture,
    posted: Mapping[str, Any] | None = None,
    errors: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    settings = season_rules(season=fixture.round.season)
    result = Result.objects.filter(fixture=fixture).first()
    values = posted if posted is not None else _initial(_report(result), result)
    errors = dict(errors or {})
    events = [
        _form_row(values, errors, "events", row, EVENT_KEYS)
        for row in range(max(posted_rows(values, "events"), BLANK_EVENTS))
    ]
    kicks = [
        _form_row(values, errors, "shootout", row, KICK_KEYS, prefix="kicks")
        for row in range(max(posted_rows(values, "kicks"), BLANK_KICKS))
    ]
    shown = {
        f"{name}.{line['row']}"
        for name, lines in (("events", events), ("shootout", kicks))
        for line in lines
    }
    others = {
        key: message
        for key, message in errors.items()
        if not any(key == s or key.startswith(f"{s}.") for s in shown)
        and key not in ("home_score", "away_score", "away_set", "gk_home", "gk_away", "shootout")
    }
    return {
        "fixture": fixture,
        "settings": settings,
        "correcting": result is not None,
        "values": values,
        "errors": errors,
        "other_errors": others,
        "events": events,
        "kicks": kicks,
        "sides": list(Side),
        "away_sets": list(AwaySet),
        "gk_cards": list(GkCard),
        "goal_kinds": list(GoalKind),
        "var_cards": list(VarCard),
        "odds": odds_table(),
        "blank_event": dict.fromkeys(EVENT_KEYS, "") | {"row": "__row__", "field_errors": {}},
        "blank_kick": dict.fromkeys(KICK_KEYS, "") | {"row": "__row__", "field_errors": {}},
        "shootouts": settings.shootouts(knockout=fixture.round.stage == "playoff"),
    }


def _form_row(
    values: Mapping[str, Any],
    errors: Mapping[str, str],
    name: str,
    row: int,
    keys: tuple[str, ...],
    prefix: str = "",
) -> dict[str, Any]:
    prefix = prefix or name
    line: dict[str, Any] = {key: str(values.get(f"{prefix}-{row}-{key}", "") or "") for key in keys}
    line["row"] = row
    at = f"{name}.{row}"
    line["errors"] = [
        message for key, message in errors.items() if key == at or key.startswith(f"{at}.")
    ]
    line["field_errors"] = {
        key[len(at) + 1 :]: message for key, message in errors.items() if key.startswith(f"{at}.")
    }
    if name == "events" and line.get("type") == "var":
        strength = line["strength"].lstrip("-")
        value = int(line["strength"]) if strength.isdigit() else None
        line["odds"] = odds_line(value, magic_number=line["magic_number"] == "on")
    return line


def _initial(report: Report | None, result: Result | None) -> dict[str, Any]:
    """A stored report as the form's values (a correction starts from it)."""
    if report is None or result is None:
        return {}
    values: dict[str, Any] = {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "away_set": report.away_set,
        "gk_home": report.gk_home,
        "gk_away": report.gk_away,
        "events-rows": str(report.events.count()),
        "kicks-rows": str(report.kicks.count()),
    }
    for index, row in enumerate(report.events.all()):
        flicks = ["in" if flick else "out" for flick in row.attempts] + ["", ""]
        line = {
            "type": row.kind,
            "side": row.side,
            "half": row.half,
            "card": row.var_card if row.kind == "var" else row.card,
            "kind": row.goal_kind,
            "strength": "" if row.strength is None else row.strength,
            "var_card": row.var_card,
            "magic_number": "on" if row.magic_number else "",
            "warning": "on" if row.warning else "",
            "attempt_1": flicks[0],
            "attempt_2": flicks[1],
            "attack_power": "" if row.attack_power is None else row.attack_power,
            "defence_power": "" if row.defence_power is None else row.defence_power,
        }
        values |= {f"events-{index}-{key}": value for key, value in line.items()}
    for index, kick in enumerate(report.kicks.all()):
        values |= {
            f"kicks-{index}-side": kick.side,
            f"kicks-{index}-scored": "on" if kick.scored else "",
            f"kicks-{index}-card": kick.card,
        }
    return values


def team_page(*, team: Team) -> dict[str, Any]:
    """A team, the fixtures of the season it follows (its league season) with their
    results, and its discipline."""
    found = teams_seasons([team.pk]).get(team.pk)
    season = found.followed if found else None
    fixtures = (
        Fixture.objects.filter(Q(home_team=team) | Q(away_team=team), round__season=season)
        .select_related("round", "home_team", "away_team", "result")
        .order_by("round__number", "pk")
        if season
        else Fixture.objects.none()
    )
    matches = played_matches(season=season, team=team) if season else []
    lines = rules.discipline_table(matches, teams=[str(team.pk)])
    line = next(line for line in lines if line.team == str(team.pk))
    return {
        "team": team,
        "season": season,
        "fixtures": with_round_labels(list(fixtures)),
        "discipline": line,
    }


def discipline_page(*, season: Season) -> dict[str, Any]:
    return {"season": season, "rows": season_discipline(season=season)}
