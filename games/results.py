"""The one result service: every result, reported, simulated or corrected, is validated,
stored in one transaction and followed by everything it causes (stats, progression,
injuries, the injured-list countdown and the standings), recomputed rather than patched."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Model

from games.errors import GamesError
from games.job_queue import dispatch_after_commit
from games.lineup_read import FixedLineup, lineup_stored
from games.lineups import lineup_fix, lineup_players
from games.models import Appearance, LineupEntry, MatchEvent, StatLine
from games.result_report import (
    MAX_COUNT,
    PlayerLine,
    ResultReport,
    TableRoll,
    report_errors,
    report_from_match,
    report_with_lineup,
)
from injuries.models import Injury
from injuries.services import (
    Incapacitation,
    IncapacitationRolls,
    injuries_forget,
    injuries_record,
)
from league.access import (
    ACTOR_COMMISSIONER,
    Actor,
    require_commissioner,
    require_result_reporter,
)
from league.audit import audit_record
from league.models import Fixture, Result, Season
from league.pipelined import pipelined
from league.results import (
    fixture_lock,
    result_aftermath,
    result_change_refusal,
    result_insert,
    result_refusal,
)
from league.rows_copy import rows_copy
from league.rows_update import rows_append, rows_insert
from league.webhooks.events import result_event_publish, subscriptions_read_once
from rosters.models import DiceRoll, Player
from rosters.services import ledger_batch, ledger_record, server_dice
from rules.magnoball.between_matches import roll_incapacitation
from rules.magnoball.dice import DiceSource, ScriptedDice
from rules.magnoball.match_result import MatchResult
from rules.magnoball.settings import RuleSettings
from rules.magnoball.snapshot import Side
from rules.magnoball.vocabulary import Position

#: The report's shapes live with their checks (games/result_report.py); named here too, as
#: the service's callers have always imported them.
__all__ = [
    "MAX_COUNT",
    "PlayerLine",
    "ResultReport",
    "TableRoll",
    "report_from_match",
    "result_correct",
    "result_record",
    "result_record_simulation",
    "result_void",
]

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


def _lock_fixture(fixture_id: int, actor: Actor = None) -> Fixture:
    """The core's fixture lock (season, teams, then fixture), with the season's rules (and
    whether `actor` is a commissioner of the league: ``ACTOR_COMMISSIONER``)."""
    return fixture_lock(
        fixture_id=fixture_id, related=("round__season__rules",), teams=True, actor=actor
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
    # The league's webhook subscriptions read once, for the injuries' events and the result's.
    with transaction.atomic(), subscriptions_read_once():
        # Locks the fixture: one result, however many reports arrive at once.
        locked = _lock_fixture(fixture.pk, actor)
        season = locked.round.season
        require_result_reporter(
            user=actor, fixture=locked, commissioner=getattr(locked, ACTOR_COMMISSIONER)
        )
        # A match day's fixture is played once ready (its inspections decided); a simulation
        # already under way may finish.
        playable = {Fixture.Status.READY, Fixture.Status.SIMULATING}
        if source == Result.Source.REPORTED:
            playable = {Fixture.Status.READY}
        if (refusal := result_refusal(fixture=locked, playable=playable)) is not None:
            raise GamesError(refusal.message, code=refusal.code)
        lineup = _kick_off(locked, source=source)
        settings = _validate(report, fixture=locked, lineup=lineup, source=source)
        # Every starter took the field, named or not (M-P3): his line goes in with the rest.
        report = report_with_lineup(report, lineup)
        result = result_insert(
            fixture=locked,
            home_score=report.home_score,
            away_score=report.away_score,
            overtime=report.overtime,
            source=source,
            actor=actor,
            seed=match.seed if match else None,
            engine_version=match.engine_version if match else "",
        )
        # A simulation's answer is its job's state: its stat lines need not come back.
        appearances = _store_lines(result, report, lineup.players, answer=match is None)
        # The match's rolls and the injuries' rolls: one write to the ledger.
        with ledger_batch():
            if match is not None:
                _store_simulation(result, match, lineup.players)
            injured = _injure(
                locked,
                report.incapacitated,
                report.table_rolls,
                lineup.players,
                settings,
                actor,
                dice or server_dice(),
            )
        # What was just written, for whoever shows the result next (the API's answer): a
        # new result's fixture has no other injuries.
        _known_related(result, "appearances", appearances)
        _known_related(locked, "injuries", injured)
        # Audited before the aftermath, which takes the season's table lock: what runs
        # under that lock, results of one season take turns for (league/results.py). From
        # here on most writes are ones whose answer nobody reads: in a pipeline the server
        # writes one while this process builds the next (league/pipelined.py). The COPYs
        # above stay outside: a pipeline takes none.
        with pipelined():
            audit_record(
                actor=actor,
                action=f"result.{source}",
                obj=result,
                league=season.league,
                message=f"{locked}: {result.home_score}–{result.away_score}",
                after=_recorded_state(result, report, injured),
            )
            result_aftermath(fixture=locked, result=result)  # marks it played
            result_event_publish(fixture=locked, result=result, change="recorded")
        dispatch_after_commit(season_id=season.pk)  # later fixtures of these teams may run
    return result


def _kick_off(fixture: Fixture, *, source: str) -> FixedLineup:
    """Who may take the field and who started (M-P3, games/lineups.py): a simulation kicked
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
    with transaction.atomic():
        # Locks the fixture: a correction never races a second correction or a void.
        locked = _lock_fixture(result.fixture_id)
        season = locked.round.season
        require_commissioner(user=actor, league=season.league)
        _require_open(season)
        current = Result.objects.get(fixture=locked)
        before = _result_state(current)
        lineup = lineup_stored(fixture_id=locked.pk)
        settings = _validate(report, fixture=locked, lineup=lineup, source=Result.Source.CORRECTED)
        report = report_with_lineup(report, lineup)  # its starters played (M-P3)
        current.appearances.all().delete()
        current.events.all().delete()
        kept = set(
            Injury.objects.filter(fixture=locked, player_id__in=report.incapacitated).values_list(
                "player_id", flat=True
            )
        )
        injuries_forget(fixture=locked, keep_player_ids=kept)
        current.home_score, current.away_score = report.home_score, report.away_score
        current.overtime = report.overtime
        current.source = Result.Source.CORRECTED
        current.save(update_fields=["home_score", "away_score", "overtime", "source", "updated_at"])
        _store_lines(current, report, lineup.players)
        new = [pid for pid in report.incapacitated if pid not in kept]
        _injure(
            locked, new, report.table_rolls, lineup.players, settings, actor, dice or server_dice()
        )
        result_aftermath(fixture=locked)
        result_event_publish(fixture=locked, result=current, change="corrected")
        audit_record(
            actor=actor,
            action="result.correct",
            obj=current,
            league=season.league,
            message=f"{locked} corrected",
            before=before,
            after=_result_state(current),
        )
    return current


def result_void(*, result: Result, actor: Actor) -> Fixture:
    """A commissioner voids a result: the fixture is ready to be played again and everything
    the result caused is recomputed away."""
    with transaction.atomic():
        # Locks the fixture: the void and any new report are serialised.
        locked = _lock_fixture(result.fixture_id)
        season = locked.round.season
        require_commissioner(user=actor, league=season.league)
        _require_open(season)
        current = Result.objects.get(fixture=locked)
        before = _result_state(current)
        injuries_forget(fixture=locked)
        current.delete()
        LineupEntry.objects.filter(fixture=locked).delete()
        locked.status = Fixture.Status.READY
        locked.save(update_fields=["status", "updated_at"])
        result_aftermath(fixture=locked)
        result_event_publish(fixture=locked, result=None, change="voided")
        audit_record(
            actor=actor,
            action="result.void",
            obj=locked,
            league=season.league,
            message=f"Result of {locked} voided",
            before=before,
            after=None,
        )
    return locked


def _require_open(season: Season) -> None:
    """A closed season is frozen: its results, and so its champion, stand."""
    if (refusal := result_change_refusal(season=season)) is not None:
        raise GamesError(refusal.message, code=refusal.code)


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
