# Issue #16: a match event's result loses its constraint, as its player and the dice ledger's keys
# did (games 0011, rosters 0010): events are written only with their result, in the transaction
# that records it, and deleted with it by Django; the check ran for each of a simulation's ~200
# events at commit (docs/performance.md, "Fewer constraints and indexes"). SQLite makes the change
# by rebuilding the table: its triggers wait aside
# (league/sql/page_version_triggers.py).

import django.db.models.deletion
from django.db import migrations, models

from league.sql.page_version_triggers import table_rebuilt

SUSPEND, RESTORE = table_rebuilt("games_matchevent")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_ledger_keys_without_constraints"),
        ("league", "0013_page_versions_read_each_key_once"),
    ]

    operations = [
        SUSPEND,
        migrations.AlterField(
            model_name="matchevent",
            name="result",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="events",
                to="league.result",
            ),
        ),
        RESTORE,
    ]
