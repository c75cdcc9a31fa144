"""The end of a season: a knockout bracket from the top of the table, the champion, closing
the season and rolling it over into the next one with the same teams and rosters."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.db.models import Q

from games.errors import GamesError
from games.job_queue import dispatch_after_commit
from games.models import Result
from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.models import Fixture, Round, Season, StandingRow, Team
from league.services import season_create, season_enter_team, season_transition
from rosters.models import Player
from rosters.services import players_progress


def _lock_season(season: Season) -> Season:
    return (
        Season.objects.select_for_update(of=("self",))
        .select_related("league", "rules")
        .get(pk=season.pk)
    )


def _unplayed(season: Season, stage: str) -> int:
    return (
        Fixture.objects.filter(round__season=season, round__stage=stage)
        .exclude(status=Fixture.Status.PLAYED)
        .count()
    )


# --- may it run, and why not: the services refuse with these, the admin offers by them ------


def _playoff_seeds(season: Season) -> list[int]:
    """The top of the table, as many teams as the playoffs take (fewer if it is short)."""
    return list(
        StandingRow.objects.filter(season=season)
        .order_by("position")
        .values_list("team_id", flat=True)[: season.playoff_teams]
    )


def playoffs_start_refusal(*, season: Season) -> GamesError | None:
    """Why the playoffs may not start now (None: they may): a league season with playoffs,
    in its regular season, played out, with enough teams in its table."""
    if season.is_tournament:
        return GamesError(
            f"{season} is a tournament: its knockout is drawn from its groups.",
            code="tournament",
        )
    if season.playoff_teams < 2:
        return GamesError(
            f"{season} has no playoffs: close it to crown the table's leader.",
            code="no_playoffs",
        )
    if season.status != Season.Status.ACTIVE:
        return GamesError(f"{season} is not in its regular season.", code="bad_transition")
    left = _unplayed(season, Round.Stage.REGULAR)
    if left:
        return GamesError(
            f"{left} regular-season fixture{'s' if left > 1 else ''} still to play.",
            code="season_unfinished",
        )
    if len(_playoff_seeds(season)) < season.playoff_teams:
        return GamesError(
            f"{season} has fewer than {season.playoff_teams} teams.", code="too_few_teams"
        )
    return None


def playoffs_advance_refusal(*, season: Season) -> GamesError | None:
    """Why the knockout may not advance now (None: it may): a season in its playoffs with
    no champion yet, its latest knockout round played out."""
    if season.status != Season.Status.PLAYOFFS or season.champion_id:
        return GamesError(f"{season} has no playoff round to advance.", code="no_playoffs")
    current = Round.objects.filter(season=season, stage=Round.Stage.PLAYOFF).order_by("-number")
    if (latest := current.first()) is not None and _unplayed_round(latest):
        return GamesError(f"{latest} still has games to play.", code="round_unfinished")
    return None


def season_won_on_the_table(*, season: Season) -> bool:
    """A season without playoffs, or a tournament of one group without a knockout: its
    table's leader is its champion."""
    if season.is_tournament:
        return season.group_count == 1 and not season.group_qualifiers
    return season.playoff_teams < 2


def season_close_refusal(*, season: Season) -> GamesError | None:
    """Why the season may not close now (None: it may, as far as its play goes; the status
    change itself is league_services.season_transition's to refuse)."""
    if season.status == Season.Status.PLAYOFFS and not season.champion_id:
        return GamesError("The playoffs have no champion yet.", code="season_unfinished")
    if (
        season.status == Season.Status.ACTIVE
        and season.is_tournament
        and (season.group_qualifiers or not season.group_count)
    ):
        return GamesError(
            f"{season} is won in its knockout: advance to the knockout first.",
            code="season_unfinished",
        )
    if season.status == Season.Status.ACTIVE:
        left = _unplayed(season, Round.Stage.REGULAR)
        if left:
            return GamesError(
                f"{left} fixture{'s' if left > 1 else ''} still to play.",
                code="season_unfinished",
            )
    return None


def season_rollover_refusal(*, season: Season) -> GamesError | None:
    """Why the season may not roll over (None: it may): a league season, finished, and not
    rolled over already."""
    if season.is_tournament:
        return GamesError(f"{season} is a tournament: it does not roll over.", code="tournament")
    if season.status not in (Season.Status.FINISHED, Season.Status.ARCHIVED):
        return GamesError(f"Close {season} before rolling it over.", code="season_running")
    if Season.objects.filter(league=season.league, created_at__gt=season.created_at).exists():
        return GamesError(f"{season} has already been rolled over.", code="rolled_over")
    return None


def playoffs_start(*, season: Season, actor: Actor) -> Round:
    """The first knockout round: the top N of the table (N = the season's playoff teams),
    seed 1 against seed N and so on, the higher seed at home."""
    with transaction.atomic():
        # Locks the season: the bracket is drawn once.
        locked = _lock_season(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := playoffs_start_refusal(season=locked)) is not None:
            raise refusal
        rows = _playoff_seeds(locked)
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


def knockout_winner(result: Result, seeds: dict[int, int]) -> int:
    """A knockout game's winner; a drawn one (an overtime with no goal) goes to the higher
    seed (Decided: docs/rules-decisions.md)."""
    fixture = result.fixture
    if result.home_score != result.away_score:
        home_won = result.home_score > result.away_score
        return fixture.home_team_id if home_won else fixture.away_team_id
    return min((fixture.home_team_id, fixture.away_team_id), key=seeds.__getitem__)


def playoffs_advance(*, season: Season, actor: Actor) -> Round | Team:
    """After a complete knockout round, the next one (winners paired in bracket order, the
    higher seed at home) or, after the final, the champion."""
    with transaction.atomic():
        # Locks the season: each knockout round is drawn once.
        locked = _lock_season(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := playoffs_advance_refusal(season=locked)) is not None:
            raise refusal
        current = Round.objects.filter(season=locked, stage=Round.Stage.PLAYOFF).latest("number")
        seeds = knockout_seeds(locked)
        results = Result.objects.filter(fixture__round=current).select_related("fixture")
        winners = [knockout_winner(r, seeds) for r in results.order_by("fixture_id")]
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


def knockout_seeds(season: Season) -> dict[int, int]:
    """Team id → seed: the regular-season position, or a tournament's bracket seed (a team
    without one ranks last)."""
    seed = "bracket_seed" if season.is_tournament else "position"
    rows = StandingRow.objects.filter(season=season).values_list("team_id", seed)
    return {team: position or 10_000 for team, position in rows}


def _unplayed_round(round_: Round) -> bool:
    return round_.fixtures.exclude(status=Fixture.Status.PLAYED).exists()


def season_close(*, season: Season, actor: Actor) -> Season:
    """Close a season that is played out: the playoffs' champion, or without playoffs the
    leader of the table. A finished season takes no more results."""
    with transaction.atomic():
        # Locks the season: it closes once, with one champion.
        locked = _lock_season(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := season_close_refusal(season=locked)) is not None:
            raise refusal
        if locked.status == Season.Status.ACTIVE:
            leader = StandingRow.objects.filter(season=locked, position=1).first()
            locked.champion_id = leader.team_id if leader else None
            locked.save(update_fields=["champion"])
        dispatch_after_commit(season_id=locked.pk)  # a job still waiting is cancelled
        return season_transition(season=locked, to=Season.Status.FINISHED, actor=actor)


def season_rollover(*, season: Season, name: str, actor: Actor) -> Season:
    """The next season: the same teams and rosters and rules, as a draft ready for its
    schedule. Injuries go on counting down by games; nothing of a match (Hurt, Stunned)
    carries over; statuses follow the new season's progression settings (M-P5)."""
    with transaction.atomic():
        # Locks the old season: it rolls over once.
        locked = _lock_season(season)
        require_commissioner(user=actor, league=locked.league)
        if (refusal := season_rollover_refusal(season=locked)) is not None:
            raise refusal
        new = season_create(
            league=locked.league,
            name=name,
            actor=actor,
            double_round_robin=locked.double_round_robin,
        )
        new.playoff_teams = locked.playoff_teams
        new.days_between_rounds = locked.days_between_rounds
        new.save(update_fields=["playoff_teams", "days_between_rounds"])
        teams = Team.objects.filter(standings__season=locked)
        for team in teams:
            season_enter_team(season=new, team=team, actor=actor)
        players = Player.objects.filter(team__in=teams).filter(
            ~Q(roster_state__in=[Player.RosterState.RELEASED, Player.RosterState.RETIRED])
        )
        players_progress(
            player_ids=list(players.values_list("pk", flat=True)), settings=new.rules.to_engine()
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
