"""The power ranking and the odds in the league's JSON document (docs/data.md): each team's
Elo rating and its history, and the finished odds runs with their figures, so the standings
and team pages of an imported league read as they did. What is only the workers' (the
engine's cached pairings, the chunks of a run under way, a run not finished) stays behind:
the sweep queues a missing run again."""

from __future__ import annotations

from league.exchange.tables import Table
from league.odds.models import OddsRun, RatingChange, TeamOdds, TeamRating

ODDS_TABLES: tuple[Table, ...] = (
    Table(
        "odds_runs",
        OddsRun,
        lambda league: OddsRun.objects.filter(season__league=league, status=OddsRun.Status.DONE),
        # Names the result that queued the run by its id in this installation; on import
        # it is empty, as for a run queued by hand.
        skip=frozenset({"trigger"}),
    ),
    Table(
        "team_odds",
        TeamOdds,
        lambda league: TeamOdds.objects.filter(
            run__season__league=league, run__status=OddsRun.Status.DONE
        ),
    ),
    Table(
        "team_ratings",
        TeamRating,
        lambda league: TeamRating.objects.filter(season__league=league),
    ),
    Table(
        "rating_changes",
        RatingChange,
        lambda league: RatingChange.objects.filter(season__league=league),
    ),
)
