import pytest

from arenaball.models import CharacterGame
from league.models import StandingRow
from tests.arenaball.world import arena_world, driver, play


@pytest.mark.django_db
def test_smoke():
    world = arena_world()
    fixture = world.fixture()
    result = play(fixture, actor=world.coaches[0])
    assert result.home_score == 5
    rows = {r.team_id: r for r in StandingRow.objects.filter(season=world.season)}
    assert rows[fixture.home_team_id].points == 2
    d = driver(fixture.home_team, "2")
    d.refresh_from_db()
    assert (d.goals, d.driver_points, d.prestige) == (2, 3, 1)
    assert CharacterGame.objects.filter(fixture=fixture).count() == 10
