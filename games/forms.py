"""The result form, the one both the coach's report page and the commissioner's admin steps
(record, correct) use: the score, then one row per player who may take the field, parsed
into the result service's ResultReport. Blank means zero; a starter took the field (M-P3),
his tick fixed; a substitute with a number, ticked as played or Incapacitated came on. The
service validates the whole report and ``field_for_error`` puts its reasons beside the
inputs they concern."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms import BoundField

from games.selectors import SeasonTotals
from games.services import PlayerLine, ResultReport, TableRoll
from injuries.models import Injury
from league.models import Fixture, Result
from rosters.models import Player
from rules.magnoball.dice import die_label
from rules.magnoball.vocabulary import Position, StatCategory

CATEGORIES = tuple(StatCategory)


class CountField(forms.Field):
    """A number typed into a box: blank is 0, else a whole number from 0 to ``maximum`` (an
    injury roll's maximum is the player's die, M-I1), one plain message for any other input."""

    def __init__(self, *, maximum: int, label: str, minimum: int = 0) -> None:
        self.maximum = maximum
        widget = forms.NumberInput(attrs={"min": minimum, "max": maximum, "inputmode": "numeric"})
        super().__init__(required=False, label=label, widget=widget)

    def to_python(self, value: Any) -> int:
        raw = "" if value is None else str(value).strip()
        if raw == "":
            return 0
        if not re.fullmatch(r"\d{1,3}", raw) or int(raw) > self.maximum:
            raise ValidationError(f"A whole number from 0 to {self.maximum}.", code="count")
        return int(raw)


def _labelled(field: forms.Field, label: str) -> forms.Field:
    """A row's input, named for the admin's table, which has no <label> per box."""
    field.widget.attrs["aria-label"] = label
    return field


def _tick(label: str) -> forms.Field:
    return _labelled(forms.BooleanField(required=False, label=label), label)


def _count(label: str, *, maximum: int, minimum: int = 0) -> forms.Field:
    return _labelled(CountField(maximum=maximum, minimum=minimum, label=label), label)


@dataclass(frozen=True)
class Cell:
    """One input as both pages draw it: the report page writes its own <input> from name,
    value and label; the admin renders the bound field."""

    field: BoundField

    @property
    def name(self) -> str:
        return self.field.html_name

    @property
    def value(self) -> str:
        value = self.field.value()
        return "" if value is None else str(value)

    @property
    def checked(self) -> bool:
        return bool(forms.BooleanField().to_python(self.field.value()))

    @property
    def label(self) -> str:
        return str(self.field.label)

    @property
    def error(self) -> str:
        return " ".join(str(message) for message in self.field.errors)


@dataclass(frozen=True)
class StatCell:
    """One category's pair as the report page shows it: successes first, like the match
    centre, with the player's season totals (successes, attempts) beside the boxes."""

    category: StatCategory
    successes: Cell
    attempts: Cell
    error: str
    season: tuple[int, int]


@dataclass(frozen=True)
class ReportRow:
    player: Player
    side: str
    starter: bool
    played: Cell
    incapacitated: Cell
    points: Cell
    stats: list[tuple[StatCategory, Cell, Cell, str]]
    roll: Cell | None
    permanent: Cell | None
    injury_die: int
    season: SeasonTotals = field(default_factory=SeasonTotals)

    @property
    def stat_cells(self) -> list[StatCell]:
        cells = []
        for category, attempts, successes, error in self.stats:
            season_attempts, season_successes = self.season.stat(category.value)
            cells.append(
                StatCell(category, successes, attempts, error, (season_successes, season_attempts))
            )
        return cells

    @property
    def error(self) -> str:
        """What concerns the row as a whole: the player could not play, or not be hurt."""
        return self.played.error or self.incapacitated.error

    @property
    def errors(self) -> list[str]:
        pairs = [cell for _, attempts, successes, _ in self.stats for cell in (attempts, successes)]
        cells = [self.played, self.points, *pairs, self.incapacitated, self.roll, self.permanent]
        return [str(message) for cell in cells if cell for message in cell.field.errors]


class ResultForm(forms.Form):
    """A result as one form (M-P7 lines, M-I1/M-I2 injuries). The `starters` of the line-up
    played (M-P3): their ticks are fixed on, and the other rows offered unticked. Given the
    ``result`` a commissioner corrects, it shows that result as it stands. The rolls are
    asked for when the season lets coaches roll injuries."""

    home_score = CountField(maximum=99, label="Home score")
    away_score = CountField(maximum=99, label="Away score")
    overtime = forms.BooleanField(
        required=False, help_text="Decided by the overtime goal (M-G2): the score cannot be level."
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None,
        *,
        fixture: Fixture,
        players: Sequence[Player],
        starters: Collection[int],
        result: Result | None = None,
    ) -> None:
        self.fixture = fixture
        self.players = list(players)
        self.starters = frozenset(starters)
        self.coaches_roll = fixture.round.season.rules.table_dice("injuries")
        initial = _initial_of(result) if result else {}
        initial |= {f"p{pk}-played": True for pk in self.starters}
        super().__init__(data, initial=initial)
        self._line_players: list[int] = []
        self._incapacitated: list[int] = []
        for player in self.players:
            self._add_player_fields(player)

    def _add_player_fields(self, player: Player) -> None:
        prefix, name = f"p{player.pk}", player.name
        if player.pk in self.starters:
            # A starter played whatever is posted (the result service adds him): his tick
            # stays on, as a disabled field keeps its initial value.
            played = _tick(f"{name} started (M-P3)")
            played.disabled = True
        else:
            played = _tick(f"{name} played")
        self.fields[f"{prefix}-played"] = played
        self.fields[f"{prefix}-points"] = _count(f"{name}: points", maximum=99)
        for category in CATEGORIES:
            for part, what in (("a", "attempts"), ("s", "successes")):
                self.fields[f"{prefix}-{category.value}-{part}"] = _count(
                    f"{name}: {category.label} {what}", maximum=999
                )
        self.fields[f"{prefix}-incap"] = _tick(f"{name} was Incapacitated")
        if self.coaches_roll:
            sides = Position(player.position).injury_die
            for part, what in (("roll", "injury roll"), ("perm", "permanent-injury roll")):
                field = _count(f"{name}: {what} ({die_label(sides)})", maximum=sides, minimum=1)
                field.label = f"{name}: {what}"  # The report page adds the die itself.
                self.fields[f"{prefix}-{part}"] = field

    def report(self) -> ResultReport:
        """The report of a valid form, for the result service."""
        data = self.cleaned_data
        lines, incapacitated, rolls = [], [], {}
        for player in self.players:
            prefix = f"p{player.pk}"
            stats = {}
            for category in CATEGORIES:
                pair = (data[f"{prefix}-{category.value}-a"], data[f"{prefix}-{category.value}-s"])
                if any(pair):
                    stats[category.value] = pair
            points, hurt = data[f"{prefix}-points"], data[f"{prefix}-incap"]
            if data[f"{prefix}-played"] or points or stats or hurt:
                lines.append(PlayerLine(player_id=player.pk, points=points, stats=stats))
            if hurt:
                incapacitated.append(player.pk)
                if self.coaches_roll:
                    permanent = data[f"{prefix}-perm"] or None
                    rolls[player.pk] = TableRoll(data[f"{prefix}-roll"], permanent)
        self._line_players = [line.player_id for line in lines]
        self._incapacitated = incapacitated
        return ResultReport(
            home_score=data["home_score"],
            away_score=data["away_score"],
            overtime=data["overtime"],
            lines=tuple(lines),
            incapacitated=tuple(incapacitated),
            table_rolls=rolls,
        )

    def field_for_error(self, key: str) -> str:
        """The input a key of the result service's ``fields`` concerns (``lines[2].points``,
        ``table_rolls.7.permanent``); the key itself when none does."""
        if match := re.fullmatch(r"lines\[(\d+)\]\.(\w+)(?:\.(\w+))?", key):
            index, part, category = int(match[1]), match[2], match[3]
            if index >= len(self._line_players):
                return key
            prefix = f"p{self._line_players[index]}"
            if part == "points":
                return f"{prefix}-points"
            if part == "stats" and category:
                return f"{prefix}-{category}-a"  # The pair's message sits under its first box.
            return f"{prefix}-played"
        if match := re.fullmatch(r"incapacitated\[(\d+)\]", key):
            index = int(match[1])
            if index < len(self._incapacitated):
                return f"p{self._incapacitated[index]}-incap"
        if match := re.fullmatch(r"table_rolls\.(\d+)(?:\.(\w+))?", key):
            return f"p{match[1]}-{'perm' if match[2] == 'permanent' else 'roll'}"
        return key

    def rows(self, season: Mapping[int, SeasonTotals] | None = None) -> list[ReportRow]:
        """One row per player, home team first as the players come, for either page; with
        each player's `season` totals (by player id) where the page shows them."""
        totals = season or {}
        return [self._row(player, totals.get(player.pk, SeasonTotals())) for player in self.players]

    def error_summary(self) -> list[tuple[str, str]]:
        """Every problem for the list at the top of the page: (the id of the input it
        concerns, or "" for the form as a whole; a message naming the player and the box)."""
        players = {f"p{player.pk}": player.name for player in self.players}
        summary = []
        for name, messages in self.errors.items():
            box = self.fields.get(name)
            label = str(box.label or name) if box is not None else ""
            player = players.get(name.split("-")[0], label)
            for message in map(str, messages):
                named = not label or player in message
                text = message if named else f"{label} — {message}"
                summary.append((name if box is not None else "", text))
        return summary

    def _row(self, player: Player, season: SeasonTotals) -> ReportRow:
        prefix = f"p{player.pk}"

        def cell(name: str) -> Cell:
            return Cell(self[f"{prefix}-{name}"])

        stats = []
        for category in CATEGORIES:
            attempts, successes = cell(f"{category.value}-a"), cell(f"{category.value}-s")
            stats.append((category, attempts, successes, attempts.error or successes.error))
        return ReportRow(
            player=player,
            side="home" if player.team_id == self.fixture.home_team_id else "away",
            starter=player.pk in self.starters,
            played=cell("played"),
            incapacitated=cell("incap"),
            points=cell("points"),
            stats=stats,
            roll=cell("roll") if self.coaches_roll else None,
            permanent=cell("perm") if self.coaches_roll else None,
            injury_die=Position(player.position).injury_die,
            season=season,
        )

    def teams(self) -> list[dict[str, Any]]:
        """The rows team by team, each with its score box (the admin's layout)."""
        rows = self.rows()
        return [
            {
                "team": team,
                "score": self[score],
                "rows": [row for row in rows if row.side == side],
            }
            for team, score, side in (
                (self.fixture.home_team, "home_score", "home"),
                (self.fixture.away_team, "away_score", "away"),
            )
        ]

    def categories(self) -> tuple[StatCategory, ...]:
        return CATEGORIES


def _initial_of(result: Result) -> dict[str, Any]:
    """The result a commissioner corrects, as the form shows it."""
    initial: dict[str, Any] = {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "overtime": result.overtime,
    }
    for appearance in result.appearances.prefetch_related("stat_lines"):
        prefix = f"p{appearance.player_id}"
        initial[f"{prefix}-played"] = True
        initial[f"{prefix}-points"] = appearance.points
        for line in appearance.stat_lines.all():
            initial[f"{prefix}-{line.category}-a"] = line.attempts
            initial[f"{prefix}-{line.category}-s"] = line.successes
    for injury in Injury.objects.filter(fixture_id=result.fixture_id):
        prefix = f"p{injury.player_id}"
        initial[f"{prefix}-incap"] = True
        initial[f"{prefix}-roll"] = injury.duration_roll
        initial[f"{prefix}-perm"] = injury.permanent_roll
    return initial
