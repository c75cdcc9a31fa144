"""Playoffs, for every game: a knockout bracket from the top of the table (or a tournament's
groups, league/services/tournaments.py), round after round to the champion. Closing the season and
rolling it over are league/services/season_end.py."""

from __future__ import annotations

import datetime

from django.db import transaction

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.errors import LeagueError
from league.models import Fixture, Result, Round, Season, StandingRow, Team
from league.rulesets import ruleset_for
from league.selectors.divisions import division_playoff_seeds, season_has_divisions
from league.selectors.knockout import knockout_seeds, knockout_winner
from league.services.divisions import division_problems_refusal
from league.services.seasons import season_transition


def season_lock(season: Season) -> Season:
    """The season, locked for its end's services (playoffs, close, rollover)."""
    return Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)


def unplayed_count(season: Season, stage: str) -> int:
    """How many of the season's fixtures of `stage` have no result yet."""
    return (
        Fixture.objects.filter(round__season=season, round__stage=stage)
        .exclude(status=Fixture.Status.PLAYED)
        .count()
    )


# --- may it run, and why not: the services refuse with these, the admin offers by them ------


def _playoff_seeds(season: Season) -> list[int]:
    """The top of the table, as many teams as the playoffs take (fewer if it is short); a
    season in divisions: its division winners, then its wild cards
    (league/selectors/divisions.py)."""
    if season_has_divisions(season=season):
        return [team for team, _ in division_playoff_seeds(season=season)]
    return list(
        StandingRow.objects.filter(season=season)
        .order_by("position")
        .values_list("team_id", flat=True)[: season.playoff_teams]
    )


def playoffs_start_refusal(*, season: Season) -> LeagueError | None:
    """Why the playoffs may not start now (None: they may): a league season with playoffs,
    in its regular season, played out, with enough teams in its table."""
    if season.is_tournament:
        return LeagueError(
            f"{season} is a tournament: its knockout is drawn from its groups.",
            code="tournament",
        )
    if season.playoff_teams < 2:
        return LeagueError(
            f"{season} has no playoffs: close it to crown the table's leader.",
            code="no_playoffs",
        )
    if season.status != Season.Status.ACTIVE:
        return LeagueError(f"{season} is not in its regular season.", code="bad_transition")
    if (refusal := division_problems_refusal(season=season)) is not None:
        return refusal
    left = unplayed_count(season, Round.Stage.REGULAR)
    if left:
        return LeagueError(
            f"{left} regular-season fixture{'s' if left > 1 else ''} still to play.",
            code="season_unfinished",
        )
    if len(_playoff_seeds(season)) < season.playoff_teams:
        return LeagueError(
            f"{season} has fewer than {season.playoff_teams} teams.", code="too_few_teams"
        )
    return None


def playoffs_advance_refusal(*, season: Season) -> LeagueError | None:
    """Why the knockout may not advance now (None: it may): a season in its playoffs with
    no champion yet, its latest knockout round played out."""
    if season.status != Season.Status.PLAYOFFS or season.champion_id:
        return LeagueError(f"{season} has no playoff round to advance.", code="no_playoffs")
    current = Round.objects.filter(season=season, stage=Round.Stage.PLAYOFF).order_by("-number")
    if (latest := current.first()) is not None and _unplayed_round(latest):
        return LeagueError(f"{latest} still has games to play.", code="round_unfinished")
    return None


def playoffs_start(*, season: Season, actor: Actor) -> Round:
    """The first knockout round: the top N of the table (N = the season's playoff teams),
    seed 1 against seed N and so on, the higher seed at home."""
    with transaction.atomic():
        # Locks the season: the bracket is drawn once.
        locked = season_lock(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := playoffs_start_refusal(season=locked)) is not None:
            raise refusal
        rows = _playoff_seeds(locked)
        if season_has_divisions(season=locked):
            # The bracket's seeds are not the table's positions: record them for the rounds
            # after (knockout_seeds).
            _bracket_seeds_record(locked, rows)
        season_transition(season=locked, to=Season.Status.PLAYOFFS, actor=actor)
        pairs = [(rows[i], rows[-1 - i]) for i in range(len(rows) // 2)]
        first = knockout_round_create(season=locked, pairs=pairs)
        audit_record(
            actor=actor,
            action="season.playoffs",
            obj=locked,
            league=locked.league,
            message=f"Playoffs: top {len(rows)}",
            after={"seeds": rows},
        )
    return first


def knockout_round_create(*, season: Season, pairs: list[tuple[int, int]]) -> Round:
    """The next knockout round with its (home, away) fixtures. A tournament's rounds keep
    its calendar (the day after its last round, or the same day when it plays on one day).
    The caller holds the season's lock."""
    last = Round.objects.filter(season=season).order_by("-number").first()
    starts_on = None
    if season.is_tournament and last is not None and last.starts_on is not None:
        starts_on = last.starts_on + datetime.timedelta(days=season.days_between_rounds)
    round_ = Round.objects.create(
        season=season,
        number=(last.number if last else 0) + 1,
        stage=Round.Stage.PLAYOFF,
        starts_on=starts_on,
    )
    Fixture.objects.bulk_create(
        Fixture(round=round_, home_team_id=home, away_team_id=away) for home, away in pairs
    )
    return round_


def playoffs_advance(*, season: Season, actor: Actor) -> Round | Team:
    """After a complete knockout round, the next one (winners paired in bracket order, the
    higher seed at home) or, after the final, the champion."""
    with transaction.atomic():
        # Locks the season: each knockout round is drawn once.
        locked = season_lock(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := playoffs_advance_refusal(season=locked)) is not None:
            raise refusal
        current = Round.objects.filter(season=locked, stage=Round.Stage.PLAYOFF).latest("number")
        seeds = knockout_seeds(locked)
        results = Result.objects.filter(fixture__round=current).select_related("fixture")
        level = capability(ruleset_for(locked.league), TableExtras).table_level_winners(
            season=locked
        )
        winners = [knockout_winner(r, seeds, level) for r in results.order_by("fixture_id")]
        if len(winners) == 1:
            champion = Team.objects.get(pk=winners[0])
            locked.champion = champion
            locked.save(update_fields=["champion"])
            audit_record(
                actor=actor,
                action="season.champion",
                obj=locked,
                league=locked.league,
                message=f"{champion} are the champions",
                after={"champion": champion.pk},
            )
            return champion
        pairs = [
            tuple(sorted((winners[i], winners[-1 - i]), key=seeds.__getitem__))
            for i in range(len(winners) // 2)
        ]
        next_round = knockout_round_create(
            season=locked, pairs=[(home, away) for home, away in pairs]
        )
        audit_record(
            actor=actor,
            action="season.playoffs_advance",
            obj=locked,
            league=locked.league,
            message=f"{next_round} drawn",
        )
    return next_round


def _bracket_seeds_record(season: Season, teams: list[int]) -> None:
    """Store the playoff seeds of a season in divisions (1 for `teams[0]`, and so on)."""
    rows = list(StandingRow.objects.filter(season=season))
    seeds = {team: number for number, team in enumerate(teams, start=1)}
    for row in rows:
        row.bracket_seed = seeds.get(row.team_id)
    StandingRow.objects.bulk_update(rows, ["bracket_seed"])


def _unplayed_round(round_: Round) -> bool:
    return round_.fixtures.exclude(status=Fixture.Status.PLAYED).exists()
