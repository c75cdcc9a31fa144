"""Opening rounds, for every game: which round opens next, why one may not open now, and the
core's opening (its fixtures ready to play). A game with a match day of its own (e.g.
pre-match inspections) builds on the same refusal through its ruleset's
``round_open``."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.admin_season import SeasonAdminParts
from league.errors import LeagueError
from league.models import Fixture, Round, Season
from league.rulesets import ruleset_for
from league.webhooks.services.events import round_event_publish

_ROUND_SEASON_STATUS = {
    Round.Stage.REGULAR: Season.Status.ACTIVE,
    Round.Stage.PLAYOFF: Season.Status.PLAYOFFS,
}


def round_open_refusal(*, round_: Round) -> LeagueError | None:
    """Why the round may not open now (None: it may): it is not open yet, its stage is the
    season's (the regular season's rounds while it is active, the knockout's in its
    playoffs), and rounds open in order."""
    season = round_.season
    if round_.status != Round.Status.SCHEDULED:
        return LeagueError(f"{round_} of {season} is already open.", code="round_open")
    if season.status != _ROUND_SEASON_STATUS[Round.Stage(round_.stage)]:
        return LeagueError(
            f"{season} is {season.get_status_display().lower()}; {round_} cannot open.",
            code="season_not_running",
        )
    earlier = Round.objects.filter(season=season, number__lt=round_.number)
    if earlier.filter(status=Round.Status.SCHEDULED).exists():
        return LeagueError(
            "Rounds open in order: open the earlier rounds first.", code="earlier_round_closed"
        )
    return None


def round_next_to_open(*, season: Season) -> Round | None:
    """The season's next round to open: the first not open yet."""
    return season.rounds.filter(status=Round.Status.SCHEDULED).order_by("number").first()


def round_lock(*, round_: Round) -> Round:
    """`round_` locked for opening (the caller holds the transaction), with its season and
    league."""
    return (
        Round.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=round_.pk)
    )


def round_opened(*, round_: Round, actor: Actor) -> None:
    """Mark the locked `round_` open now and audit it (the caller holds its lock)."""
    round_.status = Round.Status.OPEN
    round_.opened_at = timezone.now()
    round_.save(update_fields=["status", "opened_at"])
    season = round_.season
    audit_record(
        actor=actor,
        action="round.open",
        obj=round_,
        league=season.league,
        message=f"{round_} of {season} opened",
    )
    round_event_publish(round_=round_)


def round_open(*, round_: Round, actor: Actor) -> Round:
    """Open a round of any game: by the game's own match day where it has one (its ruleset's
    ``round_open``), else by the core (commissioners only; refused
    by :func:`round_open_refusal`): every fixture of the round becomes ready to play."""
    league = Round.objects.select_related("season__league").get(pk=round_.pk).season.league
    opened = capability(ruleset_for(league), SeasonAdminParts).round_open(
        round_=round_, actor=actor
    )
    if opened is not None:
        return opened
    with transaction.atomic():
        # Locks the round: it is opened exactly once, in order.
        locked = round_lock(round_=round_)
        require_commissioner(user=actor, league=locked.season.league)
        if (refusal := round_open_refusal(round_=locked)) is not None:
            raise refusal
        locked.fixtures.filter(status=Fixture.Status.SCHEDULED).update(
            status=Fixture.Status.READY, updated_at=timezone.now()
        )
        round_opened(round_=locked, actor=actor)
    return locked
