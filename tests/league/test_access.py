"""Who may do what (league/access.py): the rules every service, HTML view and API endpoint
share."""

from __future__ import annotations

import pytest

from league.access import FixtureRoles, require_result_reporter
from league.errors import PermissionRefused
from league.models import Fixture
from tests.conftest import World


def test_a_coach_of_either_team_a_commissioner_or_the_server_reports_a_result(
    world: World, match_day: Fixture
):
    for user in (world.home_coach, world.away_coach, world.commissioner, None):
        require_result_reporter(user=user, fixture=match_day)
    with pytest.raises(PermissionRefused, match="may report its result"):
        require_result_reporter(user=world.outsider, fixture=match_day)


def test_fixture_roles_say_which_team_a_user_coaches_and_whether_he_may_report(
    world: World, match_day: Fixture
):
    home = FixtureRoles(user=world.home_coach, fixture=match_day)
    assert home.coach_of == [world.home]
    assert not home.commissioner
    assert home.may_report
    chief = FixtureRoles(user=world.commissioner, fixture=match_day)
    assert chief.coach_of == []
    assert chief.commissioner
    assert chief.may_report
    assert not FixtureRoles(user=world.outsider, fixture=match_day).may_report
