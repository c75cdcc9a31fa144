"""The result form: one row per player who may take the field, parsed into the result
service's ResultReport; the service's field errors (``lines[2].points``) are mapped back to
the inputs they concern. Blank means zero."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games.results import PlayerLine, ResultReport, TableRoll
from league.models import Fixture
from rosters.models import Player
from rules.magnoball.vocabulary import Position, StatCategory

CATEGORIES = tuple(StatCategory)


@dataclass
class Cell:
    name: str
    value: str
    label: str
    error: str = ""


@dataclass
class ReportRow:
    player: Player
    side: str
    played: bool
    incapacitated: bool
    points: Cell
    stats: list[tuple[StatCategory, Cell, Cell, str]]
    roll: Cell | None
    permanent: Cell | None
    error: str = ""
    injury_die: int = 6


@dataclass
class ResultForm:
    fixture: Fixture
    players: Sequence[Player]
    coaches_roll: bool
    data: Mapping[str, str] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    report: ResultReport | None = None
    _line_players: list[int] = field(default_factory=list)

    def value(self, name: str) -> str:
        return str(self.data.get(name, "")).strip()

    def _int(self, name: str, *, maximum: int) -> int:
        raw = self.value(name)
        if raw == "":
            return 0
        if not re.fullmatch(r"\d{1,3}", raw) or int(raw) > maximum:
            self.errors[name] = f"A whole number from 0 to {maximum}."
            return 0
        return int(raw)

    def parse(self) -> ResultReport | None:
        """The report, or None when an input is not a number (errors say which)."""
        home = self._int("home_score", maximum=99)
        away = self._int("away_score", maximum=99)
        lines: list[PlayerLine] = []
        incapacitated: list[int] = []
        rolls: dict[int, TableRoll] = {}
        for player in self.players:
            prefix = f"p{player.pk}"
            points = self._int(f"{prefix}-points", maximum=99)
            stats = {}
            for category in CATEGORIES:
                attempts = self._int(f"{prefix}-{category.value}-a", maximum=999)
                successes = self._int(f"{prefix}-{category.value}-s", maximum=999)
                if attempts or successes:
                    stats[category.value] = (attempts, successes)
            incap = bool(self.data.get(f"{prefix}-incap"))
            played = bool(self.data.get(f"{prefix}-played"))
            if played or points or stats or incap:
                lines.append(PlayerLine(player_id=player.pk, points=points, stats=stats))
                self._line_players.append(player.pk)
            if incap:
                incapacitated.append(player.pk)
                if self.coaches_roll:
                    sides = Position(player.position).injury_die
                    rolls[player.pk] = TableRoll(
                        duration=self._int(f"{prefix}-roll", maximum=sides),
                        permanent=self._int(f"{prefix}-perm", maximum=sides) or None,
                    )
        if self.errors:
            return None
        self.report = ResultReport(
            home_score=home,
            away_score=away,
            overtime=bool(self.data.get("overtime")),
            lines=tuple(lines),
            incapacitated=tuple(incapacitated),
            table_rolls=rolls,
        )
        return self.report

    def add_service_errors(self, fields: Mapping[str, str]) -> None:
        """Map the service's keys (``lines[2].stats.scoring``) to this form's inputs."""
        report = self.report
        for key, message in fields.items():
            name = key
            if match := re.fullmatch(r"lines\[(\d+)\]\.(\w+)(?:\.(\w+))?", key):
                pid = self._line_players[int(match[1])]
                what, category = match[2], match[3]
                if what == "points":
                    name = f"p{pid}-points"
                elif what == "stats" and category:
                    name = f"p{pid}-{category}"
                else:
                    name = f"p{pid}"
            elif (match := re.fullmatch(r"incapacitated\[(\d+)\]", key)) and report:
                name = f"p{report.incapacitated[int(match[1])]}-incap"
            elif match := re.fullmatch(r"table_rolls\.(\d+)(?:\.(\w+))?", key):
                name = f"p{match[1]}-perm" if match[2] == "permanent" else f"p{match[1]}-roll"
            self.errors[name] = message

    def rows(self) -> list[ReportRow]:
        """What the template draws: one row per player with its values and errors. Before
        the first post, first-stringers are ticked as having played."""
        posted = bool(self.data)
        result = []
        for player in self.players:
            prefix = f"p{player.pk}"

            def cell(name: str, label: str) -> Cell:
                return Cell(name, self.value(name), label, self.errors.get(name, ""))

            stats = []
            for category in CATEGORIES:
                key = f"{prefix}-{category.value}"
                stats.append(
                    (
                        category,
                        cell(f"{key}-a", f"{player.name}: {category.label} attempts"),
                        cell(f"{key}-s", f"{player.name}: {category.label} successes"),
                        self.errors.get(f"{key}-a")
                        or self.errors.get(f"{key}-s")
                        or self.errors.get(key, ""),
                    )
                )
            result.append(
                ReportRow(
                    player=player,
                    side="home" if player.team_id == self.fixture.home_team_id else "away",
                    played=bool(self.data.get(f"{prefix}-played"))
                    if posted
                    else player.string == Player.String.FIRST,
                    incapacitated=bool(self.data.get(f"{prefix}-incap")),
                    points=cell(f"{prefix}-points", f"{player.name}: points"),
                    stats=stats,
                    roll=cell(f"{prefix}-roll", f"{player.name}: injury roll")
                    if self.coaches_roll
                    else None,
                    permanent=cell(f"{prefix}-perm", f"{player.name}: permanent-injury roll")
                    if self.coaches_roll
                    else None,
                    error=self.errors.get(prefix, "") or self.errors.get(f"{prefix}-incap", ""),
                    injury_die=Position(player.position).injury_die,
                )
            )
        return result
