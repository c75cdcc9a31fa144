from django.urls import path

from games import table_views, views

urlpatterns = [
    path("leagues/<slug:league>/<slug:season>/leaders/", views.leaders, name="leaders"),
    path("players/<int:pk>/", views.player_page, name="player"),
    path("fixtures/<int:pk>/report/", views.fixture_report, name="fixture-report"),
    path("fixtures/<int:pk>/simulate/", views.fixture_simulate, name="fixture-simulate"),
    path("fixtures/<int:pk>/lineup/", views.fixture_lineup_name, name="fixture-lineup"),
    path("inspections/<int:pk>/decide/", views.inspection_decide_view, name="inspection-decide"),
    path("inspections/<int:pk>/ban/", views.inspection_ban, name="inspection-ban"),
    path(
        "table-inspections/<int:pk>/roll/",
        table_views.table_inspection_roll,
        name="table-inspection-roll",
    ),
    path("jobs/<int:pk>/status/", views.job_status, name="job-status"),
]
