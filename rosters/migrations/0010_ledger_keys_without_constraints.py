# Issue #16: the dice ledger's fixture and player lose their constraints, as the ledger's other
# keys did (rosters 0008, games 0009): rows that keep theirs hold what they name, and the checks
# were most of a simulated result's commit (docs/performance.md, "Fewer constraints and indexes").
# SQLite makes the change by rebuilding the table: its triggers wait aside
# (league/sql/page_version_triggers.py).

import django.db.models.deletion
from django.db import migrations, models

from league.sql.page_version_triggers import table_rebuilt

SUSPEND, RESTORE = table_rebuilt("rosters_diceroll")


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0013_page_versions_read_each_key_once"),
        ("rosters", "0009_page_versions_read_each_key_once"),
    ]

    operations = [
        SUSPEND,
        migrations.AlterField(
            model_name="diceroll",
            name="fixture",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dice_rolls",
                to="league.fixture",
            ),
        ),
        migrations.AlterField(
            model_name="diceroll",
            name="player",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dice_rolls",
                to="rosters.player",
            ),
        ),
        RESTORE,
    ]
