# Issue #16: a match event's player loses its constraint, as the ledger's other keys did (rosters
# 0008, games 0009): rows that keep theirs hold what they name, and the checks were most of a
# simulated result's commit (docs/performance.md, "Fewer constraints and indexes"). SQLite makes
# the change by rebuilding the table: its triggers wait aside
# (league/sql/page_version_triggers.py).

import django.db.models.deletion
from django.db import migrations, models

from league.sql.page_version_triggers import table_rebuilt

SUSPEND, RESTORE = table_rebuilt("games_matchevent")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_page_versions_read_each_key_once"),
        ("rosters", "0009_page_versions_read_each_key_once"),
    ]

    operations = [
        SUSPEND,
        migrations.AlterField(
            model_name="matchevent",
            name="player",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="match_events",
                to="rosters.player",
            ),
        ),
        RESTORE,
    ]
