"""Fetch a games object for the user of an HTML page or the API, and check what they may do
with it (as games/api/access.py does for the API's writes): not found unless its league is visible
to them, then refused unless they may act. The services check rights again under their
locks; these answer first, in the right order, and keep the views thin."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404

from games.models import Inspection, SimulationJob, TableInspection
from games.selectors import (
    SimulationJobStatus,
    rolling_team,
    simulation_job_status,
    simulation_jobs_visible,
)
from league.access import (
    Actor,
    FixtureRoles,
    is_coach,
    is_commissioner,
    require_result_reporter,
)
from league.errors import PermissionRefused
from league.models import Fixture, League
from league.selectors.fixtures import fixture_for_page
from league.selectors.leagues import league_visible_q

AnyUser = User | AnonymousUser


def access_fixture(*, user: AnyUser, fixture_id: int) -> Fixture:
    """A fixture with everything its page names, if its league is visible to `user`."""
    try:
        return fixture_for_page(fixture_id=fixture_id, user=user)
    except Fixture.DoesNotExist as missing:
        raise Http404("No such fixture, or its league is private.") from missing


def access_fixture_for_report(*, user: AnyUser, fixture_id: int) -> Fixture:
    """A visible fixture whose result `user` may report (league/access.py)."""
    fixture = access_fixture(user=user, fixture_id=fixture_id)
    require_result_reporter(user=user, fixture=fixture)
    return fixture


def sides_for(*, user: Actor, table_inspection: TableInspection) -> list[str]:
    """The rolls still missing that `user` may enter: his team's, or all for a commissioner."""
    league = table_inspection.fixture.round.season.league
    commissioner = is_commissioner(user=user, league=league)
    return [
        side
        for side in table_inspection.missing()
        if commissioner
        or is_coach(user=user, team=rolling_team(table_inspection=table_inspection, side=side))
    ]


def access_table_inspection_for_roll(
    *, user: AnyUser, table_inspection_id: int
) -> tuple[TableInspection, list[str]]:
    """An inspection rolled at the table (M-E2) and the sides `user` may enter; refused when
    rolls are missing but none is his to enter (none left: an empty list)."""
    table_inspection = (
        TableInspection.objects.select_related(
            "player__team",
            "fixture__round__season__league",
            "fixture__home_team",
            "fixture__away_team",
        )
        .filter(pk=table_inspection_id)
        .first()
    )
    if table_inspection is None:
        raise Http404("No such inspection.")
    sides = sides_for(user=user, table_inspection=table_inspection)
    if not sides and table_inspection.missing():
        raise PermissionRefused(
            f"Only the coaches of {table_inspection.fixture} (each his own roll) or a "
            f"commissioner enter the inspection rolls for {table_inspection.player}."
        )
    return table_inspection, sides


def inspecting_team_id(*, inspection: Inspection, fixture: Fixture) -> int:
    """The opposing team of `fixture` (the inspection's), whose coach decides (M-E2)."""
    owner = inspection.enhancement.player.team_id
    return fixture.away_team_id if owner == fixture.home_team_id else fixture.home_team_id


def may_decide(*, roles: FixtureRoles, inspection: Inspection) -> bool:
    """M-E2: the opposing coach decides a detection, or a commissioner for him; never the
    coach whose enhancement it is. No query beyond the roles' own (the page's fixture)."""
    inspector = inspecting_team_id(inspection=inspection, fixture=roles.fixture)
    return roles.commissioner or any(team.pk == inspector for team in roles.coach_of)


def access_inspection_for_decision(*, user: AnyUser, inspection_id: int) -> Inspection:
    """A detection awaiting its decision that `user` may decide (refused, saying who may,
    otherwise); not found unless its league is visible to `user`."""
    inspection = (
        Inspection.objects.select_related(
            "enhancement__player__team",
            "fixture__round__season__league",
            "fixture__home_team",
            "fixture__away_team",
        )
        .filter(pk=inspection_id, fixture__round__season__league__in=_visible_leagues(user))
        .first()
    )
    if inspection is None:
        raise Http404("No such inspection, or its league is private.")
    fixture = inspection.fixture
    if not may_decide(roles=FixtureRoles(user=user, fixture=fixture), inspection=inspection):
        inspector = (
            fixture.home_team
            if inspecting_team_id(inspection=inspection, fixture=fixture) == fixture.home_team_id
            else fixture.away_team
        )
        raise PermissionRefused(
            f"Only the coach of {inspector} (the opposing team) or a commissioner decides "
            f"whether {inspection.enhancement.get_kind_display()} on "
            f"{inspection.enhancement.player} may play."
        )
    return inspection


def _visible_leagues(user: AnyUser) -> list[int]:
    return list(League.objects.filter(league_visible_q(user=user)).values_list("pk", flat=True))


def access_job_status(*, user: AnyUser, job_id: int) -> SimulationJobStatus:
    """A simulation job's state and progress; a job of a league `user` may not see is not
    found, as one that does not exist."""
    if not simulation_jobs_visible(user=user).filter(pk=job_id).exists():
        raise Http404("No such job.")
    try:
        return simulation_job_status(job_id=job_id)
    except SimulationJob.DoesNotExist as missing:
        raise Http404("No such job.") from missing
