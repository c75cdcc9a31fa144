"""Fetch an Arenaball object for a page's user: not found unless its league plays Arenaball
and is visible to the user; refused unless he may act on it (the services check again under
their locks)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404

from arenaball.models import Character, Design
from league.access import is_coach, is_commissioner, require_coach_or_commissioner
from league.models import Fixture, League, Team
from league.selectors.leagues import league_visible_q

AnyUser = User | AnonymousUser
KEY = "arenaball"


def _visible(user: AnyUser) -> object:
    return League.objects.filter(league_visible_q(user=user), ruleset=KEY).values("pk")


def access_team(*, user: AnyUser, team_id: int) -> Team:
    team = (
        Team.objects.select_related("league", "coach")
        .filter(league__in=_visible(user), pk=team_id)
        .first()
    )
    if team is None:
        raise Http404("No such team, or its league is private.")
    return team


def access_team_to_manage(*, user: AnyUser, team_id: int) -> Team:
    """A team its coach (or a commissioner) manages: designs, cars, characters."""
    team = access_team(user=user, team_id=team_id)
    require_coach_or_commissioner(user=user, team=team)
    return team


def may_manage(*, user: AnyUser, team: Team) -> bool:
    return is_coach(user=user, team=team) or is_commissioner(user=user, league=team.league)


def access_design(*, user: AnyUser, design_id: int) -> Design:
    design = (
        Design.objects.select_related("team__league")
        .filter(team__league__in=_visible(user), pk=design_id)
        .first()
    )
    if design is None:
        raise Http404("No such design, or its league is private.")
    return design


def access_character(*, user: AnyUser, character_id: int) -> Character:
    character = (
        Character.objects.select_related("team__league", "died_in__home_team", "died_in__away_team")
        .filter(team__league__in=_visible(user), pk=character_id)
        .first()
    )
    if character is None:
        raise Http404("No such character, or his league is private.")
    return character


def access_fixture(*, user: AnyUser, fixture_id: int) -> Fixture:
    fixture = (
        Fixture.objects.select_related("round__season__league", "home_team", "away_team")
        .filter(round__season__league__in=_visible(user), pk=fixture_id)
        .first()
    )
    if fixture is None:
        raise Http404("No such fixture, or its league is private.")
    return fixture
