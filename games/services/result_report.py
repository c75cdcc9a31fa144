"""A result's report as the result service takes it (the score, a line per player who took
the field, the Incapacitated and their table rolls), every reason one does not hold, and the
report completed by its line-up: a result's appearances are its line-up (M-P3, M-P5), every
starter and every substitute who came on, whether a report names him or not."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.selectors import FixedLineup
from league.models import Fixture
from league.services.result_steps import MAX_SCORE, result_score_errors
from rosters.models import Player
from rules.magnoball.match_result import MatchResult
from rules.magnoball.outcomes import Condition
from rules.magnoball.settings import RuleSettings
from rules.magnoball.vocabulary import Position, StatCategory

MAX_COUNT = 999
_CATEGORIES = frozenset(category.value for category in StatCategory)


@dataclass(frozen=True)
class PlayerLine:
    """One player who took the field: his points and (attempts, successes) per category."""

    player_id: int
    points: int = 0
    stats: Mapping[str, tuple[int, int]] = field(default_factory=dict)


@dataclass(frozen=True)
class TableRoll:
    """Rolls made at the table for an Incapacitated player (M-I1, M-I2)."""

    duration: int
    permanent: int | None = None


@dataclass(frozen=True)
class ResultReport:
    home_score: int
    away_score: int
    overtime: bool = False
    lines: Sequence[PlayerLine] = ()
    incapacitated: Sequence[int] = ()
    table_rolls: Mapping[int, TableRoll] = field(default_factory=dict)


def report_from_match(match: MatchResult) -> ResultReport:
    """What a simulated match reports: its score, stat lines and Incapacitated players."""
    lines = tuple(
        PlayerLine(
            player_id=int(line.player_key),
            points=line.points,
            stats={
                c.value: (line.attempts.get(c, 0), line.successes.get(c, 0))
                for c in StatCategory
                if line.attempts.get(c, 0)
            },
        )
        for line in match.stat_lines
        if line.took_field
    )
    incapacitated = tuple(
        int(injury.player_key)
        for injury in match.injuries
        if injury.condition is Condition.INCAPACITATED
    )
    return ResultReport(match.home_score, match.away_score, match.overtime, lines, incapacitated)


# --- Checking ---------------------------------------------------------------------------------


def report_errors(
    report: ResultReport,
    *,
    fixture: Fixture,
    lineup: FixedLineup,
    settings: RuleSettings,
    coaches_roll: bool,
    simulated: bool = False,
) -> dict[str, str]:
    """Every problem of a report, keyed by the field it concerns; empty when it holds. A
    line may name a starter or a substitute who came on (the line-up's bench); anyone else
    is refused by name."""
    errors: dict[str, str] = result_score_errors(
        home_score=report.home_score, away_score=report.away_score
    )
    points = {fixture.home_team_id: 0, fixture.away_team_id: 0}
    seen: set[int] = set()
    outside: dict[str, int] = {}
    for index, line in enumerate(report.lines):
        where = f"lines[{index}]"
        player = lineup.players.get(line.player_id)
        if player is None:
            outside[f"{where}.player_id"] = line.player_id
            continue
        if line.player_id in seen:
            errors[f"{where}.player_id"] = f"{player} has two stat lines."
        seen.add(line.player_id)
        if not _count_ok(line.points, MAX_SCORE):
            errors[f"{where}.points"] = f"Points are a whole number from 0 to {MAX_SCORE}."
        else:
            points[player.team_id] += line.points
        _check_stats(line.stats, where, errors, player=player)
    if outside:
        errors |= _outside_errors(outside, fixture)
    _check_scores_add_up(report, fixture, points, errors)
    if report.overtime and report.home_score == report.away_score and not simulated:
        errors["overtime"] = "An overtime ends with its goal (M-G2): the score cannot be level."
    _check_injuries(report, lineup.players, seen | lineup.starters, settings, coaches_roll, errors)
    return errors


def _outside_errors(outside: Mapping[str, int], fixture: Fixture) -> dict[str, str]:
    """Lines naming players outside the line-up fixed at kick-off (M-P3), each refused with
    the player's name and why. Read only for a report refused anyway: one query."""
    known = {
        player.pk: player
        for player in Player.objects.filter(pk__in=set(outside.values())).select_related("team")
    }
    teams = (fixture.home_team_id, fixture.away_team_id)
    errors = {}
    for key, player_id in outside.items():
        player = known.get(player_id)
        if player is None:
            errors[key] = f"There is no player {player_id}."
        elif player.team_id not in teams:
            errors[key] = f"{player} plays for {player.team}, not in {fixture}."
        else:
            why = (
                "injured"
                if player.roster_state == Player.RosterState.ACTIVE
                else player.get_roster_state_display().lower()
            )
            errors[key] = (
                f"{player} did not start or come on in {fixture}: he was not in "
                f"{player.team}'s line-up at kick-off ({why}, M-P3)."
            )
    return errors


def _count_ok(value: Any, maximum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= maximum


def _check_stats(
    stats: Mapping[str, tuple[int, int]], where: str, errors: dict[str, str], *, player: Player
) -> None:
    """A stat line's categories: known ones, each (attempts, successes) with no more
    successes than attempts (M-P7). A message names the player and the stat, so it reads
    alone in a list of problems at the top of the form or in an API answer."""
    for category, pair in stats.items():
        key = f"{where}.stats.{category}"
        if category not in _CATEGORIES:
            errors[key] = f"Unknown category; use one of {', '.join(sorted(_CATEGORIES))}."
        elif not (
            isinstance(pair, tuple | list)
            and len(pair) == 2
            and all(_count_ok(n, MAX_COUNT) for n in pair)
        ):
            errors[key] = f"Give attempts and successes, whole numbers to {MAX_COUNT}."
        elif pair[1] > pair[0]:
            errors[key] = (
                f"{player}: {StatCategory(category).label.lower()} successes ({pair[1]}) "
                f"cannot exceed attempts ({pair[0]})."
            )


def _check_scores_add_up(
    report: ResultReport, fixture: Fixture, points: Mapping[int, int], errors: dict[str, str]
) -> None:
    for name, team in (("home_score", fixture.home_team), ("away_score", fixture.away_team)):
        if name not in errors and getattr(report, name) != points[team.pk]:
            errors[name] = (
                f"{team}'s players scored {points[team.pk]} points in their stat lines, "
                f"not {getattr(report, name)}."
            )


def _check_injuries(
    report: ResultReport,
    lineup: Mapping[int, Player],
    took_field: set[int],
    settings: RuleSettings,
    coaches_roll: bool,
    errors: dict[str, str],
) -> None:
    if len(set(report.incapacitated)) != len(report.incapacitated):
        errors["incapacitated"] = "A player is listed twice."
    for index, player_id in enumerate(report.incapacitated):
        if player_id not in took_field:
            errors[f"incapacitated[{index}]"] = (
                f"Player {player_id} did not take the field, so he cannot be Incapacitated."
            )
    if report.table_rolls and not coaches_roll:
        errors["table_rolls"] = "The server rolls injuries in this season; leave the rolls out."
        return
    if not coaches_roll:
        return
    for player_id in report.incapacitated:
        player = lineup.get(player_id)
        if player is not None:
            rolls = report.table_rolls.get(player_id)
            _check_table_roll(rolls, player, f"table_rolls.{player_id}", settings, errors)


def _check_table_roll(
    rolls: TableRoll | None,
    player: Player,
    key: str,
    settings: RuleSettings,
    errors: dict[str, str],
) -> None:
    """An Incapacitated player's injury rolls made at the table: his position's die (M-I1),
    and the permanent-injury roll when the season plays them (M-I2)."""
    sides = Position(player.position).injury_die
    if rolls is None:
        errors[key] = f"Give {player}'s injury roll (d{sides}, M-I1)."
    elif not _count_ok(rolls.duration, sides) or rolls.duration < 1:
        errors[f"{key}.duration"] = f"{player}'s injury roll is a d{sides}: 1 to {sides}."
    elif settings.permanent_injuries and (
        rolls.permanent is None or not _count_ok(rolls.permanent, sides) or rolls.permanent < 1
    ):
        errors[f"{key}.permanent"] = (
            f"Give {player}'s permanent-injury roll (d{sides}, M-I2): 1 to {sides}."
        )


def report_with_lineup(report: ResultReport, lineup: FixedLineup) -> ResultReport:
    """`report` with a line (no points, no stats) for every starter it does not name: a
    starter took the field (M-P3), so the game counts for him (M-P5) whatever the report
    says. A valid report's lines first, as given, then the starters added, by id."""
    named = {line.player_id for line in report.lines}
    missing = sorted(lineup.starters - named)
    if not missing:
        return report
    return replace(report, lines=(*report.lines, *(PlayerLine(pk) for pk in missing)))
