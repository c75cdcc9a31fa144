"""MagnoBall's match odds for the playoff odds (docs/odds.md): each remaining pairing played
by the engine itself, a bounded number of matches, from the two teams as they stand (their
fit first and second strings, statuses, stat levels, enhancements: games.selectors.team_sheet)
and the season's settings. The matches are cached by a version of exactly those inputs, so a
pairing is simulated again only once a roster, an injury, an enhancement or a setting changed.

These matches decide nothing in the league: they are estimates, not league events, so their
rolls are not written to the dice ledger (which records the rolls that decide results and
careers); each pairing's seed is stored with its matches instead, which reproduces them."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.selectors import team_sheet
from league.models import Fixture, Season, Team
from league.odds.model import MatchOutcomeModel, RatingModel, rating_model_for
from league.odds.models import PairingOdds
from rules.magnoball.match_result import TeamSheet
from rules.magnoball.settings import RuleSettings
from rules.magnoball.simulator import simulate_match
from rules.magnoball.snapshot import Side
from rules.magnoball.version import ENGINE_VERSION
from rules.odds import MatchOdds, Outcome


def _plain(value: Any) -> Any:
    """A JSON-able value whose text never depends on set order or hash seeds."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, Mapping):
        return sorted([str(_plain(k)), _plain(v)] for k, v in value.items())
    if isinstance(value, set | frozenset):
        return sorted(str(_plain(v)) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def pairing_version(*, home: TeamSheet, away: TeamSheet, settings: RuleSettings) -> str:
    """The digest of everything a simulated match of the pairing depends on."""
    text = json.dumps(
        [ENGINE_VERSION, _plain(settings), _plain(home), _plain(away)], sort_keys=True
    )
    return hashlib.sha256(text.encode()).hexdigest()


class _Sheets:
    """The season's team sheets, each team built once per side."""

    def __init__(self, season: Season) -> None:
        self.settings = season.rules.to_engine()
        self.teams = {team.pk: team for team in Team.objects.filter(standings__season=season)}
        self._sheets: dict[tuple[int, Side], TeamSheet] = {}

    def team(self, team_id: int) -> Team:
        if team_id not in self.teams:
            self.teams[team_id] = Team.objects.get(pk=team_id)
        return self.teams[team_id]

    def sheet(self, team_id: int, side: Side) -> TeamSheet:
        key = (team_id, side)
        if key not in self._sheets:
            self._sheets[key] = team_sheet(
                team=self.team(team_id), settings=self.settings, side=side
            )
        return self._sheets[key]

    def version(self, home: int, away: int) -> str:
        return pairing_version(
            home=self.sheet(home, Side.HOME),
            away=self.sheet(away, Side.AWAY),
            settings=self.settings,
        )


def odds_pairings(*, season: Season, fixtures: Sequence[Fixture]) -> dict[tuple[int, int], str]:
    """Every remaining (home, away) pairing with its version now."""
    sheets = _Sheets(season)
    pairs = {(f.home_team_id, f.away_team_id) for f in fixtures}
    return {pair: sheets.version(*pair) for pair in sorted(pairs)}


def odds_pairing_simulate(
    *, season: Season, home: int, away: int, matches: int, seed: int
) -> tuple[str, list[Outcome]]:
    """`matches` engine matches of the pairing, seeds `seed`, `seed` + 1, …"""
    sheets = _Sheets(season)
    home_sheet, away_sheet = sheets.sheet(home, Side.HOME), sheets.sheet(away, Side.AWAY)
    outcomes = []
    for index in range(matches):
        match = simulate_match(
            home=home_sheet, away=away_sheet, settings=sheets.settings, seed=seed + index
        )
        outcomes.append(Outcome(match.home_score, match.away_score, match.overtime))
    return pairing_version(home=home_sheet, away=away_sheet, settings=sheets.settings), outcomes


def engine_outcome_model(*, season: Season, fixtures: Sequence[Fixture]) -> MatchOutcomeModel:
    """The remaining fixtures by their cached engine matches (as the rosters stand now); a
    pairing not cached (a roster changed since the run began) and a knockout pairing the
    regular season does not hold fall back to the rating model."""
    versions = odds_pairings(season=season, fixtures=fixtures)
    cached: dict[tuple[int, int], tuple[int, MatchOdds]] = {}
    for row in PairingOdds.objects.filter(season=season, version__in=set(versions.values())):
        pair = (row.home_team_id, row.away_team_id)
        if versions.get(pair) == row.version and row.outcomes:
            odds = MatchOdds.sampled([Outcome(h, a, bool(ot)) for h, a, ot in row.outcomes])
            cached[pair] = (row.matches, odds)
    ratings: RatingModel = rating_model_for(season=season)
    by_fixture = {}
    matches = 0
    for fixture in fixtures:
        found = cached.get((fixture.home_team_id, fixture.away_team_id))
        if found is None:
            by_fixture[fixture.pk] = ratings.odds(fixture.home_team_id, fixture.away_team_id)
        else:
            matches = max(matches, found[0])
            by_fixture[fixture.pk] = found[1]

    def knockout(home: int, away: int) -> MatchOdds:
        found = cached.get((home, away))
        return found[1] if found else ratings.odds(home, away)

    if fixtures and len(cached) < len(versions):
        method = (
            f"engine odds from {matches} matches per pairing "
            f"({len(versions) - len(cached)} pairings by the Elo ratings)"
        )
    elif fixtures:
        method = f"engine odds from {matches} matches per pairing"
    else:
        method = "knockout odds from the Elo ratings"
    return MatchOutcomeModel(
        fixtures=by_fixture, knockout=knockout, method=method, pairing_matches=matches
    )
