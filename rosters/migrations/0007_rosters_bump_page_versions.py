# The team page is cached under its league's page version (league/page_versions.py): every
# write to the rows its roster shows bumps the version, in the writing transaction.

from django.db import migrations

from league.sql.page_version_triggers import triggers_migration

_BY_PLAYER = (
    "(SELECT t.league_id FROM rosters_player p JOIN league_team t ON t.id = p.team_id"
    " WHERE p.id = {row}.player_id)"
)
TABLES = {
    "rosters_seasonrules": "(SELECT s.league_id FROM league_season s WHERE s.id = {row}.season_id)",
    "rosters_player": "(SELECT t.league_id FROM league_team t WHERE t.id = {row}.team_id)",
    "rosters_playerseason": _BY_PLAYER,
    "rosters_playerseasonstat": _BY_PLAYER,
    "rosters_enhancement": _BY_PLAYER,
}


class Migration(migrations.Migration):
    dependencies = [
        ("rosters", "0006_seasonrules_table"),
        ("league", "0011_page_versions_bumped_by_triggers"),
    ]

    operations = [triggers_migration(TABLES)]
