"""Reads of a knockout, for every game: each team's seed and each game's winner, for the
playoffs' services and the bracket page."""

from __future__ import annotations

from collections.abc import Mapping

from league.models import Result, Season, StandingRow
from league.selectors.divisions import season_has_divisions


def knockout_winner(
    result: Result, seeds: dict[int, int], level_winners: Mapping[int, int] | None = None
) -> int:
    """A knockout game's winner: the higher score; a level one, the winner its game's
    tie-break named (`level_winners` by fixture id, e.g. a shootout),
    else the higher seed (e.g. a drawn overtime; Decided: docs/rules-decisions.md)."""
    fixture = result.fixture
    if result.home_score != result.away_score:
        home_won = result.home_score > result.away_score
        return fixture.home_team_id if home_won else fixture.away_team_id
    named = (level_winners or {}).get(fixture.pk)
    if named in (fixture.home_team_id, fixture.away_team_id):
        return named
    return min((fixture.home_team_id, fixture.away_team_id), key=seeds.__getitem__)


def knockout_seeds(season: Season) -> dict[int, int]:
    """Team id → seed: the regular-season position, or the bracket seed of a tournament or
    of a season in divisions (a team without one ranks last)."""
    by_bracket = season.is_tournament or season_has_divisions(season=season)
    seed = "bracket_seed" if by_bracket else "position"
    rows = StandingRow.objects.filter(season=season).values_list("team_id", seed)
    return {team: position or 10_000 for team, position in rows}
