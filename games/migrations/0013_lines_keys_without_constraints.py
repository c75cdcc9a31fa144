# Issue #16: an appearance's result and a stat line's appearance lose their constraints, as a
# match event's result did (games 0012): both are written only with what they name, in the
# transaction that records the result, and deleted with it by Django; the checks ran for each of a
# result's ~70 lines at commit (docs/performance.md, "Fewer constraints and indexes"). SQLite
# makes the change by rebuilding the tables: their triggers wait aside
# (league/sql/page_version_triggers.py).

import django.db.models.deletion
from django.db import migrations, models

from league.sql.page_version_triggers import table_rebuilt

SUSPEND_APPEARANCES, RESTORE_APPEARANCES = table_rebuilt("games_appearance")
SUSPEND_LINES, RESTORE_LINES = table_rebuilt("games_statline")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_matchevent_result_without_constraint"),
        ("league", "0013_page_versions_read_each_key_once"),
    ]

    operations = [
        SUSPEND_APPEARANCES,
        migrations.AlterField(
            model_name="appearance",
            name="result",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="appearances",
                to="league.result",
            ),
        ),
        RESTORE_APPEARANCES,
        SUSPEND_LINES,
        migrations.AlterField(
            model_name="statline",
            name="appearance",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="stat_lines",
                to="games.appearance",
            ),
        ),
        RESTORE_LINES,
    ]
