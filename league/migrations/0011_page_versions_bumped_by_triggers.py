# A counter per league, bumped by triggers on the core's tables in the writing transaction
# (league/page_versions.py, league/sql/page_version_triggers.py), which keys the cached pages.
# On PostgreSQL the writes record their league as pending and a deferred trigger bumps it at
# commit.

from django.db import migrations, models


def _create(apps, schema_editor):
    from league.page_versions import WATCHED
    from league.sql.page_version_triggers import pending_create, triggers_create

    pending_create(schema_editor)
    triggers_create(schema_editor, WATCHED)


def _drop(apps, schema_editor):
    from league.page_versions import WATCHED
    from league.sql.page_version_triggers import pending_drop, triggers_drop

    triggers_drop(schema_editor, WATCHED)
    pending_drop(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("league", "0010_result_from_games")]

    operations = [
        migrations.CreateModel(
            name="PageVersion",
            fields=[
                ("league_id", models.BigIntegerField(primary_key=True, serialize=False)),
                ("version", models.PositiveBigIntegerField(default=0)),
            ],
        ),
        migrations.RunPython(_create, _drop),
    ]
