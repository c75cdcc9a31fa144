"""A match report as plain values (E-R1), read from the API's JSON or the web form's rows and
turned into the rules' report. Cards are named by their keys (``base-01``, ``gk-build-up``);
sides "home"/"away". The Away set and each GK pick, when the report leaves it out (or
blank), are the match day's (mn11.services.match_day). A number is a JSON integer or exactly the
digits typed: " 1" and "1.0" are refused, not read as 1."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from mn11.models import Report
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, GoalKind, Side, VarCard

MAX_LINES = 80
MAX_KICKS = 40
CARD_LENGTH = 40
EVENT_TYPES = ("goal", "var", "corner", "send_off", "gk_skill")
#: A whole number as typed: ASCII digits, a minus sign before them at most (str.isdigit
#: takes "²", which int() refuses).
WHOLE = re.compile(r"-?[0-9]+")
E = TypeVar("E", AwaySet, GkCard, Side, GoalKind, VarCard)


@dataclass(frozen=True, slots=True)
class ReportData:
    """E-R1. `away_set`, `gk_home` and `gk_away` None: as chosen on match day (a league
    without GK cards has none to choose)."""

    home_score: int
    away_score: int
    events: tuple[rules.Event, ...] = ()
    shootout: tuple[rules.ShootoutKick, ...] = ()
    away_set: AwaySet | None = None
    gk_home: GkCard | None = None
    gk_away: GkCard | None = None

    def with_match_day(
        self, *, away_set: AwaySet | None, gk_home: GkCard | None, gk_away: GkCard | None
    ) -> ReportData:
        """The report with what it left out taken from the match day, each choice apart."""
        return replace(
            self,
            away_set=self.away_set or away_set,
            gk_home=self.gk_home or gk_home,
            gk_away=self.gk_away or gk_away,
        )

    def to_rules(self) -> rules.MatchReport:
        return rules.MatchReport(
            home_score=self.home_score,
            away_score=self.away_score,
            events=self.events,
            shootout=self.shootout,
            away_set=self.away_set or AwaySet.BASE,
            gk_home=self.gk_home,
            gk_away=self.gk_away,
        )


def report_data_of(report: Report) -> ReportData:
    """A stored report read back as the values it was recorded from."""
    result = report.result
    return ReportData(
        home_score=result.home_score,
        away_score=result.away_score,
        events=tuple(event_of(row) for row in report.events.all()),
        shootout=tuple(
            rules.ShootoutKick(Side(k.side), k.scored, k.card or None) for k in report.kicks.all()
        ),
        away_set=AwaySet(report.away_set),
        gk_home=GkCard(report.gk_home) if report.gk_home else None,
        gk_away=GkCard(report.gk_away) if report.gk_away else None,
    )


def event_of(row: Any) -> rules.Event:
    """A stored ReportEvent as the rules' event."""
    side, half = Side(row.side), row.half
    if row.kind == "goal":
        return rules.Goal(side, half, row.card, GoalKind(row.goal_kind))
    if row.kind == "var":
        return rules.VarDecision(
            side,
            half,
            row.strength,
            VarCard(row.var_card),
            row.magic_number,
            row.warning,
            row.card or None,
        )
    if row.kind == "corner":
        return rules.CornerKick(
            side, half, tuple(row.attempts), row.attack_power, row.defence_power
        )
    if row.kind == "gk_skill":
        return rules.GkSkill(side, half)
    return rules.SendOff(side, half, row.card)


def report_data_parse(raw: Mapping[str, Any]) -> tuple[ReportData, dict[str, str]]:
    """A report from JSON-like values, and each malformed field's error (``events.1.card``).
    The rules are checked later (mn11.services.report_check)."""
    reader = _Reader()
    data = ReportData(
        home_score=reader.whole("home_score", raw.get("home_score")),
        away_score=reader.whole("away_score", raw.get("away_score")),
        events=reader.events(raw.get("events")),
        shootout=reader.kicks(raw.get("shootout")),
        away_set=reader.optional("away_set", raw.get("away_set"), AwaySet),
        gk_home=reader.optional("gk_home", raw.get("gk_home"), GkCard),
        gk_away=reader.optional("gk_away", raw.get("gk_away"), GkCard),
    )
    return data, reader.errors


class _Reader:
    def __init__(self) -> None:
        self.errors: dict[str, str] = {}

    def whole(self, name: str, value: Any, *, minimum: int = 0, maximum: int = 99) -> int:
        if isinstance(value, str) and WHOLE.fullmatch(value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
            typed = f" (not “{value}”)" if isinstance(value, str) and value else ""
            self.errors[name] = f"Give a whole number from {minimum} to {maximum}{typed}."
            return 0
        return int(value)

    def optional_whole(self, name: str, value: Any) -> int | None:
        if value in (None, ""):
            return None
        return self.whole(name, value, maximum=99)

    def optional(self, name: str, value: Any, enum: type[E]) -> E | None:
        if value in (None, ""):
            return None
        return self.enum(name, value, enum)

    def enum(self, name: str, value: Any, enum: type[E]) -> E:
        try:
            return enum(value)
        except ValueError:
            self.errors[name] = f"Choose one of: {', '.join(member.value for member in enum)}."
            return next(iter(enum))

    def flag(self, name: str, value: Any) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.errors[name] = "Give true or false."
            return False
        return value

    def card(self, name: str, value: Any) -> str:
        """A card's key as given (keys are exact: rules.mn11.cards)."""
        if value is None:
            return ""
        if not isinstance(value, str) or len(value) > CARD_LENGTH or value != value.strip():
            self.errors[name] = (
                f"Name a card by its key (e.g. home-7, base-01), at most {CARD_LENGTH} "
                "characters, no spaces."
            )
            return ""
        return value

    def lines(self, name: str, value: Any, maximum: int) -> list[tuple[str, Mapping[str, Any]]]:
        if value is None:
            return []
        if not isinstance(value, list) or len(value) > maximum:
            self.errors[name] = f"Give a list of at most {maximum} lines."
            return []
        lines = []
        for index, line in enumerate(value):
            if not isinstance(line, Mapping):
                self.errors[f"{name}.{index}"] = "Give each line as an object."
                continue
            lines.append((f"{name}.{index}", line))
        return lines

    def events(self, value: Any) -> tuple[rules.Event, ...]:
        return tuple(self.event(at, line) for at, line in self.lines("events", value, MAX_LINES))

    def event(self, at: str, line: Mapping[str, Any]) -> rules.Event:
        kind = line.get("type")
        if kind not in EVENT_TYPES:
            self.errors[f"{at}.type"] = f"Choose one of: {', '.join(EVENT_TYPES)}."
        side = self.enum(f"{at}.side", line.get("side"), Side)
        half = self.whole(f"{at}.half", line.get("half"), maximum=9)
        if kind == "var":
            return rules.VarDecision(
                side=side,
                half=half,
                strength=self.whole(
                    f"{at}.strength", line.get("strength"), minimum=-99, maximum=99
                ),
                card=self.enum(f"{at}.card", line.get("card"), VarCard),
                magic_number=self.flag(f"{at}.magic_number", line.get("magic_number")),
                warning=self.flag(f"{at}.warning", line.get("warning")),
                warned=self.card(f"{at}.warned", line.get("warned")) or None,
            )
        if kind == "gk_skill":
            return rules.GkSkill(side=side, half=half)
        if kind == "corner":
            return rules.CornerKick(
                side=side,
                half=half,
                attempts=self.attempts(f"{at}.attempts", line.get("attempts")),
                attack_power=self.optional_whole(f"{at}.attack_power", line.get("attack_power")),
                defence_power=self.optional_whole(f"{at}.defence_power", line.get("defence_power")),
            )
        card = self.card(f"{at}.card", line.get("card"))
        if kind == "send_off":
            return rules.SendOff(side=side, half=half, card=card)
        goal_kind = line.get("kind") or GoalKind.OPEN_PLAY.value
        return rules.Goal(side, half, card, self.enum(f"{at}.kind", goal_kind, GoalKind))

    def attempts(self, name: str, value: Any) -> tuple[bool, ...]:
        if not isinstance(value, list) or not all(isinstance(flick, bool) for flick in value):
            self.errors[name] = "Give each flick in order as true (in the hole) or false."
            return ()
        return tuple(value)

    def kicks(self, value: Any) -> tuple[rules.ShootoutKick, ...]:
        return tuple(
            rules.ShootoutKick(
                side=self.enum(f"{at}.side", line.get("side"), Side),
                scored=self.flag(f"{at}.scored", line.get("scored")),
                card=self.card(f"{at}.card", line.get("card")) or None,
            )
            for at, line in self.lines("shootout", value, MAX_KICKS)
        )


# --- the web form ----------------------------------------------------------------------------

EVENT_KEYS = (
    "type",
    "side",
    "half",
    "card",
    "kind",
    "strength",
    "var_card",
    "magic_number",
    "warning",
    "warned",
    "attempt_1",
    "attempt_2",
    "attack_power",
    "defence_power",
)
KICK_KEYS = ("side", "scored", "card")
FLICKS = {"in": True, "out": False}


@dataclass
class FormRead:
    """What the report form said, as report_data_parse reads it, and the page row of each
    read line (blank rows are skipped)."""

    raw: dict[str, Any]
    rows: dict[str, list[int]]

    def page_errors(self, errors: Mapping[str, str]) -> dict[str, str]:
        """The services' keys (``events.0.card``) as the page's (``events.3.card``)."""
        mapped: dict[str, str] = {}
        for key, message in errors.items():
            name, _, rest = key.partition(".")
            index, _, tail = rest.partition(".")
            if name in self.rows and index.isdigit() and int(index) < len(self.rows[name]):
                key = ".".join(filter(None, (name, str(self.rows[name][int(index)]), tail)))
            mapped[key] = f"{mapped[key]} {message}" if key in mapped else message
        return mapped


def posted_rows(post: Mapping[str, Any], name: str) -> int:
    value = str(post.get(f"{name}-rows", "0"))
    return min(int(value), MAX_LINES) if WHOLE.fullmatch(value) and value[0] != "-" else 0


def report_form_read(post: Mapping[str, Any]) -> FormRead:
    """A report from the form's rows: an event row counts once its type is chosen, a kick
    row once its side is. Values are read as posted (a number with a space is refused by
    report_data_parse, not trimmed); a GK pick left at "As picked" is the match day's."""
    events, event_rows = [], []
    for row in range(posted_rows(post, "events")):
        line = {key: str(post.get(f"events-{row}-{key}", "")) for key in EVENT_KEYS}
        if line["type"]:
            events.append(_event_line(line))
            event_rows.append(row)
    shootout, kick_rows = [], []
    for row in range(posted_rows(post, "kicks")):
        line = {key: str(post.get(f"kicks-{row}-{key}", "")) for key in KICK_KEYS}
        if line["side"]:
            shootout.append(
                {"side": line["side"], "scored": line["scored"] == "on", "card": line["card"]}
            )
            kick_rows.append(row)
    raw: dict[str, Any] = {
        name: post.get(name, "") for name in ("home_score", "away_score", "away_set")
    }
    raw |= {name: post.get(name) or None for name in ("gk_home", "gk_away")}
    raw |= {"events": events, "shootout": shootout}
    return FormRead(raw, {"events": event_rows, "shootout": kick_rows})


def _event_line(line: Mapping[str, str]) -> dict[str, Any]:
    """A form row as the API's event: only the fields of its type."""
    event: dict[str, Any] = {"type": line["type"], "side": line["side"], "half": line["half"]}
    if line["type"] == "var":
        return {
            **event,
            "strength": line["strength"],
            "card": line["var_card"],
            "magic_number": line["magic_number"] == "on",
            "warning": line["warning"] == "on",
            "warned": line["warned"] or None,
        }
    if line["type"] == "corner":
        flicks = [FLICKS[line[key]] for key in ("attempt_1", "attempt_2") if line[key] in FLICKS]
        return {
            **event,
            "attempts": flicks,
            "attack_power": line["attack_power"],
            "defence_power": line["defence_power"],
        }
    if line["type"] == "goal":
        return {**event, "card": line["card"], "kind": line["kind"]}
    if line["type"] == "send_off":
        return {**event, "card": line["card"]}
    return event
