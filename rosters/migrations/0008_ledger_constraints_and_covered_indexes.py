# Issue #16: the dice ledger's league, season and team (copies of its fixture's or player's) lose
# their constraints, and foreign keys that lead an index or a unique constraint their own index
# (docs/performance.md, "Fewer constraints and indexes"). SQLite makes these changes by rebuilding
# the tables: their triggers (the ledger's append-only one, the page versions') wait aside
# (league/sql/page_version_triggers.py).

import django.db.models.deletion
from django.db import migrations, models

from league.sql.page_version_triggers import table_rebuilt

REBUILT = [
    table_rebuilt(table)
    for table in ["rosters_diceroll", "rosters_playerseason", "rosters_playerseasonstat"]
]


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0012_divisions"),
        ("rosters", "0007_rosters_bump_page_versions"),
    ]

    operations = [
        *(suspend for suspend, _ in REBUILT),
        migrations.AlterField(
            model_name="diceroll",
            name="fixture",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dice_rolls",
                to="league.fixture",
            ),
        ),
        migrations.AlterField(
            model_name="diceroll",
            name="league",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dice_rolls",
                to="league.league",
            ),
        ),
        migrations.AlterField(
            model_name="diceroll",
            name="season",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dice_rolls",
                to="league.season",
            ),
        ),
        migrations.AlterField(
            model_name="diceroll",
            name="team",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dice_rolls",
                to="league.team",
            ),
        ),
        migrations.AlterField(
            model_name="playerseason",
            name="player",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seasons",
                to="rosters.player",
            ),
        ),
        migrations.AlterField(
            model_name="playerseasonstat",
            name="player",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="season_stats",
                to="rosters.player",
            ),
        ),
        migrations.AlterField(
            model_name="playerseasonstat",
            name="season",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="player_stats",
                to="league.season",
            ),
        ),
        *(restore for _, restore in REBUILT),
    ]
