# The team page is cached under its league's page version (league/page_versions.py): every
# write to the injuries it shows (and their force-healing attempts) bumps the version, in
# the writing transaction.

from django.db import migrations

from league.sql.page_version_triggers import triggers_migration

TABLES = {
    "injuries_injury": (
        "(SELECT t.league_id FROM rosters_player p JOIN league_team t ON t.id = p.team_id"
        " WHERE p.id = {row}.player_id)"
    ),
    "injuries_forcehealingattempt": (
        "(SELECT t.league_id FROM injuries_injury i JOIN rosters_player p ON p.id = i.player_id"
        " JOIN league_team t ON t.id = p.team_id WHERE i.id = {row}.injury_id)"
    ),
}


class Migration(migrations.Migration):
    dependencies = [
        ("injuries", "0002_initial"),
        ("rosters", "0007_rosters_bump_page_versions"),
    ]

    operations = [triggers_migration(TABLES)]
