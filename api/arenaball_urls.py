"""Arenaball's API routes (its ruleset names this module; mounted at /api/v1/ inside the "api"
namespace), all under arenaball/: the parts catalogue, designs and their checks, a team's cars
and roster, characters and their careers, a fixture's pits, line-ups and result."""

from __future__ import annotations

from django.urls import path

from api.views import (
    arenaball_designs,
    arenaball_fixtures,
    arenaball_parts,
    arenaball_seasons,
    arenaball_teams,
)

urlpatterns = [
    path(
        "arenaball/seasons/<int:season_id>/settings/",
        arenaball_seasons.SeasonSettingsView.as_view(),
        name="arenaball-season-settings",
    ),
    path(
        "arenaball/leagues/<int:league_id>/parts/",
        arenaball_parts.LeaguePartListView.as_view(),
        name="arenaball-league-parts",
    ),
    path(
        "arenaball/teams/<int:team_id>/",
        arenaball_teams.ArenaTeamView.as_view(),
        name="arenaball-team",
    ),
    path(
        "arenaball/teams/<int:team_id>/designs/",
        arenaball_designs.TeamDesignListView.as_view(),
        name="arenaball-team-designs",
    ),
    path(
        "arenaball/teams/<int:team_id>/designs/check/",
        arenaball_designs.TeamDesignCheckView.as_view(),
        name="arenaball-team-design-check",
    ),
    path(
        "arenaball/teams/<int:team_id>/cars/",
        arenaball_teams.TeamCarsView.as_view(),
        name="arenaball-team-cars",
    ),
    path(
        "arenaball/teams/<int:team_id>/characters/",
        arenaball_teams.TeamCharacterListView.as_view(),
        name="arenaball-team-characters",
    ),
    path(
        "arenaball/designs/<int:design_id>/",
        arenaball_designs.DesignDetailView.as_view(),
        name="arenaball-design",
    ),
    path(
        "arenaball/characters/<int:character_id>/",
        arenaball_teams.CharacterView.as_view(),
        name="arenaball-character",
    ),
    path(
        "arenaball/characters/<int:character_id>/release/",
        arenaball_teams.CharacterReleaseView.as_view(),
        name="arenaball-character-release",
    ),
    path(
        "arenaball/fixtures/<int:fixture_id>/",
        arenaball_fixtures.ArenaFixtureView.as_view(),
        name="arenaball-fixture",
    ),
    path(
        "arenaball/fixtures/<int:fixture_id>/pits/",
        arenaball_fixtures.FixturePitsView.as_view(),
        name="arenaball-fixture-pits",
    ),
    path(
        "arenaball/fixtures/<int:fixture_id>/result/",
        arenaball_fixtures.ArenaResultView.as_view(),
        name="arenaball-fixture-result",
    ),
]
