"""The dice ledger is append-only in the database itself (M-D8): a trigger refuses any
change to what a roll was. Foreign keys may still be cleared (a deleted user)."""

from django.db import migrations

_COLUMNS = "purpose, die, faces, modifier, result, detail, source, sequence, created_at"

_POSTGRES_UP = [
    """
    CREATE OR REPLACE FUNCTION rosters_diceroll_refuse_change() RETURNS trigger AS $$
    BEGIN
        RAISE EXCEPTION 'the dice ledger is append-only';
    END;
    $$ LANGUAGE plpgsql
    """,
    f"""
    CREATE TRIGGER rosters_diceroll_append_only
        BEFORE UPDATE OF {_COLUMNS} ON rosters_diceroll
        FOR EACH ROW EXECUTE FUNCTION rosters_diceroll_refuse_change()
    """,
]
_POSTGRES_DOWN = [
    "DROP TRIGGER IF EXISTS rosters_diceroll_append_only ON rosters_diceroll",
    "DROP FUNCTION IF EXISTS rosters_diceroll_refuse_change()",
]
_SQLITE_UP = [
    f"""
    CREATE TRIGGER rosters_diceroll_append_only
    BEFORE UPDATE OF {_COLUMNS} ON rosters_diceroll
    BEGIN
        SELECT RAISE(ABORT, 'the dice ledger is append-only');
    END
    """
]
_SQLITE_DOWN = ["DROP TRIGGER IF EXISTS rosters_diceroll_append_only"]


def _run(statements_by_vendor: dict[str, list[str]]):  # type: ignore[no-untyped-def]
    def run(apps, schema_editor):  # type: ignore[no-untyped-def]
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("rosters", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"postgresql": _POSTGRES_UP, "sqlite": _SQLITE_UP}),
            _run({"postgresql": _POSTGRES_DOWN, "sqlite": _SQLITE_DOWN}),
        )
    ]
