# Issue #16: foreign keys whose index is the lead of a unique constraint lose their own, and a
# match event's team (a copy of its fixture's) its constraint (docs/performance.md, "Fewer
# constraints and indexes"). SQLite makes these changes by rebuilding the tables: the page version
# triggers naming them wait aside (league/sql/page_version_triggers.py).

import django.db.models.deletion
from django.db import migrations, models

from league.sql.page_version_triggers import table_rebuilt

REBUILT = [
    table_rebuilt(table)
    for table in ["games_appearance", "games_lineupentry", "games_matchevent", "games_statline"]
]


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_lineup_entries_bump_page_versions"),
        ("league", "0012_divisions"),
    ]

    operations = [
        *(suspend for suspend, _ in REBUILT),
        migrations.AlterField(
            model_name="appearance",
            name="result",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="appearances",
                to="league.result",
            ),
        ),
        migrations.AlterField(
            model_name="lineupentry",
            name="fixture",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="lineup",
                to="league.fixture",
            ),
        ),
        migrations.AlterField(
            model_name="matchevent",
            name="result",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="events",
                to="league.result",
            ),
        ),
        migrations.AlterField(
            model_name="matchevent",
            name="team",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="league.team",
            ),
        ),
        migrations.AlterField(
            model_name="statline",
            name="appearance",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="stat_lines",
                to="games.appearance",
            ),
        ),
        *(restore for _, restore in REBUILT),
    ]
