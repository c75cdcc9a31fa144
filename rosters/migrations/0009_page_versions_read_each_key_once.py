# Issue #16: the page version triggers look a statement's league up once a distinct key its
# rows name (a match's few hundred events name one result), not once a row
# (league/sql/page_version_triggers.py). PostgreSQL only: SQLite's triggers run once a row anyway.

from importlib import import_module

from django.db import migrations

from league.sql.page_version_triggers import functions_migration

# The tables whose triggers earlier migrations created, with the leagues they named then.
TABLES = {
    **import_module("rosters.migrations.0007_rosters_bump_page_versions").TABLES,
}


class Migration(migrations.Migration):
    dependencies = [("rosters", "0008_ledger_constraints_and_covered_indexes")]

    operations = [functions_migration(TABLES)]
