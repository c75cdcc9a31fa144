# A played fixture's match report is cached under its league's page version
# (league/page_versions.py): every write to its appearances, stat lines and events bumps
# the version, in the writing transaction (on PostgreSQL once a statement: a match's
# stat lines are one bulk insert).

from django.db import migrations

from league.sql.page_version_triggers import triggers_migration

_BY_RESULT = (
    "(SELECT s.league_id FROM league_result x JOIN league_fixture f ON f.id = x.fixture_id"
    " JOIN league_round o ON o.id = f.round_id JOIN league_season s ON s.id = o.season_id"
    " WHERE x.id = {row}.result_id)"
)
TABLES = {
    "games_appearance": _BY_RESULT,
    "games_matchevent": _BY_RESULT,
    "games_statline": (
        "(SELECT t.league_id FROM games_appearance a JOIN league_team t ON t.id = a.team_id"
        " WHERE a.id = {row}.appearance_id)"
    ),
}


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_result_moved_to_league"),
        ("league", "0011_page_versions_bumped_by_triggers"),
    ]

    operations = [triggers_migration(TABLES)]
