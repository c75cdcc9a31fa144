"""MagnoBall's results: every result, reported, simulated or corrected, is validated,
stored in one transaction and followed by everything it causes (stats, progression,
injuries, the injured-list countdown and the standings), recomputed rather than patched.
The core's result services (league/services/results.py) lock, refuse, write the core's
result, run the aftermath, publish and audit; MagnoBall's part (MagnoBallResults) is the
line-up that took the field, the report's checks, its lines, a simulation's rows and the
injuries."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Model

from games.errors import GamesError
from games.models import Appearance, LineupEntry, MatchEvent, StatLine
from games.selectors import FixedLineup, lineup_stored
from injuries.models import Injury
from injuries.services import (
    Incapacitation,
    IncapacitationRolls,
    injuries_forget,
    injuries_record,
)
from league.access import Actor
from league.errors import DomainError, LeagueError
from league.models import Fixture, Result
from league.services.results import ResultSeam, Score
from league.services.results import result_correct as core_correct
from league.services.results import result_record as core_record
from league.services.results import result_void as core_void
from league.sql.copy import rows_copy
from league.sql.writes import rows_append, rows_insert
from rosters.models import DiceRoll, Player
from rosters.services import ledger_batch, ledger_record, server_dice
from rules.magnoball.between_matches import roll_incapacitation
from rules.magnoball.dice import DiceSource, ScriptedDice
from rules.magnoball.match_result import MatchResult
from rules.magnoball.settings import RuleSettings
from rules.magnoball.snapshot import Side
from rules.magnoball.vocabulary import Position

from .job_queue import dispatch_after_commit
from .lineups import lineup_fix, lineup_players
from .result_report import (
    ResultReport,
    TableRoll,
    report_errors,
    report_from_match,
    report_with_lineup,
)

# --- Recording -------------------------------------------------------------------------------


def result_record(
    *,
    fixture: Fixture,
    report: ResultReport,
    actor: Actor,
    dice: DiceSource | None = None,
) -> Result:
    """A result reported by a coach of either team or a commissioner. The result comes with
    what was just stored loaded on it, as ``prefetch_related`` would: its ``appearances``,
    each with its ``stat_lines``, and its fixture's ``injuries`` (in id order)."""
    return _record(
        fixture=fixture, report=report, actor=actor, source=Result.Source.REPORTED, dice=dice
    )


def result_record_simulation(
    *, fixture: Fixture, match: MatchResult, actor: Actor = None, dice: DiceSource | None = None
) -> Result:
    """A simulated match, with its events and every roll, recorded like any other result."""
    return _record(
        fixture=fixture,
        report=report_from_match(match),
        actor=actor,
        source=Result.Source.SIMULATED,
        match=match,
        dice=dice,
    )


def _record(
    *,
    fixture: Fixture,
    report: ResultReport,
    actor: Actor,
    source: str,
    match: MatchResult | None = None,
    dice: DiceSource | None = None,
) -> Result:
    """The core's service (league/services/results.py) with MagnoBall's part (MAGNOBALL_RESULTS)."""
    return core_record(
        fixture_id=fixture.pk,
        report=_Play(report, match, dice),
        actor=actor,
        seam=MAGNOBALL_RESULTS,
        source=source,
    )


@dataclass(frozen=True)
class _Play:
    """What MagnoBall hands the core's services: the report, the simulated match it comes
    from (if any) and the dice its injuries roll with."""

    report: ResultReport
    match: MatchResult | None = None
    dice: DiceSource | None = None


@dataclass
class _Checked:
    """A report checked (games.services.results._validate) against the line-up that took the field
    (M-P3), its starters' lines added; with the season's rules and, as stored, its
    injuries (a correction: those of players still Incapacitated it kept)."""

    report: ResultReport
    lineup: FixedLineup
    settings: RuleSettings
    match: MatchResult | None
    dice: DiceSource
    correction: bool = False
    kept: set[int] = field(default_factory=set)
    injured: list[Injury] = field(default_factory=list)


class MagnoBallResults(ResultSeam):
    """MagnoBall's part of a result's lifecycle: a match day's fixture (its line-up, M-P3),
    the report's lines and stat lines, a simulation's play-by-play and rolls (M-D8), the
    Incapacitated players' injuries (M-I1, M-I2), refused as a GamesError."""

    related = ("round__season__rules",)
    correct_action = "result.correct"

    def refused(self, error: LeagueError) -> DomainError:
        return GamesError(error.message, code=error.code)

    def playable(self, *, source: str) -> Collection[str]:
        # A match day's fixture is played once ready (its inspections decided); a simulation
        # already under way may finish.
        if source == Result.Source.REPORTED:
            return {Fixture.Status.READY}
        return {Fixture.Status.READY, Fixture.Status.SIMULATING}

    def check(
        self, *, fixture: Fixture, report: Any, source: str, result: Result | None
    ) -> _Checked:
        play: _Play = report
        if result is None:
            lineup = _kick_off(fixture, source=source)
        else:  # a correction validates against the stored line-up
            lineup = lineup_stored(fixture_id=fixture.pk)
        settings = _validate(play.report, fixture=fixture, lineup=lineup, source=source)
        # Every starter took the field, named or not (M-P3): his line goes in with the rest.
        checked = report_with_lineup(play.report, lineup)
        dice = play.dice or server_dice()
        return _Checked(checked, lineup, settings, play.match, dice, correction=result is not None)

    def score(self, checked: Any) -> Score:
        report, match = checked.report, checked.match
        return Score(
            report.home_score,
            report.away_score,
            report.overtime,
            seed=match.seed if match else None,
            engine_version=match.engine_version if match else "",
        )

    def store(self, *, fixture: Fixture, result: Result, checked: Any, actor: Actor) -> None:
        done: _Checked = checked
        report, players = done.report, done.lineup.players
        if done.correction:
            _store_lines(result, report, players)
            new = [pid for pid in report.incapacitated if pid not in done.kept]
            _injure(fixture, new, report.table_rolls, players, done.settings, actor, done.dice)
            return
        # A simulation's answer is its job's state: its stat lines need not come back.
        appearances = _store_lines(result, report, players, answer=done.match is None)
        # The match's rolls and the injuries' rolls: one write to the ledger.
        with ledger_batch():
            if done.match is not None:
                _store_simulation(result, done.match, players)
            done.injured = _injure(
                fixture,
                report.incapacitated,
                report.table_rolls,
                players,
                done.settings,
                actor,
                done.dice,
            )
        # What was just written, for whoever shows the result next (the API's answer): a
        # new result's fixture has no other injuries.
        _known_related(result, "appearances", appearances)
        _known_related(fixture, "injuries", done.injured)

    def unstore(self, *, fixture: Fixture, result: Result, checked: Any | None) -> None:
        if checked is None:  # a void: the fixture is to be played again, its line-up anew
            injuries_forget(fixture=fixture)
            LineupEntry.objects.filter(fixture=fixture).delete()
            return
        done: _Checked = checked
        result.appearances.all().delete()
        result.events.all().delete()
        # Players still Incapacitated keep their injuries and rolls; new ones roll.
        done.kept = set(
            Injury.objects.filter(
                fixture=fixture, player_id__in=done.report.incapacitated
            ).values_list("player_id", flat=True)
        )
        injuries_forget(fixture=fixture, keep_player_ids=done.kept)

    def state(self, *, result: Result) -> dict[str, Any]:
        return _result_state(result)

    def recorded_state(self, *, result: Result, checked: Any) -> dict[str, Any]:
        return _recorded_state(result, checked.report, checked.injured)

    def correct_message(self, *, fixture: Fixture, result: Result) -> str:
        return f"{fixture} corrected"

    def recorded(self, *, fixture: Fixture) -> None:
        # Later fixtures of these teams may run.
        dispatch_after_commit(season_id=fixture.round.season_id)


MAGNOBALL_RESULTS = MagnoBallResults()


def _kick_off(fixture: Fixture, *, source: str) -> FixedLineup:
    """Who may take the field and who started (M-P3, games/services/lineups.py): a simulation kicked
    off with the line-up fixed when it started, which it played; a reported match kicks off
    now. A correction validates against the same stored line-up."""
    if source == Result.Source.SIMULATED:
        stored = lineup_stored(fixture_id=fixture.pk)
        if stored.players:
            return stored
    return lineup_players(lineup_fix(fixture=fixture))


# --- Validation ------------------------------------------------------------------------------


def _validate(
    report: ResultReport, *, fixture: Fixture, lineup: FixedLineup, source: str
) -> RuleSettings:
    """Refuse a report that does not hold, naming every problem; returns the season's rules."""
    rules = fixture.round.season.rules
    settings = rules.to_engine()
    errors = report_errors(
        report,
        fixture=fixture,
        lineup=lineup,
        settings=settings,
        # A simulated match is the server's game: its injury rolls are the server's too.
        coaches_roll=rules.table_dice("injuries") and source != Result.Source.SIMULATED,
        simulated=source == Result.Source.SIMULATED,
    )
    if errors:
        count = len(errors)
        raise GamesError(
            f"The result was not recorded: {count} problem{'s' if count > 1 else ''}.",
            code="invalid_report",
            fields=errors,
        )
    return settings


# --- Storing ---------------------------------------------------------------------------------


def _store_lines(
    result: Result, report: ResultReport, lineup: Mapping[int, Player], *, answer: bool = True
) -> list[Appearance]:
    """The report's lines and their stat lines, two inserts (rows_insert: bulk_create's
    instances cost more than the database did); returns the appearances by player id. With
    `answer`, each has its stat lines (by category) known (``_known_related``), for the API's
    answer; without, they are only written (rows_append: no instances, no keys back)."""
    appearances = rows_insert(
        Appearance,
        ("result_id", "player_id", "team_id", "points"),
        [
            (result.pk, line.player_id, lineup[line.player_id].team_id, line.points)
            for line in report.lines
        ],
    )
    rows = [
        (appearance.pk, category, attempts, successes)
        for appearance, line in zip(appearances, report.lines, strict=True)
        for category, (attempts, successes) in line.stats.items()
    ]
    fields = ("appearance_id", "category", "attempts", "successes")
    if not answer:
        rows_append(StatLine, fields, rows)
        return sorted(appearances, key=lambda appearance: appearance.player_id)
    stat_lines = rows_insert(StatLine, fields, rows)
    by_appearance: dict[int, list[StatLine]] = {}
    for stat_line in stat_lines:
        by_appearance.setdefault(stat_line.appearance_id, []).append(stat_line)
    for appearance in appearances:
        appearance.result = result
        lines = sorted(by_appearance.get(appearance.pk, []), key=lambda s: s.category)
        for stat_line in lines:
            stat_line.appearance = appearance
        _known_related(appearance, "stat_lines", lines)
    # In the order the API reads a result's lines (games.api.selectors.RESULT_LINES_QUERYSET).
    return sorted(appearances, key=lambda appearance: appearance.player_id)


def _known_related(instance: Model, name: str, objects: Sequence[Model]) -> None:
    """Rows just written, left on `instance` as ``prefetch_related(name)`` would have read
    them: ``instance.<name>.all()`` gives them without a query (a filter still queries)."""
    manager = getattr(instance, name)
    queryset = manager.all()
    queryset._result_cache = list(objects)
    queryset._prefetch_done = True
    cache = instance.__dict__.setdefault("_prefetched_objects_cache", {})
    cache[manager.field.remote_field.cache_name] = queryset


#: A match event's columns as _store_simulation writes them (rows_copy).
_EVENT_FIELDS = ("result_id", "sequence", "half", "kind", "team_id", "player_id", "text", "data")


def _store_simulation(result: Result, match: MatchResult, lineup: Mapping[int, Player]) -> None:
    """The play-by-play for the match centre and every roll for the ledger (M-D8): a few
    hundred rows each, written from tuples (rows_copy)."""
    fixture = result.fixture
    teams = {Side.HOME.value: fixture.home_team_id, Side.AWAY.value: fixture.away_team_id}
    players = {str(pk): player for pk, player in lineup.items()}
    player_ids = {key: player.pk for key, player in players.items()}
    rows_copy(
        MatchEvent,
        _EVENT_FIELDS,
        (
            (
                result.pk,
                sequence,
                event.half,
                event.kind[:30],
                teams[event.side.value] if event.side else None,
                player_ids.get(event.players[0]) if event.players else None,
                event.text[:300],
                event.as_dict(),
            )
            for sequence, event in enumerate(match.events)
        ),
    )
    ledger_record(
        rolls=match.rolls,
        season=fixture.round.season,
        fixture=fixture,
        players=players,
        source=DiceRoll.Source.SIMULATION,
    )


def _injure(
    fixture: Fixture,
    incapacitated: Sequence[int],
    table_rolls: Mapping[int, TableRoll],
    lineup: Mapping[int, Player],
    settings: RuleSettings,
    actor: Actor,
    dice: DiceSource,
) -> list[Injury]:
    """Each Incapacitated player's injury: rolled by the server, or the table's rolls when
    the season lets coaches roll (M-I1, M-I2), played through the same engine rule. None in
    a tournament that does not count for careers: its Incapacitated players are fit again
    after the match. Returns the injuries, in the order stored."""
    if not fixture.round.season.counts_for_careers:
        return []
    rolled = []
    for player_id in incapacitated:
        player = lineup[player_id]
        position = Position(player.position)
        source = DiceRoll.Source.SERVER
        rolled_with: DiceSource = dice
        if player_id in table_rolls:
            # The report's faces were checked against the die (report_errors); M-I2's roll
            # counts only when the season uses permanent injuries.
            table = table_rolls[player_id]
            faces = [table.duration]
            if table.permanent is not None and settings.permanent_injuries:
                faces.append(table.permanent)
            rolled_with, source = ScriptedDice(faces), DiceRoll.Source.TABLE
        outcome = roll_incapacitation(rolled_with, position, settings, actor=str(player_id))
        rolls = IncapacitationRolls(outcome.duration.roll, outcome.permanent.roll)
        rolled.append(Incapacitation(player, rolls, source))
    return injuries_record(fixture=fixture, incapacitated=rolled, actor=actor)


# --- Corrections -----------------------------------------------------------------------------


def result_correct(
    *, result: Result, report: ResultReport, actor: Actor, dice: DiceSource | None = None
) -> Result:
    """A commissioner's correction: the result is replaced and everything it caused is
    recomputed; players still Incapacitated keep their injuries and rolls, new ones roll."""
    return core_correct(
        fixture_id=result.fixture_id,
        report=_Play(report, dice=dice),
        actor=actor,
        seam=MAGNOBALL_RESULTS,
    )


def result_void(*, result: Result, actor: Actor) -> Fixture:
    """A commissioner voids a result: the fixture is ready to be played again and everything
    the result caused is recomputed away."""
    return core_void(fixture_id=result.fixture_id, actor=actor, seam=MAGNOBALL_RESULTS)


def _recorded_state(
    result: Result, report: ResultReport, injured: Sequence[Injury]
) -> dict[str, Any]:
    """A new result as the audit log shows it (what _result_state reads back), from what was
    just stored: no queries."""
    return {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "overtime": result.overtime,
        "source": result.source,
        "lines": {
            str(line.player_id): {
                "points": line.points,
                **{category: [a, s] for category, (a, s) in line.stats.items()},
            }
            for line in report.lines
        },
        "incapacitated": sorted(injury.player_id for injury in injured),
    }


def _result_state(result: Result) -> dict[str, Any]:
    """The result as the audit log shows it, before and after a change."""
    lines = {
        str(a.player_id): {
            "points": a.points,
            **{s.category: [s.attempts, s.successes] for s in a.stat_lines.all()},
        }
        for a in result.appearances.prefetch_related("stat_lines")
    }
    incapacitated = sorted(
        Injury.objects.filter(fixture_id=result.fixture_id).values_list("player_id", flat=True)
    )
    return {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "overtime": result.overtime,
        "source": result.source,
        "lines": lines,
        "incapacitated": incapacitated,
    }
