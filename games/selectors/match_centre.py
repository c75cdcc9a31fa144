"""Fixtures, results and the match centre: inspections, the match report and its replay,
live simulation jobs and the report form's players and totals."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from games.models import Appearance, Inspection, SimulationJob, TableInspection
from injuries.models import Injury
from league.models import Fixture, League, Result
from league.selectors.leagues import league_visible_q
from rosters.models import Player, PlayerSeason, PlayerSeasonStat
from rules.magnoball.vocabulary import (
    Position,
)

from .lineups import fixture_lineups
from .match_moments import EventLine, event_lines


def fixture_table_inspections(*, fixture: Fixture) -> list[TableInspection]:
    """The fixture's inspections still waiting for a coach's table roll (M-E2)."""
    return list(
        fixture.table_inspections.filter(resolved_at__isnull=True)
        .select_related("player__team")
        .order_by("id")
    )


def fixture_inspections(*, fixture: Fixture) -> list[Inspection]:
    return list(
        fixture.inspections.select_related("enhancement__player__team", "decided_by").order_by("id")
    )


@dataclass
class StatRow:
    player: Player
    team_id: int
    points: int
    stats: dict[str, tuple[int, int]]


@dataclass
class MatchReport:
    result: Result
    home: list[StatRow]
    away: list[StatRow]
    injuries: list[Injury]
    events: list[EventLine]

    @property
    def key_moments(self) -> list[EventLine]:
        """Goals, Incapacitations and the saves that mattered (games/selectors/match_moments.py)."""
        return [line for line in self.events if line.moment]


def match_report(*, fixture: Fixture) -> MatchReport | None:
    """The match centre: score, each player's stat line, the injuries and the play-by-play.
    Four queries whatever the number of players and events."""
    result = Result.objects.filter(fixture=fixture).first()
    if result is None:
        return None
    appearances = (
        Appearance.objects.filter(result=result)
        .select_related("player")
        .prefetch_related("stat_lines")
        .order_by("player__string", "player__shirt_number", "player_id")
    )
    rows = [
        StatRow(
            player=a.player,
            team_id=a.team_id,
            points=a.points,
            stats={s.category: (s.attempts, s.successes) for s in a.stat_lines.all()},
        )
        for a in appearances
    ]
    return MatchReport(
        result=result,
        home=[r for r in rows if r.team_id == fixture.home_team_id],
        away=[r for r in rows if r.team_id == fixture.away_team_id],
        injuries=list(
            Injury.objects.filter(fixture=fixture).select_related("player").order_by("id")
        ),
        events=event_lines(result.events.order_by("sequence"), home_team_id=fixture.home_team_id),
    )


def replay_data(*, fixture: Fixture, report: MatchReport) -> dict[str, Any]:
    """What the board replay draws: the board size, each player's side and label, and the
    events' squares (MatchEvent.data)."""
    rules = fixture.round.season.rules
    players = {}
    for rows, side in ((report.home, "home"), (report.away, "away")):
        for row in rows:
            players[str(row.player.pk)] = {
                "side": side,
                "label": row.player.name,
                "short": Position(row.player.position).abbreviation,
            }
    return {
        "columns": rules.board_columns,
        "rows": rules.board_rows,
        "home": {"name": fixture.home_team.name, "colour": fixture.home_team.colour},
        "away": {"name": fixture.away_team.name, "colour": fixture.away_team.colour},
        "players": players,
        "events": [
            {
                "half": line.half,
                "kind": line.kind,
                "text": line.caption,
                "players": line.data.get("players", []),
                "from": line.data.get("from"),
                "to": line.data.get("to"),
                "ball": line.data.get("ball"),
                "side": line.data.get("side"),
            }
            for line in report.events
        ],
    }


def fixture_live_job(*, fixture: Fixture) -> SimulationJob | None:
    return (
        SimulationJob.objects.filter(fixture=fixture, state__in=SimulationJob.LIVE_STATES)
        .order_by("-created_at")
        .first()
    )


def simulation_jobs_visible(*, user: User | AnonymousUser) -> QuerySet[SimulationJob]:
    """The simulation jobs `user` may follow: those of the leagues he may read (public, or
    his), as their fixtures. The HTML page and the API both ask here (games/access.py)."""
    return SimulationJob.objects.filter(
        fixture__round__season__league__in=League.objects.filter(
            league_visible_q(user=user)
        ).values("pk")
    )


@dataclass(frozen=True)
class SeasonTotals:
    """A player's season so far, shown beside the result form's boxes: points and, per
    category, (attempts, successes)."""

    points: int = 0
    stats: Mapping[str, tuple[int, int]] | None = None

    def stat(self, category: str) -> tuple[int, int]:
        return (self.stats or {}).get(category, (0, 0))


def report_season_totals(*, fixture: Fixture, players: Sequence[Player]) -> dict[int, SeasonTotals]:
    """Each of `players`' totals in the fixture's season, by player id. Two queries."""
    season_id = fixture.round.season_id
    ids = [player.pk for player in players]
    stats: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for line in PlayerSeasonStat.objects.filter(season_id=season_id, player_id__in=ids):
        stats[line.player_id][line.category] = (line.attempts, line.successes)
    points = dict(
        PlayerSeason.objects.filter(season_id=season_id, player_id__in=ids).values_list(
            "player_id", "points"
        )
    )
    return {pk: SeasonTotals(points.get(pk, 0), stats.get(pk, {})) for pk in ids}


@dataclass(frozen=True)
class ReportPlayers:
    """The rows of the result form: every player who may take the field, starters then bench
    (home first); the starters, whom it ticks (M-P3); and those who cannot play, with why
    (shown disabled)."""

    players: list[Player]
    starters: frozenset[int]
    unavailable: list[tuple[Player, str]]


def report_players(*, fixture: Fixture) -> ReportPlayers:
    """The result form's rows for `fixture`: its line-ups as fixed at kick-off, or as they
    would be fixed now (M-P3)."""
    home, away = fixture_lineups(fixture=fixture)
    return ReportPlayers(
        players=[*home.starters, *home.bench, *away.starters, *away.bench],
        starters=frozenset(p.pk for p in (*home.starters, *away.starters)),
        unavailable=[*home.unavailable, *away.unavailable],
    )
