# Issue #16: the dice ledger keeps only the indexes its reads use, and indexes who rolled and
# who entered a roll only where set. A simulation writes several hundred rolls a result, none
# with either; PostgreSQL's second index on the purpose (for LIKE 'x%') served no query.
# The columns and their constraints stay as they are: only indexes are dropped and made, so
# no table is rebuilt and no constraint checked again over the whole ledger.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

TABLE = "rosters_diceroll"
#: The indexes db_index made (their names are Django's, the same on both databases).
OLD = {
    "rosters_diceroll_entered_by_id_82644118": "entered_by_id",
    "rosters_diceroll_purpose_8513daf5": "purpose",
    "rosters_diceroll_rolled_by_id_ada7ffab": "rolled_by_id",
}
OLD_LIKE = "rosters_diceroll_purpose_8513daf5_like"  # PostgreSQL's only


def drop_old(_apps, schema_editor):
    quote = schema_editor.quote_name
    for name in (*OLD, OLD_LIKE):
        schema_editor.execute(f"DROP INDEX IF EXISTS {quote(name)}")


def make_old(_apps, schema_editor):
    quote = schema_editor.quote_name
    for name, column in OLD.items():
        schema_editor.execute(f"CREATE INDEX {quote(name)} ON {quote(TABLE)} ({quote(column)})")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX {quote(OLD_LIKE)} ON {quote(TABLE)} (purpose varchar_pattern_ops)"
        )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0013_page_versions_read_each_key_once"),
        ("rosters", "0010_ledger_keys_without_constraints"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="diceroll",
                    name="entered_by",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        help_text="Who entered the faces of a table roll: the rolling coach, "
                        "or a commissioner for him; empty for dice the server rolled.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="entered_dice_rolls",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                migrations.AlterField(
                    model_name="diceroll",
                    name="purpose",
                    field=models.CharField(max_length=40),
                ),
                migrations.AlterField(
                    model_name="diceroll",
                    name="rolled_by",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        help_text="Who asked for the roll; empty for the server.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="dice_rolls",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            database_operations=[migrations.RunPython(drop_old, make_old)],
        ),
        migrations.AddIndex(
            model_name="diceroll",
            index=models.Index(fields=["purpose"], name="diceroll_purpose"),
        ),
        migrations.AddIndex(
            model_name="diceroll",
            index=models.Index(
                condition=models.Q(("rolled_by__isnull", False)),
                fields=["rolled_by"],
                name="diceroll_rolled_by",
            ),
        ),
        migrations.AddIndex(
            model_name="diceroll",
            index=models.Index(
                condition=models.Q(("entered_by__isnull", False)),
                fields=["entered_by"],
                name="diceroll_entered_by",
            ),
        ),
    ]
