"""Editing a league, a team or a season goes through services: checked, audited with before
and after, and refused where the season's state or the user's role says no."""

from __future__ import annotations

import pytest

from league.errors import LeagueError, PermissionRefused
from league.models import AuditEntry, Season
from league.services.leagues import league_update
from league.services.seasons import season_transition, season_update
from league.services.teams import team_update

pytestmark = pytest.mark.django_db


def test_a_league_edit_is_audited_with_before_and_after(world):
    league_update(
        league=world.league,
        actor=world.commissioner,
        changes={"description": "Friday nights", "is_public": False},
        commissioners=[world.commissioner, world.outsider],
    )
    world.league.refresh_from_db()
    assert (world.league.description, world.league.is_public) == ("Friday nights", False)
    assert set(world.league.commissioners.all()) == {world.commissioner, world.outsider}
    entry = AuditEntry.objects.get(action="league.update")
    assert (entry.before["is_public"], entry.after["is_public"]) == (True, False)
    assert AuditEntry.objects.filter(action="league.commissioners").exists()


def test_only_a_commissioner_edits_and_only_editable_fields(world):
    with pytest.raises(PermissionRefused):
        league_update(league=world.league, actor=world.home_coach, changes={"name": "Mine"})
    with pytest.raises(LeagueError, match="cannot be edited here: slug"):
        league_update(league=world.league, actor=None, changes={"slug": "other"})


def test_a_leagues_game_is_fixed_once_it_has_a_season(world):
    """#13: the ruleset is chosen at creation and fixed once the league has a season."""
    with pytest.raises(LeagueError, match="fixed once it has a season") as refused:
        league_update(league=world.league, actor=None, changes={"ruleset": "magnoball-x"})
    assert refused.value.code == "ruleset_fixed"
    world.league.refresh_from_db()
    assert world.league.ruleset == "magnoball"


def test_a_team_rename_keeps_its_slug_in_step_and_checks_its_colour(world):
    team = team_update(
        team=world.home,
        actor=world.commissioner,
        changes={"name": "Hammer Heads", "short_name": "hmh"},
    )
    assert (team.name, team.slug, team.short_name) == ("Hammer Heads", "hammer-heads", "HMH")
    with pytest.raises(LeagueError) as refused:
        team_update(team=world.home, actor=None, changes={"colour": "blue"})
    assert "colour" in refused.value.fields
    world.home.refresh_from_db()
    assert world.home.colour == "#1f6feb"


def test_a_seasons_format_is_frozen_once_it_starts_but_its_name_is_not(world):
    season_update(season=world.season, actor=None, changes={"playoff_teams": 2})
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    with pytest.raises(LeagueError, match="playoff_teams can no longer change"):
        season_update(season=world.season, actor=None, changes={"playoff_teams": 8})
    renamed = season_update(season=world.season, actor=None, changes={"name": "Season One"})
    assert (renamed.name, renamed.playoff_teams) == ("Season One", 2)


@pytest.mark.parametrize("name", ["Graveyard", "Head to head"])
def test_a_season_may_not_take_the_address_of_a_league_page(world, name):
    """The league's graveyard and head-to-head pages sit beside its seasons' addresses."""
    with pytest.raises(LeagueError) as refused:
        season_update(season=world.season, actor=None, changes={"name": name})
    assert "name" in refused.value.fields
    world.season.refresh_from_db()
    assert world.season.slug not in Season.RESERVED_SLUGS
