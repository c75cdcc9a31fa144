# Issue #16: an injury's player loses the index Django gives a foreign key; the (player,
# fixture) constraint's index, which it leads, serves every read of a player's injuries, and
# each index was one more write of every injury a result records or counts down.
#
# Dropped by name: Django's AlterField finds the index to drop by its column, and on
# PostgreSQL it took the partial unique index of open injuries (player_id WHERE state =
# 'out') for the foreign key's and dropped it too. A plain DROP INDEX also spares SQLite a
# rebuild of the table.

import django.db.models.deletion
from django.db import migrations, models

TABLE, INDEX = "injuries_injury", "injuries_injury_player_id_11553788"


class Migration(migrations.Migration):
    dependencies = [
        ("injuries", "0004_page_versions_read_each_key_once"),
        ("rosters", "0011_diceroll_indexes_only_where_used"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="injury",
                    name="player",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="injuries",
                        to="rosters.player",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{INDEX}"',
                    reverse_sql=f'CREATE INDEX "{INDEX}" ON "{TABLE}" ("player_id")',
                ),
            ],
        ),
    ]
