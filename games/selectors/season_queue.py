"""What a season's unplayed fixture waits for before it can be played (M-P3: an earlier
fixture of a team; M-E2: a detection's decision or a table roll), read for the job queue."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from django.db import connection

from games.models import Inspection, SimulationJob, TableInspection
from league.models import Fixture, Round, Team
from league.sql.reads import param_list

__all__ = ["SeasonQueue", "queued_job_maybe_blocked"]


class _Unplayed(NamedTuple):
    """An unplayed fixture of a season, as the waiting rules need it (a tuple: a queue
    builds one for each of a season's unplayed fixtures, twice a job early in a season,
    and a frozen dataclass costs several times as much to build)."""

    id: int
    name: str
    round_number: int
    home: int
    away: int
    status: str


class SeasonQueue:
    """The season's unplayed fixtures (only those of `teams`, when named), live jobs, pending
    decisions and table rolls still to enter, read in two queries (four when a fixture
    awaits inspections), answering for any of its fixtures what (if anything) it waits for.
    A fixture of `teams` gets the same answer from the queue of those teams as from the
    season's."""

    def __init__(self, season_id: int, *, teams: Collection[int] = ()) -> None:
        # Tuples, not model instances: early in a season these are all its fixtures, read
        # after every result and before every job. Named as Fixture.__str__ names them.
        # Both reads in SQL: the ORM's forms (three and two joins) cost more to compile than
        # to run, and a worker makes them twice a job (docs/performance.md).
        of_teams, team_params = _of_teams(teams)
        with connection.cursor() as cursor:
            cursor.execute(
                _UNPLAYED_SQL.format(of_teams=of_teams),
                [season_id, Fixture.Status.PLAYED, *team_params],
            )
            self.fixtures = {
                pk: _Unplayed(pk, f"{home_name} v {away_name}", number, home, away, status)
                for pk, number, home, away, status, home_name, away_name in cursor.fetchall()
            }
            cursor.execute(
                _LIVE_JOBS_SQL.format(of_teams=of_teams, live=param_list(len(_LIVE))),
                [season_id, Fixture.Status.PLAYED, *_LIVE, *team_params],
            )
            self.live_jobs: dict[int, str] = dict(cursor.fetchall())
        # Each team's first unplayed fixture, in round order: the first that any later
        # fixture of the team waits for.
        self._first: dict[int, _Unplayed] = {}
        for fixture in self.fixtures.values():
            self._first.setdefault(fixture.home, fixture)
            self._first.setdefault(fixture.away, fixture)
        # What a fixture awaiting inspections waits for: only such a fixture's words are
        # asked for (blocker), so with none unplayed, as in most of a season, neither
        # read is made (each, compiled with its joins, cost more than the job's claim).
        self.decisions: dict[int, list[str]] = {}
        inspecting = [
            fixture.id
            for fixture in self.fixtures.values()
            if fixture.status == Fixture.Status.INSPECTIONS
        ]
        if not inspecting:
            return
        pending = Inspection.objects.filter(
            fixture_id__in=inspecting, decision=Inspection.Decision.PENDING
        ).select_related("enhancement__player__team", "fixture__home_team__coach")
        pending = pending.select_related("fixture__away_team__coach").order_by("id")
        for inspection in pending:
            self.decisions.setdefault(inspection.fixture_id, []).append(_decision_words(inspection))
        # Table dice (M-E2): an inspection roll still to enter holds the fixture like a decision.
        rolls = TableInspection.objects.filter(
            fixture_id__in=inspecting, resolved_at__isnull=True
        ).select_related("player__team", "fixture__home_team__coach", "fixture__away_team__coach")
        for table_inspection in rolls.order_by("id"):
            self.decisions.setdefault(table_inspection.fixture_id, []).extend(
                _roll_words(table_inspection)
            )

    def blocker(self, fixture_id: int) -> str:
        """What the fixture waits for, in words; empty when it can be played now."""
        fixture = self.fixtures.get(fixture_id)
        if fixture is None:
            return ""
        reasons = []
        if fixture.status in (Fixture.Status.INSPECTIONS, Fixture.Status.SCHEDULED):
            reasons.append(self._own_wait(fixture))
        earlier = self._earlier_unplayed(fixture)
        if earlier is not None:
            reasons.append(f"{earlier.name}, round {earlier.round_number}, {self._why(earlier)}")
        return f"Waits for {' and for '.join(reasons)}." if reasons else ""

    def _earlier_unplayed(self, fixture: _Unplayed) -> _Unplayed | None:
        """The first unplayed fixture of an earlier round with a team in common: the first
        of its two teams' first fixtures, if that is earlier."""
        firsts = [
            first
            for team in (fixture.home, fixture.away)
            if (first := self._first.get(team)) is not None
            and first.round_number < fixture.round_number
        ]
        return min(firsts, key=lambda first: (first.round_number, first.id), default=None)

    def _own_wait(self, fixture: _Unplayed) -> str:
        if fixture.status == Fixture.Status.SCHEDULED:
            return f"round {fixture.round_number} to open"
        decisions = self.decisions.get(fixture.id) or ["a decision on a detected enhancement"]
        return "; ".join(decisions)

    def _why(self, earlier: _Unplayed) -> str:
        if earlier.status == Fixture.Status.SCHEDULED:
            return "whose round is not open yet"
        if earlier.status == Fixture.Status.INSPECTIONS:
            decisions = self.decisions.get(earlier.id) or ["a decision"]
            return f"which awaits {'; '.join(decisions)}"
        state = self.live_jobs.get(earlier.id)
        if state in (SimulationJob.State.QUEUED, SimulationJob.State.RUNNING):
            return "which is being simulated"
        if state == SimulationJob.State.WAITING:
            return "which waits its own turn"
        return "which has no result yet (report it or simulate it)"


_LIVE = [str(state) for state in SimulationJob.LIVE_STATES]
#: SeasonQueue's fixtures: a season's unplayed ones (of some teams: ``{of_teams}``) in round
#: order, each with its teams' names.
_UNPLAYED_SQL = (
    "SELECT f.id, r.number, f.home_team_id, f.away_team_id, f.status, h.name, a.name "
    f"FROM {Fixture._meta.db_table} f JOIN {Round._meta.db_table} r ON r.id = f.round_id "
    f"JOIN {Team._meta.db_table} h ON h.id = f.home_team_id "
    f"JOIN {Team._meta.db_table} a ON a.id = f.away_team_id "
    "WHERE r.season_id = %s AND f.status <> %s {of_teams} ORDER BY r.number, f.id"
)
#: ... and their live jobs' states, by fixture.
_LIVE_JOBS_SQL = (
    f"SELECT j.fixture_id, j.state FROM {SimulationJob._meta.db_table} j "
    f"JOIN {Fixture._meta.db_table} f ON f.id = j.fixture_id "
    f"JOIN {Round._meta.db_table} r ON r.id = f.round_id "
    "WHERE r.season_id = %s AND f.status <> %s AND j.state IN ({live}) {of_teams}"
)


def queued_job_maybe_blocked(job_id: int) -> tuple[int, int, tuple[int, int]] | None:
    """A queued job's fixture, season and teams when SeasonQueue.blocker would name a wait
    for it (its fixture awaits inspections or its round, or a team of it has an unplayed
    fixture in an earlier round); None when it can run, or is not queued. One query, where
    the queue is three: a worker asks before every job, and nearly every job can run."""
    with connection.cursor() as cursor:
        cursor.execute(
            _MAYBE_BLOCKED_SQL,
            [
                job_id,
                SimulationJob.State.QUEUED,
                Fixture.Status.PLAYED,
                Fixture.Status.INSPECTIONS,
                Fixture.Status.SCHEDULED,
                Fixture.Status.PLAYED,
            ],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    fixture_id, season_id, home, away = row
    return fixture_id, season_id, (home, away)


_MAYBE_BLOCKED_SQL = (
    "SELECT f.id, r.season_id, f.home_team_id, f.away_team_id "
    f"FROM {SimulationJob._meta.db_table} j "
    f"JOIN {Fixture._meta.db_table} f ON f.id = j.fixture_id "
    f"JOIN {Round._meta.db_table} r ON r.id = f.round_id "
    "WHERE j.id = %s AND j.state = %s AND f.status <> %s AND (f.status IN (%s, %s) OR EXISTS ("
    f"SELECT 1 FROM {Fixture._meta.db_table} e "
    f"JOIN {Round._meta.db_table} er ON er.id = e.round_id "
    "WHERE er.season_id = r.season_id AND er.number < r.number AND e.status <> %s "
    "AND (e.home_team_id IN (f.home_team_id, f.away_team_id) "
    "OR e.away_team_id IN (f.home_team_id, f.away_team_id))))"
)


def _of_teams(teams: Collection[int]) -> tuple[str, list[int]]:
    """The condition on a fixture ``f`` of having one of `teams`, and its parameters; none
    for no teams (every fixture)."""
    if not teams:
        return "", []
    listed = param_list(len(teams))
    return f"AND (f.home_team_id IN ({listed}) OR f.away_team_id IN ({listed}))", [
        *teams,
        *teams,
    ]


def _decision_words(inspection: Inspection) -> str:
    """ "Dana's decision on Pulse Magnet (Kenji Ito of Osaka)": the inspecting coach decides."""
    fixture = inspection.fixture
    player = inspection.enhancement.player
    inspector = fixture.away_team if player.team_id == fixture.home_team_id else fixture.home_team
    coach = inspector.coach
    who = f"{coach.get_full_name() or coach.username}'s" if coach else f"{inspector}'s coach's"
    return (
        f"{who} decision on {inspection.enhancement.get_kind_display()} ({player} of {player.team})"
    )


def _coach_words(team: Team) -> str:
    coach = team.coach
    return f"{coach.get_full_name() or coach.username}'s" if coach else f"{team}'s coach's"


def _roll_words(table_inspection: TableInspection) -> list[str]:
    """ "Dana's inspection roll for Kenji Ito": one phrase per coach whose d10 is missing."""
    fixture, player = table_inspection.fixture, table_inspection.player
    home_owns = player.team_id == fixture.home_team_id
    teams: dict[str, Team] = {
        TableInspection.Side.OWNER: fixture.home_team if home_owns else fixture.away_team,
        TableInspection.Side.INSPECTOR: fixture.away_team if home_owns else fixture.home_team,
    }
    return [
        f"{_coach_words(teams[side])} inspection roll for {player}"
        for side in table_inspection.missing()
    ]
