"""A match report as plain values (A-G5), read from the API's JSON or the web form's rows,
and turned into the rules' report with the game's cast. Teams and characters are given by
id; car slots as "1" … "5" and "GK"."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from arenaball.cast import Cast
from arenaball.models import Report
from league.models import Team
from rules import arenaball as rules
from rules.arenaball import Ball, CrewState, KillHow, LeftBecause, Plate

T = TypeVar("T")
MAX_LINES = 60
SLOTS = (*rules.TRACK_SLOTS, rules.GOALKEEPER_SLOT)


@dataclass(frozen=True, slots=True)
class GoalData:
    team: int
    scorer: int
    plate: str
    ball: str = Ball.STEEL.value


@dataclass(frozen=True, slots=True)
class KillData:
    victim_team: int
    victim_car: str
    killer_team: int | None = None
    killer_car: str = ""
    killer: int | None = None
    how: str = ""
    weapon: str = ""


@dataclass(frozen=True, slots=True)
class CasualtyData:
    team: int
    character: int
    state: str


@dataclass(frozen=True, slots=True)
class SubstitutionData:
    team: int
    on: str
    off: str
    because: str


@dataclass(frozen=True, slots=True)
class ReportData:
    """A-G5. `winner` None with `winner_given` False: by the score (A-G1); `home_pits` and
    `away_pits` None: as the coaches chose them before the game (A-G4); `home_peds` and
    `away_peds` (the roller-skater variant): the characters each side fields on roller
    skates, None for none (or, correcting, as the stored line-ups have them)."""

    home_score: int
    away_score: int
    goals: tuple[GoalData, ...] = ()
    kills: tuple[KillData, ...] = ()
    casualties: tuple[CasualtyData, ...] = ()
    substitutions: tuple[SubstitutionData, ...] = ()
    time_limit: bool = False
    winner: int | None = None
    winner_given: bool = False
    home_pits: tuple[str, ...] | None = None
    away_pits: tuple[str, ...] | None = None
    home_peds: tuple[int, ...] | None = None
    away_peds: tuple[int, ...] | None = None

    def to_rules(
        self, *, cast: Cast, home: Team, away: Team, settings: rules.ArenaballSettings
    ) -> rules.MatchReport:
        home_key, away_key = cast.team_key(home.pk) or "", cast.team_key(away.pk) or ""
        winner = (
            cast.team_key(self.winner)
            if self.winner_given
            else _by_score(self, home_key, away_key, settings.target_points)
        )
        return rules.MatchReport(
            home=home_key,
            away=away_key,
            home_score=self.home_score,
            away_score=self.away_score,
            winner=winner,
            goals=tuple(
                rules.Goal(
                    cast.team_key(g.team) or "",
                    cast.character_key(g.scorer) or "",
                    Plate(g.plate),
                    Ball(g.ball),
                )
                for g in self.goals
            ),
            kills=tuple(
                rules.Kill(
                    victim_team=cast.team_key(k.victim_team) or "",
                    victim_car=k.victim_car,
                    killer_team=cast.team_key(k.killer_team),
                    killer_car=k.killer_car or None,
                    killer=cast.character_key(k.killer),
                    how=KillHow(k.how) if k.how else None,
                    weapon=k.weapon,
                )
                for k in self.kills
            ),
            casualties=tuple(
                rules.Casualty(
                    cast.team_key(c.team) or "",
                    cast.character_key(c.character) or "",
                    CrewState(c.state),
                )
                for c in self.casualties
            ),
            substitutions=tuple(
                rules.Substitution(cast.team_key(s.team) or "", s.on, s.off, LeftBecause(s.because))
                for s in self.substitutions
            ),
            time_limit=self.time_limit,
        )


def _by_score(data: ReportData, home: str, away: str, target: int) -> str | None:
    """A-G1: the winner the score names: first to the target, or the higher score of a
    time-limit game (level: a draw)."""
    if data.home_score == data.away_score:
        return None
    if not data.time_limit and max(data.home_score, data.away_score) < target:
        return None
    return home if data.home_score > data.away_score else away


def report_data_of(report: Report) -> ReportData:
    """A stored report read back as the values it was recorded from (its winner as stored)."""
    result = report.result
    return ReportData(
        home_score=result.home_score,
        away_score=result.away_score,
        goals=tuple(GoalData(g.team_id, g.scorer_id, g.plate, g.ball) for g in report.goals.all()),
        kills=tuple(
            KillData(
                victim_team=k.victim_team_id,
                victim_car=k.victim_car,
                killer_team=k.killer_team_id,
                killer_car=k.killer_car,
                killer=k.killer_id,
                how=k.how,
                weapon=k.weapon,
            )
            for k in report.kills.all()
        ),
        casualties=tuple(
            CasualtyData(c.team_id, c.character_id, c.state) for c in report.casualties.all()
        ),
        substitutions=tuple(
            SubstitutionData(s.team_id, s.on, s.off, s.because) for s in report.substitutions.all()
        ),
        time_limit=report.time_limit,
        winner=report.winner_id,
        winner_given=True,
        home_pits=tuple(report.lineups["home"]["pits"]),
        away_pits=tuple(report.lineups["away"]["pits"]),
        home_peds=tuple(report.lineups["home"].get("peds", ())),
        away_peds=tuple(report.lineups["away"].get("peds", ())),
    )


def report_data_parse(raw: Mapping[str, Any]) -> tuple[ReportData, dict[str, str]]:
    """A report from JSON-like values, and each malformed field's error (``goals.1.plate``).
    The rules are checked later, with the game's line-ups (arenaball.services.report_check)."""
    reader = _Reader(raw)
    winner_given = "winner" in raw
    data = ReportData(
        home_score=reader.whole("home_score", raw.get("home_score")),
        away_score=reader.whole("away_score", raw.get("away_score")),
        goals=reader.lines("goals", _goal),
        kills=reader.lines("kills", _kill),
        casualties=reader.lines("casualties", _casualty),
        substitutions=reader.lines("substitutions", _substitution),
        time_limit=reader.flag("time_limit"),
        winner=reader.optional_id("winner", raw.get("winner")) if winner_given else None,
        winner_given=winner_given,
        home_pits=reader.pits("home_pits"),
        away_pits=reader.pits("away_pits"),
        home_peds=reader.ids("home_peds"),
        away_peds=reader.ids("away_peds"),
    )
    return data, reader.errors


class _Reader:
    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.raw = raw
        self.errors: dict[str, str] = {}

    def whole(self, name: str, value: Any, *, maximum: int = 99) -> int:
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= maximum:
            self.errors[name] = f"Give a whole number from 0 to {maximum}."
            return 0
        return int(value)

    def optional_id(self, name: str, value: Any) -> int | None:
        if value in (None, ""):
            return None
        return self.whole(name, value, maximum=2**62) or None

    def choice(
        self, name: str, value: Any, allowed: tuple[str, ...], *, blank: bool = False
    ) -> str:
        if blank and value in (None, ""):
            return ""
        if value not in allowed:
            self.errors[name] = f"Choose one of: {', '.join(allowed)}."
            return allowed[0]
        return str(value)

    def flag(self, name: str) -> bool:
        value = self.raw.get(name, False)
        if not isinstance(value, bool):
            self.errors[name] = "Give true or false."
            return False
        return value

    def pits(self, name: str) -> tuple[str, ...] | None:
        value = self.raw.get(name)
        if value is None:
            return None
        if not isinstance(value, list) or not all(isinstance(slot, str) for slot in value):
            self.errors[name] = 'Give the two track cars in the pits, e.g. ["4", "5"].'
            return None
        return tuple(value)

    def ids(self, name: str) -> tuple[int, ...] | None:
        """A list of character ids (the roller-skater variant's peds); None when not given."""
        value = self.raw.get(name)
        if value is None:
            return None
        if not isinstance(value, list) or len(value) > MAX_LINES:
            self.errors[name] = "Give the peds as a list of character ids."
            return None
        return tuple(self.whole(f"{name}.{i}", item, maximum=2**62) for i, item in enumerate(value))

    def lines(
        self, name: str, read: Callable[[_Reader, str, Mapping[str, Any]], T]
    ) -> tuple[T, ...]:
        value = self.raw.get(name) or []
        if not isinstance(value, list) or len(value) > MAX_LINES:
            self.errors[name] = f"Give a list of at most {MAX_LINES} lines."
            return ()
        lines = []
        for index, line in enumerate(value):
            if not isinstance(line, Mapping):
                self.errors[f"{name}.{index}"] = "Give each line as an object."
                continue
            lines.append(read(self, f"{name}.{index}", line))
        return tuple(lines)


def _goal(reader: _Reader, where: str, line: Mapping[str, Any]) -> GoalData:
    return GoalData(
        team=reader.whole(f"{where}.team", line.get("team"), maximum=2**62),
        scorer=reader.whole(f"{where}.scorer", line.get("scorer"), maximum=2**62),
        plate=reader.choice(f"{where}.plate", line.get("plate"), tuple(p.value for p in Plate)),
        ball=reader.choice(
            f"{where}.ball", line.get("ball") or Ball.STEEL.value, tuple(b.value for b in Ball)
        ),
    )


def _kill(reader: _Reader, where: str, line: Mapping[str, Any]) -> KillData:
    weapon = line.get("weapon") or ""
    if not isinstance(weapon, str) or len(weapon) > 60:
        reader.errors[f"{where}.weapon"] = "At most 60 characters of text."
        weapon = ""
    return KillData(
        victim_team=reader.whole(f"{where}.victim_team", line.get("victim_team"), maximum=2**62),
        victim_car=reader.choice(f"{where}.victim_car", line.get("victim_car"), SLOTS),
        killer_team=reader.optional_id(f"{where}.killer_team", line.get("killer_team")),
        killer_car=reader.choice(f"{where}.killer_car", line.get("killer_car"), SLOTS, blank=True),
        killer=reader.optional_id(f"{where}.killer", line.get("killer")),
        how=reader.choice(
            f"{where}.how", line.get("how"), tuple(h.value for h in KillHow), blank=True
        ),
        weapon=weapon.strip(),
    )


def _casualty(reader: _Reader, where: str, line: Mapping[str, Any]) -> CasualtyData:
    return CasualtyData(
        team=reader.whole(f"{where}.team", line.get("team"), maximum=2**62),
        character=reader.whole(f"{where}.character", line.get("character"), maximum=2**62),
        state=reader.choice(f"{where}.state", line.get("state"), tuple(s.value for s in CrewState)),
    )


def _substitution(reader: _Reader, where: str, line: Mapping[str, Any]) -> SubstitutionData:
    return SubstitutionData(
        team=reader.whole(f"{where}.team", line.get("team"), maximum=2**62),
        on=reader.choice(f"{where}.on", line.get("on"), SLOTS),
        off=reader.choice(f"{where}.off", line.get("off"), SLOTS),
        because=reader.choice(
            f"{where}.because", line.get("because"), tuple(b.value for b in LeftBecause)
        ),
    )
