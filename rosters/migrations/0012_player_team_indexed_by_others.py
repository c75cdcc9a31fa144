# Issue #16: a player's team loses the index Django gives a foreign key; the (team, roster
# state) index and the (team, name) constraint's, which it leads, serve every read of a
# team's players, and each index was one more write of every player a result updates.
# Dropped by name (injuries 0005 says why), which also spares SQLite a rebuild of the table.

import django.db.models.deletion
from django.db import migrations, models

TABLE, INDEX = "rosters_player", "rosters_player_team_id_67ca5f95"


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0013_page_versions_read_each_key_once"),
        ("rosters", "0011_diceroll_indexes_only_where_used"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="player",
                    name="team",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="players",
                        to="league.team",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{INDEX}"',
                    reverse_sql=f'CREATE INDEX "{INDEX}" ON "{TABLE}" ("team_id")',
                ),
            ],
        ),
    ]
