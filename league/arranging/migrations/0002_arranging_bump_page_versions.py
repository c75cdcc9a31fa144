# A fixture's page, its teams' pages and My teams show its arrangement and are cached under
# their league's page version (league/page_versions.py): every write to a proposal bumps the
# version, in the writing transaction. A proposal's times are written with it.

from django.db import migrations

from league.sql.page_version_triggers import triggers_migration

TABLES = {
    "arranging_proposal": (
        "(SELECT s.league_id FROM league_fixture f JOIN league_round o ON o.id = f.round_id"
        " JOIN league_season s ON s.id = o.season_id WHERE f.id = {row}.fixture_id)"
    ),
}


class Migration(migrations.Migration):
    dependencies = [("arranging", "0001_initial")]

    operations = [triggers_migration(TABLES)]
