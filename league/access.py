"""Who may do what: the checks every service, view and API endpoint share."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User

from league.errors import PermissionRefused
from league.models import Fixture, League, Team

Actor = User | AnonymousUser | None


def is_commissioner(*, user: Actor, league: League) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_superuser) or league.commissioners.filter(pk=user.pk).exists()


#: The attribute a fixture read with its lock or for a user carries: whether the user is a
#: commissioner of its league (league/selectors/fixtures.py).
ACTOR_COMMISSIONER = "actor_is_commissioner"


def is_coach(*, user: Actor, team: Team) -> bool:
    return user is not None and user.is_authenticated and team.coach_id == user.pk


def require_commissioner(*, user: Actor, league: League) -> None:
    """`user` None is the server itself (a task or a command) and may act."""
    if user is not None and not is_commissioner(user=user, league=league):
        raise PermissionRefused(f"Only a commissioner of {league} may do this.")


def require_coach_or_commissioner(*, user: Actor, team: Team) -> None:
    if user is None or is_coach(user=user, team=team):
        return
    if not is_commissioner(user=user, league=team.league):
        raise PermissionRefused(f"Only the coach of {team} or a commissioner may do this.")


@dataclass(frozen=True)
class FixtureRoles:
    """What `user` is to `fixture`: the coach of which of its teams, a commissioner of its
    league or not; each read once, when first asked."""

    user: Actor
    fixture: Fixture
    #: Whether `user` is a commissioner, when already read (``ACTOR_COMMISSIONER``).
    known_commissioner: bool | None = None

    @cached_property
    def coach_of(self) -> list[Team]:
        teams = (self.fixture.home_team, self.fixture.away_team)
        return [team for team in teams if is_coach(user=self.user, team=team)]

    @cached_property
    def commissioner(self) -> bool:
        if self.known_commissioner is not None:
            return self.known_commissioner
        return is_commissioner(user=self.user, league=self.fixture.round.season.league)

    @property
    def may_report(self) -> bool:
        """A coach of either team or a commissioner of the league reports its result."""
        return bool(self.coach_of) or self.commissioner


def require_result_reporter(
    *, user: Actor, fixture: Fixture, commissioner: bool | None = None
) -> None:
    """`user` None is the server itself (a simulation) and may record. `commissioner`: whether
    `user` is one of the league's, when the caller has read it with the fixture."""
    roles = FixtureRoles(user=user, fixture=fixture, known_commissioner=commissioner)
    if user is not None and not roles.may_report:
        raise PermissionRefused(
            f"Only the coaches of {fixture} or a commissioner of "
            f"{fixture.round.season.league} may report its result."
        )
