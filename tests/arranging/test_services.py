"""Arranging a match: a side proposes kick-off times, the other side accepts one (the
fixture's kick-off), a side withdraws; every refusal changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from league.arranging.models import Proposal, ProposedTime
from league.arranging.selectors import agreed_counts, arrangement_for
from league.arranging.services import proposal_accept, proposal_create, proposal_withdraw
from league.errors import DomainError, PermissionRefused
from league.models import AuditEntry, Fixture, Season
from league.page_versions import page_version

pytestmark = pytest.mark.django_db


#: Fixed once: each call gives the same time (days ahead of any test's run).
ANCHOR = (timezone.now() + timedelta(days=2)).replace(second=0, microsecond=0)


def soon(hours: int) -> datetime:
    return ANCHOR + timedelta(hours=hours)


def state(fixture: Fixture) -> tuple[object, ...]:
    fixture.refresh_from_db()
    return (
        fixture.kickoff,
        list(Proposal.objects.order_by("pk").values_list("pk", "state", "team_id")),
        ProposedTime.objects.filter(accepted=True).count(),
        AuditEntry.objects.count(),
    )


def test_home_proposes_two_times_and_away_accepts_one(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(3), soon(1)], actor=world.home_coach
    )
    times = list(proposal.times.all())
    assert [t.kickoff for t in times] == [soon(1), soon(3)]  # in order

    fixture = proposal_accept(proposal=proposal, time_id=times[1].pk, actor=world.away_coach)

    fixture.refresh_from_db()
    assert fixture.kickoff == soon(3)
    proposal.refresh_from_db()
    assert proposal.state == Proposal.State.ACCEPTED
    assert proposal.closed_by == world.away_coach
    assert agreed_counts(fixture_ids=[fixture.pk]) == {fixture.pk: 1}
    actions = list(AuditEntry.objects.values_list("action", flat=True).order_by("pk"))
    assert actions[-2:] == ["arranging.propose", "arranging.accept"]


def test_a_change_after_agreement_needs_both_again(world, match_day):
    first = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    proposal_accept(proposal=first, time_id=first.times.get().pk, actor=world.away_coach)

    again = proposal_create(
        fixture=match_day, team=world.away, times=[soon(5)], actor=world.away_coach
    )
    match_day.refresh_from_db()
    assert match_day.kickoff == soon(1)  # the agreed one stays until the home side accepts
    proposal_accept(proposal=again, time_id=again.times.get().pk, actor=world.home_coach)

    match_day.refresh_from_db()
    assert match_day.kickoff == soon(5)
    assert agreed_counts(fixture_ids=[match_day.pk]) == {match_day.pk: 2}


def test_a_new_proposal_supersedes_that_sides_open_one_only(world, match_day):
    home_old = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    away = proposal_create(
        fixture=match_day, team=world.away, times=[soon(2)], actor=world.away_coach
    )
    home_new = proposal_create(
        fixture=match_day, team=world.home, times=[soon(3)], actor=world.home_coach
    )
    states = dict(Proposal.objects.values_list("pk", "state"))
    assert states == {home_old.pk: "superseded", away.pk: "open", home_new.pk: "open"}

    proposal_accept(proposal=away, time_id=away.times.get().pk, actor=world.home_coach)
    # Agreement settles it: the other side's open proposal goes too.
    assert Proposal.objects.get(pk=home_new.pk).state == "superseded"


def test_a_commissioner_may_act_for_either_side(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.commissioner
    )
    proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=world.commissioner)
    match_day.refresh_from_db()
    assert match_day.kickoff == soon(1)


def test_withdrawing_closes_the_proposal(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    proposal_withdraw(proposal=proposal, actor=world.home_coach)
    proposal.refresh_from_db()
    assert proposal.state == Proposal.State.WITHDRAWN
    assert arrangement_for(fixture=match_day, user=world.away_coach).open == []


def test_each_write_bumps_the_leagues_page_version(world, match_day):
    before = page_version(league_id=world.league.pk)
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    proposed = page_version(league_id=world.league.pk)
    proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=world.away_coach)
    accepted = page_version(league_id=world.league.pk)
    if connection.vendor == "sqlite":  # PostgreSQL bumps at commit (league/page_versions.py)
        assert None not in (before, proposed, accepted)
        assert before < proposed < accepted  # type: ignore[operator]  # not None, above


@pytest.mark.parametrize(
    ("times", "message"),
    [
        ([], "one to 3"),
        ([1, 2, 3, 4], "one to 3"),
        ([-1], "in the future"),
        ([1, 1], "once"),
    ],
)
def test_bad_times_are_refused_and_change_nothing(world, match_day, times, message):
    before = state(match_day)
    at = [timezone.now() + timedelta(hours=h) if h < 0 else soon(h) for h in times]
    with pytest.raises(DomainError) as refused:
        proposal_create(fixture=match_day, team=world.home, times=at, actor=world.home_coach)
    assert refused.value.code == "invalid"
    assert refused.value.fields.keys() == {"times"}
    assert message in refused.value.message
    assert state(match_day) == before


def test_only_a_sides_coach_or_a_commissioner_proposes(world, match_day):
    before = state(match_day)
    for actor, team in [(world.away_coach, world.home), (world.outsider, world.away)]:
        with pytest.raises(PermissionRefused):
            proposal_create(fixture=match_day, team=team, times=[soon(1)], actor=actor)
    assert state(match_day) == before


def test_a_team_not_in_the_fixture_is_refused(world, match_day, make_league):
    _, other_season = make_league("Elsewhere")
    stranger = other_season.teams.first()
    before = state(match_day)
    with pytest.raises(DomainError) as refused:
        proposal_create(fixture=match_day, team=stranger, times=[soon(1)], actor=None)
    assert refused.value.code == "not_in_fixture"
    assert state(match_day) == before


def test_accepting_needs_the_other_side(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    before = state(match_day)
    for actor in (world.home_coach, world.outsider):
        with pytest.raises(PermissionRefused):
            proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=actor)
    assert state(match_day) == before


def test_only_its_side_withdraws(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    before = state(match_day)
    with pytest.raises(PermissionRefused):
        proposal_withdraw(proposal=proposal, actor=world.away_coach)
    assert state(match_day) == before


def test_a_closed_proposal_is_neither_accepted_nor_withdrawn(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    proposal_withdraw(proposal=proposal, actor=world.home_coach)
    before = state(match_day)
    with pytest.raises(DomainError) as accepting:
        proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=world.away_coach)
    with pytest.raises(DomainError) as withdrawing:
        proposal_withdraw(proposal=proposal, actor=world.home_coach)
    assert accepting.value.code == withdrawing.value.code == "proposal_closed"
    assert state(match_day) == before


def test_a_time_of_another_proposal_is_refused(world, match_day):
    mine = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    theirs = proposal_create(
        fixture=match_day, team=world.away, times=[soon(2)], actor=world.away_coach
    )
    before = state(match_day)
    with pytest.raises(DomainError) as refused:
        proposal_accept(proposal=mine, time_id=theirs.times.get().pk, actor=world.away_coach)
    assert (refused.value.code, list(refused.value.fields)) == ("invalid", ["time"])
    assert state(match_day) == before


def test_a_time_since_passed_is_refused(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    ProposedTime.objects.update(kickoff=timezone.now() - timedelta(minutes=1))
    before = state(match_day)
    with pytest.raises(DomainError) as refused:
        proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=world.away_coach)
    assert refused.value.code == "invalid"
    assert state(match_day) == before


def test_a_played_fixture_or_a_closed_season_is_not_arranged(world, match_day):
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[soon(1)], actor=world.home_coach
    )
    Fixture.objects.filter(pk=match_day.pk).update(status=Fixture.Status.PLAYED)
    before = state(match_day)
    with pytest.raises(DomainError) as played:
        proposal_create(fixture=match_day, team=world.home, times=[soon(2)], actor=None)
    with pytest.raises(DomainError) as accepting:
        proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=None)
    assert played.value.code == accepting.value.code == "already_played"
    Fixture.objects.filter(pk=match_day.pk).update(status=Fixture.Status.READY)
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.FINISHED)
    with pytest.raises(DomainError) as closed:
        proposal_create(fixture=match_day, team=world.home, times=[soon(2)], actor=None)
    assert closed.value.code == "season_closed"
    Fixture.objects.filter(pk=match_day.pk).update(status=Fixture.Status.PLAYED)
    assert state(match_day) == before
