"""The end of a season, for every game: closing it with its champion, and rolling it over
into the next one with the same teams (the league's ruleset carries the game's own state,
such as rosters, over); with the selectors saying whether each may run, and why not."""

from __future__ import annotations

from django.db import transaction

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.rosters import Rosters
from league.errors import LeagueError
from league.honours.services import season_awards_compute
from league.models import Round, Season, StandingRow, Team
from league.rulesets import ruleset_for
from league.services.divisions import divisions_carry_over
from league.services.playoffs import season_lock, unplayed_count
from league.services.seasons import (
    DIVISION_SETTINGS,
    season_create,
    season_enter_team,
    season_transition,
)


def season_won_on_the_table(*, season: Season) -> bool:
    """A season without playoffs, or a tournament of one group without a knockout: its
    table's leader is its champion."""
    if season.is_tournament:
        return season.group_count == 1 and not season.group_qualifiers
    return season.playoff_teams < 2


def season_close_refusal(*, season: Season) -> LeagueError | None:
    """Why the season may not close now (None: it may, as far as its play goes; the status
    change itself is league_services.season_transition's to refuse)."""
    if season.status == Season.Status.PLAYOFFS and not season.champion_id:
        return LeagueError("The playoffs have no champion yet.", code="season_unfinished")
    if (
        season.status == Season.Status.ACTIVE
        and season.is_tournament
        and (season.group_qualifiers or not season.group_count)
    ):
        return LeagueError(
            f"{season} is won in its knockout: advance to the knockout first.",
            code="season_unfinished",
        )
    if season.status == Season.Status.ACTIVE:
        left = unplayed_count(season, Round.Stage.REGULAR)
        if left:
            return LeagueError(
                f"{left} fixture{'s' if left > 1 else ''} still to play.",
                code="season_unfinished",
            )
    return None


def season_rollover_refusal(*, season: Season) -> LeagueError | None:
    """Why the season may not roll over (None: it may): a league season, finished, and not
    rolled over already."""
    if season.is_tournament:
        return LeagueError(f"{season} is a tournament: it does not roll over.", code="tournament")
    if season.status not in (Season.Status.FINISHED, Season.Status.ARCHIVED):
        return LeagueError(f"Close {season} before rolling it over.", code="season_running")
    if Season.objects.filter(league=season.league, created_at__gt=season.created_at).exists():
        return LeagueError(f"{season} has already been rolled over.", code="rolled_over")
    return None


def season_close(*, season: Season, actor: Actor) -> Season:
    """Close a season that is played out: the playoffs' champion, or without playoffs the
    leader of the table. A finished season takes no more results."""
    with transaction.atomic():
        # Locks the season: it closes once, with one champion.
        locked = season_lock(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := season_close_refusal(season=locked)) is not None:
            raise refusal
        if locked.status == Season.Status.ACTIVE:
            leader = StandingRow.objects.filter(season=locked, position=1).first()
            locked.champion_id = leader.team_id if leader else None
            locked.save(update_fields=["champion"])
        closed = season_transition(season=locked, to=Season.Status.FINISHED, actor=actor)
        capability(ruleset_for(locked.league), Rosters).season_closed(season=closed)
        # The season close names its award winners (league/honours, Honours.season_awards).
        season_awards_compute(season=closed, actor=actor)
        return closed


def season_rollover(*, season: Season, name: str, actor: Actor) -> Season:
    """The next season: the same teams and rules (and divisions), as a draft ready for its
    schedule; the
    league's ruleset carries the game's own state over (e.g. the rosters, whose
    statuses follow the new season's progression settings)."""
    with transaction.atomic():
        # Locks the old season: it rolls over once.
        locked = season_lock(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := season_rollover_refusal(season=locked)) is not None:
            raise refusal
        new = season_create(
            league=locked.league,
            name=name,
            actor=actor,
            double_round_robin=locked.double_round_robin,
        )
        carried = ["playoff_teams", "days_between_rounds", *sorted(DIVISION_SETTINGS)]
        for field in carried:
            setattr(new, field, getattr(locked, field))
        new.save(update_fields=carried)
        teams = list(Team.objects.filter(standings__season=locked))
        for team in teams:
            season_enter_team(season=new, team=team, actor=actor)
        divisions_carry_over(previous=locked, season=new)
        capability(ruleset_for(locked.league), Rosters).season_rolled_over(
            previous=locked, season=new, teams=teams, actor=actor
        )
        audit_record(
            actor=actor,
            action="season.rollover",
            obj=new,
            league=locked.league,
            message=f"{locked} rolled over into {new}",
            after={"teams": [t.pk for t in teams]},
        )
    return new
