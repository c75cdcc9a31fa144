"""CSV imports for the common start of a league (docs/data.md, "CSV"): the teams and their
rosters into a season that has not started, and past results into a running season.

Every import checks the whole file first and lists every problem by row and column
(league.exchange.problems.Problem); then it writes every row in one transaction, through the
game's own services (its ruleset's ``csv_team_create`` and ``csv_result_record``), so every
rule of the game holds and the standings, stats and injuries follow. A row the game refuses
is a problem too, and any problem rolls the whole file back: all or nothing. A dry run does
the same and always rolls back, so what it lists is exactly what the import would refuse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.csv import Csv
from league.capabilities.table import TableExtras
from league.errors import DomainError
from league.exchange.csv_files import CsvRow, csv_read
from league.exchange.problems import ImportRefused, Problem
from league.models import Fixture, Result, Round, Season, Team
from league.rulesets import Ruleset, ruleset_for
from league.services.result_steps import MAX_SCORE
from league.services.results import result_store
from league.services.rounds import round_open
from league.services.teams import TEAM_COLOUR, team_create

TEAM_COLUMNS = ("team", "short_name")
TEAM_OPTIONAL = ("coach", "colour", "player", "position")
RESULT_COLUMNS = ("round", "home", "away", "home_score", "away_score")
RESULT_OPTIONAL = ("overtime",)
_YES = {"yes", "y", "true", "1"}
_NO = {"no", "n", "false", "0", ""}


@dataclass(frozen=True)
class ImportReport:
    """What an import did, or (a dry run) would do: the rows read and what they make."""

    kind: str
    dry_run: bool
    rows: int
    created: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "dry_run": self.dry_run,
            "rows": self.rows,
            "created": self.created,
        }


class _DryRun(Exception):
    """Rolls a clean dry run back."""


# --- teams and rosters ------------------------------------------------------------------------


@dataclass
class _TeamRows:
    name: str
    first: CsvRow
    short_name: str = ""
    coach: User | None = None
    colour: str = ""
    players: list[tuple[str, str]] = field(default_factory=list)


def csv_teams_import(
    *, season: Season, data: bytes | BinaryIO, actor: Actor, dry_run: bool
) -> ImportReport:
    """Create the file's teams (one row per player, or one per team without players) in
    `season`, which must not have started. Raises ImportRefused listing every problem."""
    season = Season.objects.select_related("league").get(pk=season.pk)  # its status now
    require_commissioner(user=actor, league=season.league)
    csv_file = csv_read(data=data, required=TEAM_COLUMNS, optional=TEAM_OPTIONAL)
    problems: list[Problem] = []
    if season.status != Season.Status.DRAFT:
        problems.append(
            Problem("file", "", f"{season} has started: teams are imported into a draft season.")
        )
    teams = _group_teams(csv_file.rows, season=season, problems=problems)
    if problems:
        raise ImportRefused(problems)
    ruleset = ruleset_for(season.league)

    def write() -> list[str]:
        # Locks the season: two imports of teams into it run one after the other.
        Season.objects.select_for_update().filter(pk=season.pk).first()
        created = []
        for team in teams.values():
            try:
                with transaction.atomic():  # a savepoint: the next team is still checked
                    made = _team_create(ruleset, season=season, team=team, actor=actor)
            except (DomainError, ValidationError) as error:
                problems.extend(_refusal_problems(team.first, error, default="team"))
                continue
            created.append(str(made))
        return created

    def audit(created: list[str]) -> None:
        report = ImportReport("teams", dry_run, len(csv_file.rows), created)
        _audit(season=season, actor=actor, report=report)

    created = _all_or_nothing(write, problems=problems, dry_run=dry_run, audit=audit)
    return ImportReport("teams", dry_run, len(csv_file.rows), created)


def _group_teams(
    rows: tuple[CsvRow, ...], *, season: Season, problems: list[Problem]
) -> dict[str, _TeamRows]:
    """The file's teams by name (case-insensitive), checked against the league and each other."""
    teams: dict[str, _TeamRows] = {}
    names = Team.objects.filter(league=season.league).values_list("name", flat=True)
    existing = {name.casefold() for name in names}
    coaches = _coaches(rows)
    for row in rows:
        name = row["team"]
        if not name:
            problems.append(Problem(row.where, "team", "Name the team."))
            continue
        team = teams.get(name.casefold())
        if team is None:
            team = teams[name.casefold()] = _TeamRows(name=name, first=row)
            if name.casefold() in existing:
                problems.append(
                    Problem(row.where, "team", f"{season.league} already has a team “{name}”.")
                )
        _team_cells(team, row, coaches=coaches, problems=problems)
        _player_cells(team, row, problems=problems)
    problems.extend(
        Problem(team.first.where, "short_name", f"Give “{team.name}” a short name.")
        for team in teams.values()
        if not team.short_name
    )
    return teams


def _team_cells(
    team: _TeamRows, row: CsvRow, *, coaches: dict[str, User], problems: list[Problem]
) -> None:
    """The team's own cells, given on any of its rows, the same wherever given twice."""
    for column in ("short_name", "colour"):
        value, known = row[column], getattr(team, column)
        if value and known and value != known:
            problems.append(Problem(row.where, column, f"“{team.name}” was given “{known}” above."))
        elif value:
            setattr(team, column, value)
    if username := row["coach"]:
        coach = coaches.get(username.casefold())
        if coach is None:
            problems.append(Problem(row.where, "coach", f"No user “{username}”."))
        elif team.coach is not None and team.coach != coach:
            problems.append(
                Problem(row.where, "coach", f"“{team.name}” was given “{team.coach}” above.")
            )
        else:
            team.coach = coach


def _player_cells(team: _TeamRows, row: CsvRow, *, problems: list[Problem]) -> None:
    player, position = row["player"], row["position"]
    if not (player or position):
        return
    if not player:
        problems.append(Problem(row.where, "player", "Name the player."))
    elif any(player.casefold() == known.casefold() for known, _ in team.players):
        problems.append(
            Problem(row.where, "player", f"“{player}” is twice on “{team.name}”'s roster.")
        )
    else:
        team.players.append((player, position))


def _coaches(rows: tuple[CsvRow, ...]) -> dict[str, User]:
    names = {row["coach"] for row in rows if row["coach"]}
    query = Q()
    for name in names:
        query |= Q(username__iexact=name)
    if not names:
        return {}
    return {user.username.casefold(): user for user in User.objects.filter(query)}


def _team_create(ruleset: Ruleset, *, season: Season, team: _TeamRows, actor: Actor) -> Team:
    """The team by the game's own creation (its ruleset), else by the core's."""
    colour = team.colour or TEAM_COLOUR
    made = capability(ruleset, Csv).csv_team_create(
        season=season, name=team.name, short_name=team.short_name, coach=team.coach,
        colour=colour, players=team.players, actor=actor,
    )  # fmt: skip
    if made is not None:
        return made
    if team.players:
        raise DomainError(
            f"{ruleset.label} rosters are made by the game itself: leave the player columns empty.",
            field="player",
        )
    return team_create(
        season=season, name=team.name, short_name=team.short_name, actor=actor,
        coach=team.coach, colour=colour,
    )  # fmt: skip


# --- past results -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _ResultRow:
    row: CsvRow
    fixture: Fixture
    home_score: int
    away_score: int
    overtime: bool


def csv_results_import(
    *, season: Season, data: bytes | BinaryIO, actor: Actor, dry_run: bool
) -> ImportReport:
    """Record the file's past results in `season` (running), one row per fixture, through the
    game's result service; the rounds they are in are opened first, in order, as the
    season's control room opens them. Raises ImportRefused listing every problem."""
    season = Season.objects.select_related("league").get(pk=season.pk)  # its status now
    require_commissioner(user=actor, league=season.league)
    ruleset = ruleset_for(season.league)
    csv_file = csv_read(
        data=data,
        required=RESULT_COLUMNS,
        optional=(*RESULT_OPTIONAL, *capability(ruleset, Csv).csv_result_columns),
    )
    problems: list[Problem] = []
    if season.status not in (Season.Status.ACTIVE, Season.Status.PLAYOFFS):
        problems.append(
            Problem("file", "", f"{season} is not running: start it (its schedule made) first.")
        )
    check = _ResultsCheck(
        season=season, overtime=capability(ruleset, TableExtras).overtime, problems=problems
    )
    parsed = check.rows(csv_file.rows)
    if problems:
        raise ImportRefused(problems)
    parsed.sort(key=lambda r: (r.fixture.round.number, r.row.number))

    def write() -> list[str]:
        # Locks the season: two imports into it run one after the other, the second seeing
        # the rounds and results the first wrote (its rows are then refused by name).
        Season.objects.select_for_update().filter(pk=season.pk).first()
        created: list[str] = []
        last = max(r.fixture.round.number for r in parsed)
        stage = parsed[0].fixture.round.stage
        for round_ in season.rounds.filter(
            status=Round.Status.SCHEDULED, stage=stage, number__lte=last
        ).order_by("number"):
            try:
                round_open(round_=round_, actor=actor)
            except DomainError as error:
                problems.append(Problem("file", "round", f"Round {round_.number}: {error}"))
                return created
        for item in parsed:
            try:
                with transaction.atomic():  # a savepoint: the next row is still checked
                    _result_record(ruleset, item, actor=actor)
            except (DomainError, ValidationError) as error:
                problems.extend(_refusal_problems(item.row, error, default="home_score"))
                continue
            created.append(f"{item.fixture}: {item.home_score}–{item.away_score}")
        return created

    def audit(created: list[str]) -> None:
        report = ImportReport("results", dry_run, len(csv_file.rows), created)
        _audit(season=season, actor=actor, report=report)

    created = _all_or_nothing(write, problems=problems, dry_run=dry_run, audit=audit)
    return ImportReport("results", dry_run, len(csv_file.rows), created)


class _ResultsCheck:
    """Checks each row of a results file against the season: its teams, its fixture (once in
    the file, not played yet) and its scores; problems gathered, good rows kept."""

    def __init__(self, *, season: Season, overtime: bool, problems: list[Problem]) -> None:
        self.season, self.overtime, self.problems = season, overtime, problems
        self.teams: dict[str, Team] = {}
        for team in Team.objects.filter(standings__season=season):
            self.teams[team.name.casefold()] = team
            self.teams[team.short_name.casefold()] = team
        fixtures = Fixture.objects.filter(round__season=season).select_related(
            "round", "home_team", "away_team", "result"
        )
        self.fixtures = {(f.round.number, f.home_team_id, f.away_team_id): f for f in fixtures}
        self.seen: dict[int, int] = {}

    def rows(self, rows: tuple[CsvRow, ...]) -> list[_ResultRow]:
        parsed = [item for row in rows if (item := self.row(row)) is not None]
        if len({item.fixture.round.stage for item in parsed}) > 1:
            self.problems.append(
                Problem("file", "round", "Import the regular season and the playoffs apart.")
            )
        return parsed

    def row(self, row: CsvRow) -> _ResultRow | None:
        before = len(self.problems)
        number = _whole(row, "round", self.problems, low=1, high=10_000)
        home, away = self._team(row, "home"), self._team(row, "away")
        home_score = _whole(row, "home_score", self.problems, low=0, high=MAX_SCORE)
        away_score = _whole(row, "away_score", self.problems, low=0, high=MAX_SCORE)
        overtime = self._overtime(row, level=home_score is not None and home_score == away_score)
        if len(self.problems) > before:
            return None
        assert number is not None and home is not None and away is not None  # noqa: PT018
        assert home_score is not None and away_score is not None  # noqa: PT018
        fixture = self._fixture(row, number, home, away)
        if fixture is None:
            return None
        return _ResultRow(row, fixture, home_score, away_score, overtime)

    def _team(self, row: CsvRow, column: str) -> Team | None:
        team = self.teams.get(row[column].casefold())
        if team is None:
            message = f"No team “{row[column]}” plays in {self.season}."
            self.problems.append(
                Problem(row.where, column, message if row[column] else "Name the team.")
            )
        return team

    def _overtime(self, row: CsvRow, *, level: bool) -> bool:
        text = row["overtime"].casefold()
        if text not in _YES | _NO:
            self.problems.append(Problem(row.where, "overtime", "Write yes or no."))
            return False
        if text in _YES and not self.overtime:
            self.problems.append(Problem(row.where, "overtime", "This game has no overtime."))
        elif text in _YES and level:
            self.problems.append(
                Problem(row.where, "overtime", "A game won in overtime cannot end level.")
            )
        return text in _YES

    def _fixture(self, row: CsvRow, number: int, home: Team, away: Team) -> Fixture | None:
        fixture = self.fixtures.get((number, home.pk, away.pk))
        if fixture is None:
            message = f"{self.season} has no fixture {home} v {away} in round {number}."
            self.problems.append(Problem(row.where, "round", message))
        elif fixture.pk in self.seen:
            message = f"{fixture} is already on row {self.seen[fixture.pk]}."
            self.problems.append(Problem(row.where, "home", message))
        elif hasattr(fixture, "result"):
            self.problems.append(
                Problem(row.where, "home_score", f"{fixture} already has a result.")
            )
        else:
            self.seen[fixture.pk] = row.number
            return fixture
        return None


def _result_record(ruleset: Ruleset, item: _ResultRow, *, actor: Actor) -> Result:
    """The result by the game's own result service (its ruleset), else by the core's."""
    recorded = capability(ruleset, Csv).csv_result_record(
        fixture=item.fixture, home_score=item.home_score, away_score=item.away_score,
        overtime=item.overtime, cells=item.row.cells, actor=actor,
    )  # fmt: skip
    if recorded is not None:
        return recorded
    return result_store(
        fixture=item.fixture, home_score=item.home_score, away_score=item.away_score,
        actor=actor, overtime=item.overtime,
    )  # fmt: skip


def _whole(row: CsvRow, column: str, problems: list[Problem], *, low: int, high: int) -> int | None:
    text = row[column]
    try:
        value = int(text)
    except ValueError:
        problems.append(
            Problem(
                row.where,
                column,
                f"“{text}” is not a whole number." if text else "This cell is empty.",
            )
        )
        return None
    if not low <= value <= high:
        problems.append(Problem(row.where, column, f"Give a number from {low} to {high}."))
        return None
    return value


# --- shared -----------------------------------------------------------------------------------


def _all_or_nothing(
    write: Callable[[], list[str]],
    *,
    problems: list[Problem],
    dry_run: bool,
    audit: Callable[[list[str]], None],
) -> list[str]:
    """Run `write` in one transaction, kept (and audited in it) only when it found no
    problem and this is no dry run; a problem raises ImportRefused once all is rolled back."""
    created: list[str] = []
    try:
        with transaction.atomic():
            created = write()
            if problems or dry_run:
                raise _DryRun
            audit(created)
    except _DryRun:
        pass
    if problems:
        raise ImportRefused(problems)
    return created


def _refusal_problems(
    row: CsvRow, error: DomainError | ValidationError, *, default: str
) -> list[Problem]:
    """A game's refusal of a row, named by the row and, where it says, the column."""
    if isinstance(error, ValidationError):
        if hasattr(error, "error_dict"):
            return [
                Problem(row.where, name if name != "__all__" else default, " ".join(messages))
                for name, messages in error.message_dict.items()
            ]
        return [Problem(row.where, default, " ".join(error.messages))]
    if error.fields:
        return [Problem(row.where, name, message) for name, message in error.fields.items()]
    return [Problem(row.where, error.field or default, error.message)]


def _audit(*, season: Season, actor: Actor, report: ImportReport) -> None:
    audit_record(
        actor=actor,
        action=f"import.csv_{report.kind}",
        obj=season,
        league=season.league,
        message=f"{len(report.created)} {report.kind} imported from CSV into {season}",
        after=report.as_dict(),
    )
