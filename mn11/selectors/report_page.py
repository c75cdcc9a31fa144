"""The web report form's page (E-R1): its values (blank, a stored report for a correction,
or what was posted), each event row with the fields of its kind, the cards each side may
name (its sealed line-up, or its cards without one, by name and key), the match day's
choices behind "As chosen", and the E-L2 odds aid."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.models import Fixture, Result, Round
from mn11.models import Lineup, MatchDay, Report
from mn11.report_input import EVENT_KEYS, KICK_KEYS, posted_rows
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, GoalKind, Side, VarCard

from .discipline import team_suspended
from .squads import away_set_of, gk_picks, side_squad, team_of

#: Blank rows the form starts with; "Add an event" (or, without JavaScript, "More rows")
#: adds more.
BLANK_EVENTS = 3
BLANK_KICKS = 2
MORE_ROWS = 3
#: E-L2: the odds aid's table covers tackles of these strengths (beyond, the band is the same).
ODDS_RANGE = range(-3, 5)
#: Each event type and its label.
EVENT_KINDS = {
    "goal": "Goal",
    "var": "VAR decision",
    "corner": "Corner kick",
    "send_off": "Card sent off",
    "gk_skill": "GK skill used",
}
#: Each group of a row's fields (beside type, team and half) and the types it serves
#: (report_event.html's data-kinds say the same for the page's script).
EVENT_FIELDS = {
    "card": ("goal", "send_off"),
    "kind": ("goal",),
    "var": ("var",),
    "corner": ("corner",),
    "gk_skill": ("gk_skill",),
}


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


@dataclass(frozen=True)
class CardChoices:
    """The cards one side may name in its report, by name and key: `field` those on the
    pitch (a scorer, a warned or sent-off card), `kick` those and its GK card (a shootout
    kicker); `lineup` whether they are its sealed line-up's."""

    side: Side
    team: str
    field: tuple[rules.SquadCard, ...]
    kick: tuple[rules.SquadCard, ...]
    lineup: bool


def card_choices(*, fixture: Fixture, day: MatchDay | None) -> list[CardChoices]:
    """Each side's cards for the report's pickers: its sealed line-up's when in, else every
    card it may field; a card suspended for the match is left out (E-D3)."""
    settings = season_rules(season=fixture.round.season)
    lineups = {Side(row.side): row.cards for row in Lineup.objects.filter(fixture=fixture)}
    choices = []
    for side in Side:
        squad = side_squad(fixture=fixture, side=side, day=day, settings=settings)
        if side is Side.AWAY and away_set_of(day) is None:
            # No Away set chosen on match day: the report names it, so offer both sets.
            squad = tuple(
                dict.fromkeys(
                    card
                    for away_set in AwaySet
                    for card in side_squad(
                        fixture=fixture, side=side, day=day, settings=settings, away_set=away_set
                    )
                )
            )
        team = team_of(fixture, side)
        suspended = team_suspended(fixture=fixture, team=team, settings=settings)
        if side in lineups:
            by_key = {card.key: card for card in squad}
            squad = tuple(by_key[key] for key in lineups[side] if key in by_key)
        allowed = tuple(card for card in squad if card.key not in suspended)
        choices.append(
            CardChoices(
                side=side,
                team=team.name,
                field=tuple(card for card in allowed if card.on_field),
                kick=allowed,
                lineup=side in lineups,
            )
        )
    return choices


def report_form(
    *,
    fixture: Fixture,
    posted: Mapping[str, Any] | None = None,
    errors: Mapping[str, str] | None = None,
    more: str = "",
) -> dict[str, Any]:
    """The form's context: blank, a correction's stored report, or `posted` back with its
    `errors` (and MORE_ROWS more rows of section `more`, the no-script "More rows")."""
    settings = season_rules(season=fixture.round.season)
    result = Result.objects.filter(fixture=fixture).first()
    day = MatchDay.objects.filter(fixture=fixture).first()
    values = posted if posted is not None else _initial(stored_report(result), result)
    errors = dict(errors or {})
    event_count = max(posted_rows(values, "events"), BLANK_EVENTS if posted is None else 0)
    kick_count = max(posted_rows(values, "kicks"), BLANK_KICKS if posted is None else 0)
    event_count += MORE_ROWS if more == "events" else 0
    kick_count += MORE_ROWS if more == "kicks" else 0
    events = [_form_row(values, errors, "events", row, EVENT_KEYS) for row in range(event_count)]
    kicks = [
        _form_row(values, errors, "shootout", row, KICK_KEYS, prefix="kicks")
        for row in range(kick_count)
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
    picks = gk_picks(day)
    choices = card_choices(fixture=fixture, day=day)
    _mark_unknown(events, kicks, choices)
    return {
        "fixture": fixture,
        "settings": settings,
        "correcting": result is not None,
        "values": values,
        "errors": errors,
        "other_errors": others,
        "events": events,
        "kicks": kicks,
        "event_kinds": list(EVENT_KINDS.items()),
        "sides": [(side, team_of(fixture, side)) for side in Side],
        "cards": choices,
        "away_sets": list(AwaySet),
        "chosen": {"away_set": away_set_of(day), "gk_home": picks.home, "gk_away": picks.away},
        "gk_cards": list(GkCard),
        "goal_kinds": list(GoalKind),
        "var_cards": list(VarCard),
        "odds": odds_table(),
        "blank_event": _blank("__row__", EVENT_KEYS),
        "blank_kick": _blank("__row__", KICK_KEYS),
        "shootouts": settings.shootouts(knockout=fixture.round.stage == Round.Stage.PLAYOFF),
    }


def _mark_unknown(
    events: list[dict[str, Any]], kicks: list[dict[str, Any]], choices: list[CardChoices]
) -> None:
    """Each row's card values that none of its pickers offers (a card off the pitch, posted
    or stored), kept as an extra choice so the form shows what was sent beside its error."""
    on_field = {(c.side.value, card.key) for c in choices for card in c.field}
    kickers = {(c.side.value, card.key) for c in choices for card in c.kick}
    others = {side.value: side.other.value for side in Side}
    for line in events:
        side = line["side"]
        line["unknown"] = {
            name: line[name]
            for name, owner in (("card", side), ("warned", others.get(side, "")))
            if line[name] and (owner, line[name]) not in on_field
        }
    for line in kicks:
        known = (line["side"], line["card"]) in kickers
        line["unknown"] = {"card": line["card"]} if line["card"] and not known else {}


def _blank(row: str, keys: tuple[str, ...]) -> dict[str, Any]:
    blank = {"row": row, "number": "__number__", "field_errors": {}, "hidden": {}, "unknown": {}}
    return dict.fromkeys(keys, "") | blank


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
    line["row"], line["number"] = row, row + 1
    at = f"{name}.{row}"
    line["errors"] = [
        message for key, message in errors.items() if key == at or key.startswith(f"{at}.")
    ]
    line["field_errors"] = {
        key[len(at) + 1 :]: message for key, message in errors.items() if key.startswith(f"{at}.")
    }
    # The fields the row hides: those not of its type once chosen (none on a blank row,
    # whose fields the page's script hides until a type is chosen).
    kind = line.get("type", "")
    line["hidden"] = {
        group: bool(kind) and kind not in kinds for group, kinds in EVENT_FIELDS.items()
    }
    if name == "events" and line.get("type") == "var":
        strength = line["strength"]
        value = int(strength) if strength.lstrip("-").isdecimal() and strength.isascii() else None
        line["odds"] = odds_line(value, magic_number=line["magic_number"] == "on")
    return line


def stored_report(result: Result | None) -> Report | None:
    if result is None:
        return None
    return Report.objects.filter(result=result).prefetch_related("events", "kicks").first()


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
            "card": "" if row.kind == "var" else row.card,
            "kind": row.goal_kind,
            "strength": "" if row.strength is None else row.strength,
            "var_card": row.var_card,
            "magic_number": "on" if row.magic_number else "",
            "warning": "on" if row.warning else "",
            "warned": row.card if row.kind == "var" else "",
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
