"""A commissioner's price list (A-T5): a CSV file that fills in his league's catalogue, the
figures the seed does not give and parts of his own (issue #45). The whole file is checked
first and every problem named by row and column; only a file without one is written, in one
transaction, each part's change audited as the admin's are."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from arenaball.catalogue import league_parts
from arenaball.errors import ArenaballError
from arenaball.models import Part
from arenaball.parts import part_create, part_update
from league.access import Actor, require_commissioner
from league.exchange.csv_files import CsvRow, csv_read
from league.exchange.problems import ImportRefused, Problem
from league.models import League
from rules.arenaball import ComponentKind, WeaponClass

COLUMNS = ("key",)
OPTIONAL = ("name", "kind", "cost", "weight", "spaces", "weapon_class")
FIGURES = ("cost", "weight", "spaces")
#: A figure above this is a typing slip, not a price (the budget's own ceiling is $1,000,000).
MAX_FIGURE = 10_000_000
_KEY = re.compile(r"^[-a-z0-9_]{1,60}$")


@dataclass
class PriceListReport:
    """What a price list did, or (`dry_run`) would do: each line in words."""

    rows: int
    dry_run: bool
    changes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Line:
    row: CsvRow
    part: Part | None
    values: dict[str, Any]


def price_list_import(
    *, league: League, data: bytes, actor: Actor, dry_run: bool = False
) -> PriceListReport:
    """Read `data` (columns ``key`` and any of name, kind, cost, weight, spaces,
    weapon_class; a blank cell leaves a figure as it is) into `league`'s catalogue. Raises
    ImportRefused naming every problem by row; nothing is written then, or on a dry run."""
    require_commissioner(user=actor, league=league)
    if league.ruleset != "arenaball":
        raise ArenaballError(f"{league} does not play Arenaball.", code="not_arenaball")
    csv_file = csv_read(data=data, required=COLUMNS, optional=OPTIONAL)
    parts = league_parts(league=league)
    problems: list[Problem] = []
    lines: list[_Line] = []
    seen: dict[str, int] = {}
    for row in csv_file.rows:
        line = _read(row, parts, seen, problems)
        if line is not None:
            lines.append(line)
    if problems:
        raise ImportRefused(problems)
    report = PriceListReport(rows=len(csv_file.rows), dry_run=dry_run)
    report.changes = [_said(line) for line in lines if line.values or line.part is None]
    if dry_run:
        return report
    with transaction.atomic():
        for line in lines:
            if line.part is None:
                part_create(league=league, actor=actor, values=line.values)
            elif line.values:
                part_update(part=line.part, actor=actor, changes=line.values)
    return report


def _read(
    row: CsvRow, parts: dict[str, Part], seen: dict[str, int], problems: list[Problem]
) -> _Line | None:
    """One row checked: its key, the part it names (or a new one's name and kind) and its
    figures; each problem added, None when the row does not hold."""
    reader = _RowReader(row, problems)
    key = reader.key(seen)
    if key is None:
        return None
    part = parts.get(key)
    values = {**reader.figures(part), **reader.kind(part), **reader.name(part)}
    if part is None:
        if not row["name"].strip():
            reader.problem("name", f"{key} is not in the league's catalogue: name the new part.")
        if not row["kind"].strip():
            reader.problem("kind", f"{key} is not in the league's catalogue: give its kind.")
        values["key"] = key
    return None if reader.failed else _Line(row, part, values)


class _RowReader:
    """Reads one row's cells, adding a problem for each that does not hold."""

    def __init__(self, row: CsvRow, problems: list[Problem]) -> None:
        self.row, self.problems = row, problems
        self.failed = False

    def problem(self, column: str, message: str) -> None:
        self.problems.append(Problem(self.row.where, column, message))
        self.failed = True

    def key(self, seen: dict[str, int]) -> str | None:
        key = self.row["key"].strip().lower()
        if not _KEY.match(key):
            self.problem(
                "key", "Give the part's key: lower-case letters, digits, - and _ (60 at most)."
            )
            return None
        if key in seen:
            self.problem("key", f"The part {key} is priced already on row {seen[key]}: once.")
        seen[key] = self.row.number
        return key

    def figures(self, part: Part | None) -> dict[str, int]:
        """The figures given (a blank cell leaves one as it is), those that change."""
        values = {}
        for name in FIGURES:
            text = self.row[name].replace(",", "").replace("$", "").strip()
            if not text:
                continue
            if not text.isdigit() or int(text) > MAX_FIGURE:
                unit = {"cost": "dollars", "weight": "lbs", "spaces": "spaces"}[name]
                self.problem(
                    name, f"Give a whole number of {unit}, from 0 to {MAX_FIGURE:,}: not {text!r}."
                )
            elif part is None or getattr(part, name) != int(text):
                values[name] = int(text)
        return values

    def name(self, part: Part | None) -> dict[str, str]:
        name = self.row["name"].strip()
        if len(name) > 80:
            self.problem("name", "A part's name has 80 characters at most.")
        elif name and (part is None or name != part.name):
            return {"name": name}
        return {}

    def kind(self, part: Part | None) -> dict[str, str]:
        """A new part's kind and weapon class; a known part keeps its kind."""
        values = {}
        kind = self.row["kind"].strip().lower().replace(" ", "_")
        kinds = [k.value for k in ComponentKind if k is not ComponentKind.SHEET]
        if kind and kind not in kinds:
            self.problem("kind", f"Choose one of: {', '.join(kinds)}.")
        elif kind and part is not None and part.kind != kind:
            self.problem(
                "kind", f"{part.name} is a {part.get_kind_display().lower()}: its kind stays."
            )
        elif kind and part is None:
            values["kind"] = kind
        weapon_class = self.row["weapon_class"].strip().lower()
        classes = [c.value for c in WeaponClass]
        if weapon_class and weapon_class not in classes:
            self.problem("weapon_class", f"Choose one of: {', '.join(classes)}.")
        elif weapon_class and (part is None or part.weapon_class != weapon_class):
            values["weapon_class"] = weapon_class
        return values


def _said(line: _Line) -> str:
    figures = ", ".join(
        f"{name} {value:,}" for name, value in line.values.items() if name in FIGURES
    )
    row = f"Row {line.row.number}"
    if line.part is None:
        added = f"{row}: add {line.values['name']} ({line.values['key']})"
        return f"{added}: {figures}." if figures else f"{added}."
    renamed = f"renamed {line.values['name']}" if "name" in line.values else ""
    return f"{row}: {line.part.name}: {', '.join(filter(None, (figures, renamed)))}."
