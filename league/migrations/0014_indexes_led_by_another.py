# Issue #16: foreign keys whose own index another index leads (an audit entry's league and
# content type, a standing row's season) lose theirs, and an audit entry's action keeps one
# index, not a second for LIKE 'x%' that no query makes. Every change writes an audit entry
# and every result writes standing rows: each index was one more write. Dropped by name
# (injuries 0005 says why), which also spares SQLite a rebuild of the tables.

import django.db.models.deletion
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

#: Each index dropped: its table and column.
DROPPED = {
    "league_auditentry_league_id_0cb5d78a": ("league_auditentry", "league_id"),
    "league_auditentry_content_type_id_651c424f": ("league_auditentry", "content_type_id"),
    "league_auditentry_action_d5fe59b2": ("league_auditentry", "action"),
    "league_standingrow_season_id_509bb2a9": ("league_standingrow", "season_id"),
}
#: PostgreSQL's second index of a text column with db_index, for LIKE 'x%'.
LIKE = "league_auditentry_action_d5fe59b2_like"


def drop(_apps: object, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for index in [*DROPPED, LIKE]:
        schema_editor.execute(f'DROP INDEX IF EXISTS "{index}"')


def create(_apps: object, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for index, (table, column) in DROPPED.items():
        schema_editor.execute(f'CREATE INDEX "{index}" ON "{table}" ("{column}")')
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f'CREATE INDEX "{LIKE}" ON "league_auditentry" ("action" varchar_pattern_ops)'
        )


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("league", "0013_page_versions_read_each_key_once"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="auditentry",
                    name="action",
                    field=models.CharField(max_length=60),
                ),
                migrations.AlterField(
                    model_name="auditentry",
                    name="content_type",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        to="contenttypes.contenttype",
                    ),
                ),
                migrations.AlterField(
                    model_name="auditentry",
                    name="league",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="audit_entries",
                        to="league.league",
                    ),
                ),
                migrations.AlterField(
                    model_name="standingrow",
                    name="season",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="standings",
                        to="league.season",
                    ),
                ),
            ],
            database_operations=[migrations.RunPython(drop, create)],
        ),
        migrations.AddIndex(
            model_name="auditentry",
            index=models.Index(fields=["action"], name="auditentry_action"),
        ),
    ]
