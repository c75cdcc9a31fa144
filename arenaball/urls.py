"""Arenaball's pages (its ruleset names this module; the core's ``team`` and ``fixture``
addresses hand over to views.team_page and views.fixture_page)."""

from django.urls import path

from arenaball import views

urlpatterns = [
    path("arenaball/seasons/<int:pk>/enter/", views.team_enter, name="arenaball-team-enter"),
    path("arenaball/teams/<int:pk>/cars/", views.team_cars, name="arenaball-team-cars"),
    path("arenaball/teams/<int:pk>/sign/", views.character_sign, name="arenaball-character-sign"),
    path("arenaball/teams/<int:pk>/designs/new/", views.design_new, name="arenaball-design-new"),
    path(
        "arenaball/teams/<int:pk>/designs/check/",
        views.design_check,
        name="arenaball-design-check",
    ),
    path("arenaball/designs/<int:pk>/", views.design_edit, name="arenaball-design-edit"),
    path("arenaball/designs/<int:pk>/delete/", views.design_delete, name="arenaball-design-delete"),
    path("arenaball/characters/<int:pk>/", views.character_page, name="arenaball-character"),
    path(
        "arenaball/characters/<int:pk>/rename/",
        views.character_rename,
        name="arenaball-character-rename",
    ),
    path(
        "arenaball/characters/<int:pk>/release/",
        views.character_release,
        name="arenaball-character-release",
    ),
    path("arenaball/fixtures/<int:pk>/pits/", views.fixture_pits, name="arenaball-fixture-pits"),
    path(
        "arenaball/fixtures/<int:pk>/report/", views.fixture_report, name="arenaball-fixture-report"
    ),
]
