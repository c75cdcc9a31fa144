# The result is the league core's now (league 0010 took its table): the stat lines' and
# events' foreign keys point at it in state; the database already has them right.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0005_lineup_places_and_choices"),
        ("league", "0010_result_from_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="appearance",
                    name="result",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="appearances",
                        to="league.result",
                    ),
                ),
                migrations.AlterField(
                    model_name="matchevent",
                    name="result",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="events",
                        to="league.result",
                    ),
                ),
                migrations.DeleteModel(name="Result"),
            ],
        ),
    ]
