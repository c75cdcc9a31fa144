# A fixture's line-ups fixed at kick-off are cached with its match centre under the
# league's page version (games/selectors/fixture_page.py): writing its line-up entries bumps it.

from django.db import migrations

from league.sql.page_version_triggers import triggers_migration

TABLES = {
    "games_lineupentry": "(SELECT t.league_id FROM league_team t WHERE t.id = {row}.team_id)",
}


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_games_bump_page_versions"),
    ]

    operations = [triggers_migration(TABLES)]
