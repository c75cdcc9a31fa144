"""Arranging's reads: a fixture's proposals, what a user may do with them, and how many times
each fixture's kick-off was agreed (the calendar feed's SEQUENCE)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Count, Q, QuerySet

from league.access import Actor, is_coach, is_commissioner
from league.arranging.errors import ArrangingError
from league.arranging.models import Proposal
from league.models import Fixture, Season, Team
from league.selectors.coaching import TodoItem

#: A season past these takes no new arrangement.
CLOSED_SEASONS = (Season.Status.FINISHED, Season.Status.ARCHIVED)


def arrangement_refusal(*, fixture: Fixture) -> ArrangingError | None:
    """Why `fixture`'s kick-off can no longer be arranged (played, being played, its season
    over), or None. Reads the fixture's ``round.season`` and whether it has a result."""
    if fixture.status in (Fixture.Status.PLAYED, Fixture.Status.SIMULATING) or hasattr(
        fixture, "result"
    ):
        return ArrangingError(
            f"{fixture} is already played or being played: its kick-off is settled.",
            code="already_played",
        )
    if fixture.round.season.status in CLOSED_SEASONS:
        return ArrangingError(
            f"{fixture.round.season} is over: its fixtures are no longer arranged.",
            code="season_closed",
        )
    return None


def proposals_of(*, fixture: Fixture) -> QuerySet[Proposal]:
    """`fixture`'s proposals, newest first, with their times, side and people. Two queries."""
    return (
        Proposal.objects.filter(fixture=fixture)
        .select_related("team", "proposed_by", "closed_by")
        .prefetch_related("times")
    )


def sides_for(*, user: Actor, fixture: Fixture) -> list[Team]:
    """The fixture's sides `user` may arrange for: those he coaches, both for a commissioner
    of the league (on a side's behalf, as he may report its result)."""
    sides = [fixture.home_team, fixture.away_team]
    if user is None or not user.is_authenticated:
        return []
    if is_commissioner(user=user, league=fixture.round.season.league):
        return sides
    return [team for team in sides if is_coach(user=user, team=team)]


@dataclass
class Arrangement:
    """A fixture's arrangement as `user` sees it: the agreed kick-off (None until agreed),
    the open proposals, and what he may do."""

    fixture: Fixture
    kickoff: datetime | None
    open: list[Proposal]
    #: The sides he may propose for (none once the fixture is settled).
    sides: list[Team] = field(default_factory=list)
    #: The open proposals he may accept (the other side's) and withdraw (his side's).
    acceptable: set[int] = field(default_factory=set)
    withdrawable: set[int] = field(default_factory=set)
    refusal: ArrangingError | None = None

    @property
    def may_arrange(self) -> bool:
        return bool(self.sides) and self.refusal is None


def arrangement_for(*, fixture: Fixture, user: Actor) -> Arrangement:
    """What `fixture`'s page shows `user` of its arrangement: its open proposals only to
    those who may arrange it (for a visitor, only whether it has a result, unless loaded;
    then whether a signed-in user is a commissioner, and two for the proposals)."""
    refusal = arrangement_refusal(fixture=fixture)
    sides = sides_for(user=user, fixture=fixture) if refusal is None else []
    open_ = list(proposals_of(fixture=fixture).filter(state=Proposal.State.OPEN)) if sides else []
    side_ids = {team.pk for team in sides}
    both = {fixture.home_team_id, fixture.away_team_id}
    return Arrangement(
        fixture=fixture,
        kickoff=fixture.kickoff,
        open=open_,
        sides=sides,
        # The other side accepts: a side he arranges for that did not propose it.
        acceptable={p.pk for p in open_ if (both - {p.team_id}) & side_ids},
        withdrawable={p.pk for p in open_ if p.team_id in side_ids},
        refusal=refusal,
    )


def agreed_counts(*, fixture_ids: Iterable[int]) -> dict[int, int]:
    """How many times each fixture's kick-off was agreed (its accepted proposals), by fixture
    id; a fixture never agreed is absent. One query."""
    rows = (
        Proposal.objects.filter(fixture_id__in=list(fixture_ids), state=Proposal.State.ACCEPTED)
        .values("fixture_id")
        .annotate(agreed=Count("id"))
        .values_list("fixture_id", "agreed")
    )
    return dict(rows)


def proposals_to_answer(*, team_ids: Collection[int]) -> dict[int, list[Proposal]]:
    """The open proposals the other side made to each of `team_ids`' fixtures still to be
    arranged (not played, the season running), by the team that is to answer, oldest
    first: "My teams" lists each as a to-do. One query."""
    ids = list(team_ids)
    open_proposals = (
        Proposal.objects.filter(state=Proposal.State.OPEN)
        .filter(Q(fixture__home_team_id__in=ids) | Q(fixture__away_team_id__in=ids))
        .exclude(fixture__status__in=[Fixture.Status.PLAYED, Fixture.Status.SIMULATING])
        .exclude(fixture__round__season__status__in=CLOSED_SEASONS)
        .select_related("team", "fixture__home_team", "fixture__away_team")
        .order_by("created_at", "pk")
    )
    found: dict[int, list[Proposal]] = {}
    for proposal in open_proposals:
        fixture = proposal.fixture
        for side in (fixture.home_team_id, fixture.away_team_id):
            if side in ids and side != proposal.team_id:
                found.setdefault(side, []).append(proposal)
    return found


def arranging_todos(*, team_ids: Collection[int]) -> dict[int, list[TodoItem]]:
    """ "My teams"' to-dos of arranging, by team: answer each open proposal the other side
    made. The same for every game (league/selectors/coaching.py gathers the game's own).
    One query."""
    return {
        team_id: [
            TodoItem(
                "arrange",
                f"{proposal.team} proposed kick-off times for {proposal.fixture}",
                "fixture",
                (proposal.fixture_id,),
                "Answer",
            )
            for proposal in proposals
        ]
        for team_id, proposals in proposals_to_answer(team_ids=team_ids).items()
    }
