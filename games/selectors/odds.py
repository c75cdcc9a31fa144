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
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from league.models import Fixture, Season, Team
from league.odds.model import MatchOutcomeModel, RatingModel, rating_model_for
from league.odds.models import PairingOdds
from rules.magnoball.match_result import TeamSheet
from rules.magnoball.settings import RuleSettings
from rules.magnoball.simulator import simulate_match
from rules.magnoball.snapshot import Side
from rules.magnoball.version import ENGINE_VERSION
from rules.odds import MatchOdds, Outcome

from .team_sheets import team_sheet, team_sheets

#: A dataclass's field names, by its type: dataclasses.fields costs more than the rest of a
#: field's writing, and a season's sheets hold some 700 dataclasses of a few types.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_SCALARS = (str, int, float, bool, type(None))


def _plain(value: Any) -> Any:
    """A JSON-able value whose text never depends on set order or hash seeds."""
    kind = type(value)
    if kind in _SCALARS:  # exact types: an enum member derived from str is not one
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES.get(kind)
        if names is None:
            names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(value))
        return {name: _plain(getattr(value, name)) for name in names}
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if isinstance(value, Mapping):
        return sorted([str(_plain(k)), _plain(v)] for k, v in value.items())
    if isinstance(value, set | frozenset):
        return sorted(str(_plain(v)) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _json(value: Any) -> str:
    return json.dumps(_plain(value), sort_keys=True)


def _version(*parts: str) -> str:
    # The text json.dumps([...], sort_keys=True) gives for the list of the parts: a list's
    # items are written one by one, so a season's sheets are each turned to text once.
    return hashlib.sha256(f"[{', '.join(parts)}]".encode()).hexdigest()


def pairing_version(*, home: TeamSheet, away: TeamSheet, settings: RuleSettings) -> str:
    """The digest of everything a simulated match of the pairing depends on."""
    return _version(json.dumps(ENGINE_VERSION), _json(settings), _json(home), _json(away))


class _Sheets:
    """The season's team sheets, each team built (and written as text) once per side: a
    season's ~380 pairings share its 40 sheets."""

    def __init__(self, season: Season) -> None:
        self.settings = season.rules.to_engine()
        self.teams = {team.pk: team for team in Team.objects.filter(standings__season=season)}
        self._sheets: dict[tuple[int, Side], TeamSheet] = {}
        self._texts: dict[tuple[int, Side], str] = {}
        self._prefix = (json.dumps(ENGINE_VERSION), _json(self.settings))

    def team(self, team_id: int) -> Team:
        if team_id not in self.teams:
            self.teams[team_id] = Team.objects.get(pk=team_id)
        return self.teams[team_id]

    def load(self, team_ids: Collection[int]) -> None:
        """Every side's sheet of each of `team_ids`, in three queries for them all."""
        teams = [self.team(team_id) for team_id in sorted(team_ids)]
        self._sheets.update(team_sheets(teams=teams, settings=self.settings))

    def sheet(self, team_id: int, side: Side) -> TeamSheet:
        key = (team_id, side)
        if key not in self._sheets:
            self._sheets[key] = team_sheet(
                team=self.team(team_id), settings=self.settings, side=side
            )
        return self._sheets[key]

    def _text(self, team_id: int, side: Side) -> str:
        key = (team_id, side)
        if key not in self._texts:
            self._texts[key] = _json(self.sheet(team_id, side))
        return self._texts[key]

    def version(self, home: int, away: int) -> str:
        """`pairing_version` of the pairing's two sheets."""
        return _version(*self._prefix, self._text(home, Side.HOME), self._text(away, Side.AWAY))


def odds_pairings(*, season: Season, fixtures: Sequence[Fixture]) -> dict[tuple[int, int], str]:
    """Every remaining (home, away) pairing with its version now."""
    sheets = _Sheets(season)
    pairs = {(f.home_team_id, f.away_team_id) for f in fixtures}
    sheets.load({team for pair in pairs for team in pair})
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
    return sheets.version(home, away), outcomes


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
