"""Arenaball's API routes (its ruleset names this module; mounted at /api/v1/ inside the "api"
namespace), all under arenaball/: the parts catalogue, designs and their checks, a team's cars
and roster, characters and their careers, a fixture's pits, line-ups and result."""

from __future__ import annotations

from django.urls import path

from arenaball.api.views import designs, fixtures, parts, seasons, teams

urlpatterns = [
    path(
        "arenaball/seasons/<int:season_id>/settings/",
        seasons.SeasonSettingsView.as_view(),
        name="arenaball-season-settings",
    ),
    path(
        "arenaball/leagues/<int:league_id>/parts/",
        parts.LeaguePartListView.as_view(),
        name="arenaball-league-parts",
    ),
    path(
        "arenaball/teams/<int:team_id>/",
        teams.ArenaTeamView.as_view(),
        name="arenaball-team",
    ),
    path(
        "arenaball/teams/<int:team_id>/designs/",
        designs.TeamDesignListView.as_view(),
        name="arenaball-team-designs",
    ),
    path(
        "arenaball/teams/<int:team_id>/designs/check/",
        designs.TeamDesignCheckView.as_view(),
        name="arenaball-team-design-check",
    ),
    path(
        "arenaball/teams/<int:team_id>/cars/",
        teams.TeamCarsView.as_view(),
        name="arenaball-team-cars",
    ),
    path(
        "arenaball/teams/<int:team_id>/characters/",
        teams.TeamCharacterListView.as_view(),
        name="arenaball-team-characters",
    ),
    path(
        "arenaball/designs/<int:design_id>/",
        designs.DesignDetailView.as_view(),
        name="arenaball-design",
    ),
    path(
        "arenaball/characters/<int:character_id>/",
        teams.CharacterView.as_view(),
        name="arenaball-character",
    ),
    path(
        "arenaball/characters/<int:character_id>/release/",
        teams.CharacterReleaseView.as_view(),
        name="arenaball-character-release",
    ),
    path(
        "arenaball/fixtures/<int:fixture_id>/",
        fixtures.ArenaFixtureView.as_view(),
        name="arenaball-fixture",
    ),
    path(
        "arenaball/fixtures/<int:fixture_id>/pits/",
        fixtures.FixturePitsView.as_view(),
        name="arenaball-fixture-pits",
    ),
    path(
        "arenaball/fixtures/<int:fixture_id>/result/",
        fixtures.ArenaResultView.as_view(),
        name="arenaball-fixture-result",
    ),
]
