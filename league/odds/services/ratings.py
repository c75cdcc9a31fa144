"""The power ranking's writes: each result moves its two teams' Elo ratings (rules/ratings.py),
for every game, playoffs included, in the order the results were recorded (by result id).

The core's result path (league.services.result_steps.result_aftermath →
league.odds.services.runs.odds_after_result) queues ``ratings_refresh`` for the season once the
result commits, on a worker: the ratings are derived from the results alone, so recording a result
costs no query for them (issue #16's budget), and a refresh is safe to run twice or late. A new
result is added to the ratings; a correction or a void (or results rated out of order) replays the
season's results from the start. Both give the same ratings (tests/league/test_odds_ratings.py)."""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Max

from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.models import Result, Season
from league.odds.models import RatingChange, TeamRating
from league.rulesets import ruleset_for
from rules.ratings import INITIAL_RATING, rate_game

#: The advisory lock's class: one refresh of a season's ratings at a time (PostgreSQL).
_LOCK_CLASS = 7_301


def _lock(season_id: int) -> None:
    """One refresh of the season at a time, until the transaction ends. SQLite has one
    writer at a time anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_CLASS, season_id])


def ratings_refresh(*, season_id: int, replay: bool = False) -> int:
    """Rate the season's results not rated yet, in order; with `replay` (a result corrected
    or voided), or when an unrated result is older than a rated one, rate them all again
    from the start. Returns how many results were rated."""
    with transaction.atomic():
        _lock(season_id)
        season = Season.objects.select_related("league").get(pk=season_id)
        results = Result.objects.filter(fixture__round__season=season).select_related("fixture")
        rated = RatingChange.objects.filter(season=season)
        newest = rated.aggregate(newest=Max("result_id"))["newest"]
        if replay or newest is None:
            return _replay(season, list(results.order_by("pk")))
        unrated = list(results.exclude(fixture_id__in=rated.values("fixture_id")).order_by("pk"))
        if not unrated:
            return 0
        if unrated[0].pk < newest:
            return _replay(season, list(results.order_by("pk")))
        return _add(season, unrated)


def _level_sides(season: Season, results: list[Result]) -> dict[int, str]:
    """Each level game a tie-break settled (e.g. a shootout): its winner's
    side, by result id."""
    if not any(r.home_score == r.away_score for r in results):
        return {}
    winners = capability(ruleset_for(season.league), TableExtras).table_level_winners(season=season)
    sides = {}
    for result in results:
        winner = winners.get(result.fixture_id)
        if winner is not None and result.home_score == result.away_score:
            sides[result.pk] = "home" if winner == result.fixture.home_team_id else "away"
    return sides


def _rate(
    season: Season, results: list[Result], ratings: dict[int, float], games: dict[int, int]
) -> list[RatingChange]:
    """Rate `results` in order from `ratings` and `games` (updated in place)."""
    sides = _level_sides(season, results)
    changes = []
    for result in results:
        fixture = result.fixture
        home, away = fixture.home_team_id, fixture.away_team_id
        rated = rate_game(
            home=ratings.get(home, INITIAL_RATING),
            away=ratings.get(away, INITIAL_RATING),
            home_score=result.home_score,
            away_score=result.away_score,
            overtime=result.overtime,
            level_winner=sides.get(result.pk),
        )
        for team, before, after in (
            (home, rated.home_before, rated.home_after),
            (away, rated.away_before, rated.away_after),
        ):
            games[team] = games.get(team, 0) + 1
            ratings[team] = after
            changes.append(
                RatingChange(
                    season=season,
                    team_id=team,
                    fixture_id=fixture.pk,
                    result_id=result.pk,
                    sequence=games[team],
                    before=before,
                    after=after,
                )
            )
    return changes


def _store(season: Season, ratings: dict[int, float], games: dict[int, int]) -> None:
    TeamRating.objects.bulk_create(
        [
            TeamRating(season=season, team_id=team, rating=rating, games=games[team])
            for team, rating in ratings.items()
        ],
        update_conflicts=True,
        unique_fields=["season", "team"],
        update_fields=["rating", "games"],
    )


def _add(season: Season, results: list[Result]) -> int:
    current = TeamRating.objects.filter(season=season).values_list("team_id", "rating", "games")
    ratings = {team: rating for team, rating, _ in current}
    games = {team: count for team, _, count in current}
    changes = _rate(season, results, ratings, games)
    touched = {change.team_id for change in changes}
    _store(season, {t: ratings[t] for t in touched}, games)
    RatingChange.objects.bulk_create(changes)
    return len(results)


def _replay(season: Season, results: list[Result]) -> int:
    ratings: dict[int, float] = {}
    games: dict[int, int] = {}
    changes = _rate(season, results, ratings, games)
    RatingChange.objects.filter(season=season).delete()
    # A team left with no rated game is back at the start (its odds stay on its row).
    TeamRating.objects.filter(season=season).exclude(team_id__in=list(ratings)).update(
        rating=INITIAL_RATING, games=0
    )
    _store(season, ratings, games)
    RatingChange.objects.bulk_create(changes)
    return len(results)
