"""The honours' writes: a season's awards named (at close, or recomputed by a commissioner)
and its MVP vote opened, voted in and closed. Each owns its transaction and audits."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.honours import Honours
from league.errors import LeagueError, PermissionRefused
from league.honours.awards import AwardWinner, Holder
from league.honours.models import MvpBallot, MvpVote, SeasonAward
from league.honours.selectors import (
    mvp_ballot_refusal,
    mvp_close_refusal,
    mvp_open_refusal,
    mvp_tally,
)
from league.models import Season
from league.rulesets import ruleset_for

#: The MVP award's key: named by the coaches' vote, not by the game's figures.
MVP = "mvp"
#: How long a vote stays open unless the commissioner says otherwise.
MVP_DAYS = 7


def _lock(season: Season) -> Season:
    return Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)


def _rows(season: Season, winners: list[AwardWinner]) -> list[SeasonAward]:
    return [
        SeasonAward(
            season=season,
            award=winner.award,
            title=winner.title,
            holder=winner.who.holder,
            name=winner.who.name,
            url=winner.who.url,
            team=winner.who.team,
            figure=winner.figure,
            text=winner.text,
            shared=winner.shared,
        )
        for winner in winners
    ]


def season_awards_compute(*, season: Season, actor: Actor) -> list[SeasonAward]:
    """Name `season`'s award winners by its game (``Honours.season_awards``), replacing any
    named before: closing or recomputing twice gives the same rows, never doubled. The MVP
    award is the vote's and stays. A commissioner's (or the server's) step, once the season
    is finished; season_close calls it in its own transaction."""
    with transaction.atomic():
        # Locks the season: one naming at a time, so two never interleave their rows.
        locked = _lock(season)
        require_commissioner(user=actor, league=locked.league)
        if locked.status not in (Season.Status.FINISHED, Season.Status.ARCHIVED):
            raise LeagueError(
                f"{locked} is not finished: its awards are named when it closes.",
                code="season_running",
            )
        winners = list(capability(ruleset_for(locked.league), Honours).season_awards(season=locked))
        old = SeasonAward.objects.filter(season=locked).exclude(award=MVP)
        before = sorted(f"{a.award}: {a.name}" for a in old)
        old.delete()
        rows = SeasonAward.objects.bulk_create(_rows(locked, winners))
        after = sorted(f"{a.award}: {a.name}" for a in rows)
        if before != after:
            audit_record(
                actor=actor,
                action="season.awards",
                obj=locked,
                league=locked.league,
                message=f"{locked}'s awards named: {len(rows)} winner{'s' * (len(rows) != 1)}",
                before={"awards": before} if before else None,
                after={"awards": after},
            )
        return rows


def mvp_vote_open(*, season: Season, actor: Actor, days: int = MVP_DAYS) -> MvpVote:
    """Open `season`'s MVP vote for `days` (a commissioner; the playoffs or after close;
    the game names players to vote for)."""
    with transaction.atomic():
        # Locks the season: its vote opens once.
        locked = _lock(season)
        require_commissioner(user=actor, league=locked.league)
        if not 1 <= days <= 60:
            raise LeagueError("A vote stays open 1 to 60 days.", code="invalid", field="days")
        if (refusal := mvp_open_refusal(season=locked)) is not None:
            raise refusal
        vote = MvpVote.objects.create(
            season=locked,
            opened_by=actor if isinstance(actor, User) else None,
            closes_at=timezone.now() + timedelta(days=days),
        )
        audit_record(
            actor=actor,
            action="mvp.open",
            obj=vote,
            league=locked.league,
            message=f"MVP vote of {locked} opened until {vote.closes_at:%Y-%m-%d %H:%M} UTC",
        )
        return vote


def mvp_vote_cast(*, season: Season, coach: User, holder: str) -> MvpBallot:
    """`coach`'s vote for `holder` (one of ``Honours.mvp_candidates``, not of his own
    teams) in `season`'s open MVP vote: his one ballot, made or changed. The ballot's
    unique constraint keeps one per coach even when two of his requests race."""
    with transaction.atomic():
        # Locks the vote: a ballot cast while the commissioner closes it is counted or
        # refused, never lost.
        vote = (
            MvpVote.objects.select_for_update()
            .select_related("season__league")
            .filter(season=season)
            .first()
        )
        if (refusal := mvp_ballot_refusal(season=season, vote=vote, coach=coach)) is not None:
            raise refusal
        assert vote is not None  # the refusal says when there is none
        candidates = {
            c.holder: c
            for c in capability(ruleset_for(vote.season.league), Honours).mvp_candidates(
                season=vote.season
            )
        }
        chosen: Holder | None = candidates.get(holder)
        if chosen is None or chosen.team is None:
            raise LeagueError(
                "Pick a player who played this season.", code="invalid", field="holder"
            )
        if chosen.team.coach_id == coach.pk:
            raise PermissionRefused(
                "You may not vote for a player of your own team.", code="own_team"
            )
        values = {"holder": chosen.holder, "name": chosen.name, "url": chosen.url}
        try:
            with transaction.atomic():
                ballot, created = MvpBallot.objects.update_or_create(
                    vote=vote, coach=coach, defaults={**values, "team": chosen.team}
                )
        except IntegrityError:  # his other request made it first: change that one
            ballot = MvpBallot.objects.get(vote=vote, coach=coach)
            created = False
            for name, value in values.items():
                setattr(ballot, name, value)
            ballot.team = chosen.team
            ballot.save(update_fields=[*values, "team", "cast_at"])
        audit_record(
            actor=coach,
            action="mvp.vote",
            obj=ballot,
            league=vote.season.league,
            message=f"{coach} {'voted' if created else 'changed his vote to'} {chosen.name}",
            after={"holder": chosen.holder},
        )
        return ballot


def mvp_vote_close(*, season: Season, actor: Actor) -> list[SeasonAward]:
    """Close `season`'s MVP vote (a commissioner) and name its winner: the most votes; a tie
    is shared, as every award's (league.honours.awards). No ballot: no MVP."""
    with transaction.atomic():
        # Locks the vote: it closes once, after the last ballot it counts.
        vote = (
            MvpVote.objects.select_for_update()
            .select_related("season__league")
            .filter(season=season)
            .first()
        )
        require_commissioner(user=actor, league=season.league)
        if (refusal := mvp_close_refusal(vote=vote)) is not None:
            raise refusal
        assert vote is not None
        vote.closed_at = timezone.now()
        vote.closed_by = actor if isinstance(actor, User) else None
        vote.save(update_fields=["closed_at", "closed_by"])
        tally = mvp_tally(vote=vote)
        best = tally[0][1] if tally else 0
        top = [line for line in tally if line[1] == best and best > 0]
        SeasonAward.objects.filter(season=vote.season, award=MVP).delete()
        rows = SeasonAward.objects.bulk_create(
            SeasonAward(
                season=vote.season,
                award=MVP,
                title="MVP (the coaches' vote)",
                holder=who.holder,
                name=who.name,
                url=who.url,
                team=who.team,
                figure=votes,
                text=f"{votes} vote{'s' * (votes != 1)} of {len(vote.ballots.all())}",
                shared=len(top) > 1,
            )
            for who, votes in top
        )
        audit_record(
            actor=actor,
            action="mvp.close",
            obj=vote,
            league=vote.season.league,
            message=f"MVP vote of {vote.season} closed: "
            + (", ".join(row.name for row in rows) or "no ballots, no MVP"),
        )
        return rows
