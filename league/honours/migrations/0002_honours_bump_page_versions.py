# The team, player and home pages are cached under their league's page version
# (league/page_versions.py): every write to the season awards they show bumps the version,
# in the writing transaction.

from django.db import migrations

from league.sql.page_version_triggers import triggers_migration

TABLES = {
    "honours_seasonaward": "(SELECT s.league_id FROM league_season s WHERE s.id = {row}.season_id)",
}


class Migration(migrations.Migration):
    dependencies = [("honours", "0001_initial")]

    operations = [triggers_migration(TABLES)]
