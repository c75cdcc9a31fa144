"""Arranging's writes: a side proposes kick-off times, the other side accepts one (the
fixture's kick-off), a side withdraws its proposal. Each locks the fixture (two accepts of
one fixture never both win), refuses with an ``ArrangingError`` or ``PermissionRefused``
having changed nothing, and audits."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from league.access import ACTOR_COMMISSIONER, Actor
from league.arranging.errors import ArrangingError
from league.arranging.events import scheduled_event_publish
from league.arranging.models import MAX_TIMES, Proposal, ProposedTime
from league.arranging.selectors import arrangement_refusal
from league.audit import audit_record
from league.errors import PermissionRefused
from league.models import Fixture, Team
from league.selectors.fixtures import fixture_locked

_RELATED = ("home_team", "away_team")
_FORMAT = "%Y-%m-%d %H:%M %Z"


def _locked(fixture_id: int, actor: Actor) -> Fixture:
    # Locks the fixture: its proposals change one request at a time, so two accepts (or an
    # accept and a withdrawal) of one fixture never both win.
    fixture = fixture_locked(fixture_id=fixture_id, related=_RELATED, actor=actor)
    if (refusal := arrangement_refusal(fixture=fixture)) is not None:
        raise refusal
    return fixture


def _require_side(*, fixture: Fixture, team: Team, actor: Actor) -> None:
    """`actor` may act for `team`: its coach, a commissioner of the league (on its behalf,
    as he may report a result), or the server (None)."""
    if actor is None or getattr(fixture, ACTOR_COMMISSIONER, False):
        return
    if actor.is_authenticated and team.coach_id == actor.pk:
        return
    raise PermissionRefused(f"Only the coach of {team} or a commissioner may do this.")


def _side(fixture: Fixture, team_id: int) -> Team:
    for team in (fixture.home_team, fixture.away_team):
        if team.pk == team_id:
            return team
    raise ArrangingError(
        f"That team does not play in {fixture}.", code="not_in_fixture", field="team"
    )


def _times_checked(times: Sequence[datetime]) -> list[datetime]:
    now = timezone.now()
    if not 1 <= len(times) <= MAX_TIMES:
        problem = f"Propose one to {MAX_TIMES} kick-off times."
    elif any(timezone.is_naive(t) for t in times):
        problem = "Give each time with its time zone."
    elif any(t <= now for t in times):
        problem = "Propose times in the future."
    elif len(set(times)) != len(times):
        problem = "Propose each time once."
    else:
        return sorted(times)
    raise ArrangingError(problem, code="invalid", field="times")


def _user(actor: Actor) -> User | None:
    return actor if isinstance(actor, User) else None


def proposal_create(
    *, fixture: Fixture, team: Team, times: Sequence[datetime], actor: Actor
) -> Proposal:
    """`team`'s proposal of one to three kick-off `times` for `fixture` (its coach or a
    commissioner), each in the future and different; it supersedes that side's open one.
    The agreed kick-off, if any, stays until the other side accepts one of them."""
    with transaction.atomic():
        locked = _locked(fixture.pk, actor)
        side = _side(locked, team.pk)
        _require_side(fixture=locked, team=side, actor=actor)
        checked = _times_checked(times)
        now = timezone.now()
        superseded = Proposal.objects.filter(
            fixture=locked, team=side, state=Proposal.State.OPEN
        ).update(state=Proposal.State.SUPERSEDED, closed_at=now)
        proposal = Proposal.objects.create(fixture=locked, team=side, proposed_by=_user(actor))
        ProposedTime.objects.bulk_create(
            ProposedTime(proposal=proposal, kickoff=kickoff) for kickoff in checked
        )
        words = ", ".join(timezone.localtime(t).strftime(_FORMAT) for t in checked)
        audit_record(
            actor=actor,
            action="arranging.propose",
            obj=proposal,
            league=locked.round.season.league,
            message=f"{side} proposed kick-off {words} for {locked}"
            + (" (replacing its last proposal)" if superseded else ""),
            after={"times": [t.isoformat() for t in checked]},
        )
        return proposal


def _open_proposal(fixture: Fixture, proposal_id: int) -> Proposal:
    # Read again under the fixture's lock: the state it was fetched in may have changed.
    proposal = Proposal.objects.prefetch_related("times").get(pk=proposal_id, fixture=fixture)
    if proposal.state != Proposal.State.OPEN:
        raise ArrangingError(
            f"This proposal is {proposal.get_state_display().lower()}: it can no longer "
            "be accepted or withdrawn.",
            code="proposal_closed",
        )
    return proposal


def proposal_accept(*, proposal: Proposal, time_id: int, actor: Actor) -> Fixture:
    """The other side accepts `proposal`'s time `time_id` (its coach or a commissioner): it
    becomes the fixture's kick-off, every other open proposal of the fixture is superseded,
    and ``fixture.scheduled`` is published. Returns the fixture."""
    with transaction.atomic():
        fixture = _locked(proposal.fixture_id, actor)
        locked = _open_proposal(fixture, proposal.pk)
        other = fixture.away_team if locked.team_id == fixture.home_team_id else fixture.home_team
        _require_side(fixture=fixture, team=other, actor=actor)
        chosen = next((t for t in locked.times.all() if t.pk == time_id), None)
        if chosen is None:
            raise ArrangingError(
                "Choose one of the proposal's times.", code="invalid", field="time"
            )
        if chosen.kickoff <= timezone.now():
            raise ArrangingError(
                "That time has passed: propose another.", code="invalid", field="time"
            )
        before = fixture.kickoff
        now = timezone.now()
        ProposedTime.objects.filter(pk=chosen.pk).update(accepted=True)
        Proposal.objects.filter(pk=locked.pk).update(
            state=Proposal.State.ACCEPTED, closed_at=now, closed_by=_user(actor)
        )
        Proposal.objects.filter(fixture=fixture, state=Proposal.State.OPEN).update(
            state=Proposal.State.SUPERSEDED, closed_at=now
        )
        fixture.kickoff = chosen.kickoff
        fixture.save(update_fields=["kickoff", "updated_at"])
        sequence = Proposal.objects.filter(fixture=fixture, state=Proposal.State.ACCEPTED).count()
        audit_record(
            actor=actor,
            action="arranging.accept",
            obj=fixture,
            league=fixture.round.season.league,
            message=f"{other} accepted {locked.team}'s kick-off "
            f"{timezone.localtime(chosen.kickoff).strftime(_FORMAT)} for {fixture}",
            before={"kickoff": before.isoformat() if before else None},
            after={"kickoff": chosen.kickoff.isoformat(), "proposal": locked.pk},
        )
        scheduled_event_publish(fixture=fixture, sequence=sequence)
        return fixture


def proposal_withdraw(*, proposal: Proposal, actor: Actor) -> Proposal:
    """Its side withdraws `proposal` (its coach or a commissioner), while it is open."""
    with transaction.atomic():
        fixture = _locked(proposal.fixture_id, actor)
        locked = _open_proposal(fixture, proposal.pk)
        side = _side(fixture, locked.team_id)
        _require_side(fixture=fixture, team=side, actor=actor)
        locked.state = Proposal.State.WITHDRAWN
        locked.closed_at = timezone.now()
        locked.closed_by = _user(actor)
        locked.save(update_fields=["state", "closed_at", "closed_by"])
        audit_record(
            actor=actor,
            action="arranging.withdraw",
            obj=locked,
            league=fixture.round.season.league,
            message=f"{side} withdrew its kick-off proposal for {fixture}",
        )
        return locked
