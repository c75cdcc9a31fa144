"""The match odds a season's odds run plays with, by fixture: the rating model (every game's
default, docs/odds.md) and the shape a ruleset's own model takes (e.g. a game
engine's sampled matches)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.models import Fixture, Result, Round, Season
from league.odds.models import TeamRating
from league.rulesets import ruleset_for
from rules.odds import AWAY, HOME, MatchOdds, Outcome, rating_match_odds
from rules.ratings import INITIAL_RATING

#: How many of the season's latest results of each kind give the rating model its scores.
SCORE_SAMPLE = 60


@dataclass(frozen=True)
class MatchOutcomeModel:
    """Each remaining fixture's odds by fixture id, the odds of any knockout pairing
    (home team id, away team id), and the model in words for the method line."""

    fixtures: Mapping[int, MatchOdds]
    knockout: Callable[[int, int], MatchOdds]
    method: str
    pairing_matches: int = 0


@dataclass(frozen=True)
class RatingModel:
    """The rating model of a season: its teams' ratings, its draw rate and its scores."""

    ratings: Mapping[int, float]
    draw_rate: float
    scores: Mapping[str, tuple[Outcome, ...]]

    def odds(self, home: int, away: int) -> MatchOdds:
        return rating_match_odds(
            home_rating=self.ratings.get(home, INITIAL_RATING),
            away_rating=self.ratings.get(away, INITIAL_RATING),
            draw_rate=self.draw_rate,
            scores=self.scores,
        )


def rating_model_for(*, season: Season) -> RatingModel:
    """The season's ratings now, the share of its played games that were drawn (0 before
    any), and its latest results' scores by kind. Three queries."""
    ratings = dict(TeamRating.objects.filter(season=season).values_list("team_id", "rating"))
    level_winners = capability(ruleset_for(season.league), TableExtras).table_level_winners(
        season=season
    )
    played = Result.objects.filter(
        fixture__round__season=season, fixture__round__stage=Round.Stage.REGULAR
    ).order_by("-pk")
    rows = played.values_list(
        "fixture_id", "fixture__home_team_id", "home_score", "away_score", "overtime"
    )
    kinds: dict[str, list[Outcome]] = {HOME: [], AWAY: [], "draw": []}
    total = draws = 0
    for fixture_id, home_id, home_score, away_score, overtime in rows:
        total += 1
        winner = level_winners.get(fixture_id) if home_score == away_score else None
        level = None if winner is None else (HOME if winner == home_id else AWAY)
        outcome = Outcome(home_score, away_score, overtime, level)
        if home_score > away_score or level == HOME:
            kind = HOME
        elif home_score < away_score or level == AWAY:
            kind = AWAY
        else:
            kind, draws = "draw", draws + 1
        if len(kinds[kind]) < SCORE_SAMPLE:
            kinds[kind].append(outcome)
    return RatingModel(
        ratings=ratings,
        draw_rate=draws / total if total else 0.0,
        scores={kind: tuple(outcomes) for kind, outcomes in kinds.items()},
    )


def rating_outcome_model(*, season: Season, fixtures: Iterable[Fixture]) -> MatchOutcomeModel:
    """Every fixture and knockout pairing by the rating model (docs/odds.md)."""
    model = rating_model_for(season=season)
    return MatchOutcomeModel(
        fixtures={
            fixture.pk: model.odds(fixture.home_team_id, fixture.away_team_id)
            for fixture in fixtures
        },
        knockout=model.odds,
        method="match odds from the Elo ratings",
    )
