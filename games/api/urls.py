"""MagnoBall's API routes (its ruleset names this module; mounted at /api/v1/ inside the "api"
namespace): rosters and players, result reports with stat lines, simulations and their jobs,
line-ups, inspections, table dice and injuries."""

from __future__ import annotations

from django.urls import path

from games.api.views import decisions, fixtures, lineups, players, table_dice

urlpatterns = [
    path("teams/<int:team_id>/players/", players.TeamPlayerListView.as_view(), name="team-players"),
    path("players/<int:player_id>/", players.PlayerDetailView.as_view(), name="player-detail"),
    path(
        "fixtures/<int:fixture_id>/dice/", fixtures.FixtureDiceView.as_view(), name="fixture-dice"
    ),
    path(
        "fixtures/<int:fixture_id>/result/",
        fixtures.FixtureResultView.as_view(),
        name="fixture-result",
    ),
    path(
        "fixtures/<int:fixture_id>/simulate/",
        fixtures.FixtureSimulateView.as_view(),
        name="fixture-simulate",
    ),
    path(
        "fixtures/<int:fixture_id>/lineup/",
        lineups.FixtureLineupView.as_view(),
        name="fixture-lineup",
    ),
    path("jobs/<int:job_id>/", fixtures.JobDetailView.as_view(), name="job-detail"),
    path("inspections/", decisions.InspectionListView.as_view(), name="inspection-list"),
    path(
        "inspections/<int:inspection_id>/decision/",
        decisions.InspectionDecisionView.as_view(),
        name="inspection-decision",
    ),
    path(
        "table-inspections/",
        table_dice.TableInspectionListView.as_view(),
        name="table-inspection-list",
    ),
    path(
        "table-inspections/<int:table_inspection_id>/roll/",
        table_dice.TableInspectionRollView.as_view(),
        name="table-inspection-roll",
    ),
    path("injuries/", decisions.InjuryListView.as_view(), name="injury-list"),
    path(
        "injuries/<int:injury_id>/force-heal/",
        decisions.InjuryForceHealView.as_view(),
        name="injury-force-heal",
    ),
]
