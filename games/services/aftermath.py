"""MagnoBall's part of what follows a result (the core's, standings and rounds, is
league/services/result_steps.py): the two teams' season lines, career games and status (M-P5) and the
injured-list countdown (M-I1). A new result's part is added to what is stored; a
correction's or a void's is recounted from the stored results, and running that twice
changes nothing. The two agree (tests/games/test_aftermath_incremental.py)."""

from __future__ import annotations

from collections import defaultdict

from django.db import connection
from django.db.models import Count, Q, Sum

from games.models import Appearance, StatLine
from injuries.services import injuries_count_down, injuries_count_new_game
from league.models import Fixture, Result
from rosters.models import Player
from rosters.services import (
    SeasonTotals,
    career_games_sql,
    player_season_totals_add,
    player_season_totals_replace,
    players_play,
    players_progress,
)


def game_aftermath(*, fixture: Fixture, result: Result | None = None) -> None:
    """The players' side of a result of `fixture` (the ruleset's result_aftermath): a new
    `result`'s lines added to its players' season lines and careers; without one (a
    correction, a void) those of the two teams' players recomputed from the season's lines.
    The injured-list countdown is counted on for a new result, recounted otherwise. The
    caller holds the transaction and the fixture's and teams' locks."""
    if result is not None:
        _new_result(fixture, result)
        return
    season = fixture.round.season
    team_ids = [fixture.home_team_id, fixture.away_team_id]
    player_ids = list(Player.objects.filter(team_id__in=team_ids).values_list("pk", flat=True))
    in_season = Q(result__fixture__round__season=season, player_id__in=player_ids)

    appearances = (
        Appearance.objects.filter(in_season)
        .values("player_id")
        .annotate(games=Count("id"), total_points=Sum("points"))
        .values_list("player_id", "games", "total_points")
    )
    stats: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for player_id, category, attempts, successes in (
        StatLine.objects.filter(
            appearance__result__fixture__round__season=season,
            appearance__player_id__in=player_ids,
        )
        .values("appearance__player_id", "category")
        .annotate(total_attempts=Sum("attempts"), total_successes=Sum("successes"))
        .values_list("appearance__player_id", "category", "total_attempts", "total_successes")
    ):
        stats[player_id][category] = (attempts, successes)
    player_season_totals_replace(
        season=season,
        player_ids=player_ids,
        totals={pid: SeasonTotals(games, points, stats[pid]) for pid, games, points in appearances},
    )
    players_progress(player_ids=player_ids, settings=season.rules.to_engine())
    injuries_count_down(played=lambda: _played_in_order(team_ids), team_ids=team_ids)


def _new_result(fixture: Fixture, result: Result) -> None:
    """A new result's lines, read in one query with their players (a row a stat line), added
    where they count (as the recount does, each appearance is a game)."""
    season = fixture.round.season
    players: dict[int, Player] = {}
    points: dict[int, int] = {}
    stats: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    # Each player's career games before this result come with his line (career_games_sql),
    # so after the season lines are added they are those plus this game where it counts.
    career: dict[int, int] = {}
    counted = 1 if season.counts_for_careers else 0
    with connection.cursor() as cursor:
        cursor.execute(_NEW_RESULT_LINES_SQL, [result.pk])
        rows = cursor.fetchall()
    for pid, before, scored, games, status, start, category, attempts, successes in rows:
        if pid not in players:  # a row a stat line: the player's own values once
            # As loaded (the rest deferred): a third of an instance built from keywords.
            players[pid] = Player.from_db(
                connection.alias, _PLAYER_FIELDS, (pid, games, status, start)
            )
            career[pid] = before + counted
            points[pid] = scored
        if category is not None:
            stats[pid][category] = (attempts, successes)
    player_season_totals_add(
        season=season,
        totals={pid: SeasonTotals(1, points[pid], stats[pid]) for pid in players},
    )
    players_play(players=list(players.values()), settings=season.rules.to_engine(), games=career)
    injuries_count_new_game(fixture=fixture)


def _played_in_order(team_ids: list[int]) -> dict[int, list[int]]:
    """Each team's played fixtures in the order they count: season by season, round by
    round."""
    played: dict[int, list[int]] = {team: [] for team in team_ids}
    fixtures = (
        Fixture.objects.filter(
            Q(home_team_id__in=team_ids) | Q(away_team_id__in=team_ids),
            status=Fixture.Status.PLAYED,
        )
        .order_by("round__season__created_at", "round__season_id", "round__number", "id")
        .values_list("pk", "home_team_id", "away_team_id")
    )
    for pk, home, away in fixtures:
        for team in (home, away):
            if team in played:
                played[team].append(pk)
    return played


_PLAYER_FIELDS = ["id", "games_played", "status", "start_status"]

# A new result's lines, a row a stat line (none: one row with no category), each with its
# player's games, status and start status and his career games before this result. In SQL:
# its ORM form (a Subquery annotation over three joins) was mostly compiling, on every result.
_NEW_RESULT_LINES_SQL = (
    f"SELECT a.player_id, {career_games_sql('a.player_id')}, a.points, "
    "p.games_played, p.status, p.start_status, "
    "sl.category, sl.attempts, sl.successes "
    f"FROM {Appearance._meta.db_table} a JOIN {Player._meta.db_table} p ON p.id = a.player_id "
    f"LEFT JOIN {StatLine._meta.db_table} sl ON sl.appearance_id = a.id "
    "WHERE a.result_id = %s"
)
