"""A-T2 (decided: 12 characters): a roster counts who is on it, the living and unreleased.
The dead stay in the graveyard and the team's history, a released character leaves the count
at once, and neither locks a team out of reporting (issue #45, item 1)."""

from __future__ import annotations

import pytest

from arenaball.models import Character
from arenaball.report_input import CasualtyData, KillData
from arenaball.services import character_release, character_sign, report_correct
from tests.arenaball.world import arena_world, cars_set, driver, play, win_report

pytestmark = pytest.mark.django_db


def test_a_full_roster_with_a_dead_and_a_released_character_still_reports():
    """The demo's lock-out: 12 on the roster plus one dead (and one released) reports."""
    world = arena_world(teams=3)
    first = world.fixture(1)
    home, away = first.home_team, first.away_team
    dead = driver(away, "1")
    play(
        first,
        actor=world.commissioner,
        kills=(KillData(away.pk, "1", home.pk, "1", driver(home, "1").pk, "ram"),),
        casualties=(CasualtyData(away.pk, dead.pk, "dead"),),
    )
    coach = away.coach
    signed = [character_sign(team=away, actor=coach, name=f"Rookie {n}") for n in range(5)]
    assert Character.objects.filter(team=away, state="active").count() == 12
    cars_set(away, drivers={"1": signed[0]})
    character_release(character=signed[4], actor=coach)
    character_sign(team=away, actor=coach, name="Late signing")
    assert Character.objects.filter(team=away).count() == 14  # 12 on it, a dead, a released

    second = world.fixture(2)
    assert away.pk in (second.home_team_id, second.away_team_id)
    result = play(second, actor=coach if second.home_team == away else world.commissioner)
    assert (result.home_score, result.away_score) == (5, 0)

    # A correction of the first game, the dead one's game, is checked against its line-up.
    report_correct(
        fixture=first,
        data=win_report(
            first,
            kills=(KillData(away.pk, "1", home.pk, "1", driver(home, "1").pk, "ram"),),
            casualties=(CasualtyData(away.pk, dead.pk, "dead"),),
        ),
        actor=world.commissioner,
    )
