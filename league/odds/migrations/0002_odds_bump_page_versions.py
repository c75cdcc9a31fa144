# The standings, team and home pages show the ratings and the latest odds, cached under their
# league's page version (league/page_versions.py): every write to these tables bumps it, in
# the writing transaction. The engine's pairing cache and the workers' chunks show nowhere.

from django.db import migrations

from league.sql.page_version_triggers import triggers_migration

_BY_SEASON = "(SELECT os.league_id FROM league_season os WHERE os.id = {row}.season_id)"
TABLES = {
    "odds_teamrating": _BY_SEASON,
    "odds_ratingchange": _BY_SEASON,
    "odds_oddsrun": _BY_SEASON,
    "odds_teamodds": (
        "(SELECT os.league_id FROM odds_oddsrun orun JOIN league_season os ON os.id = orun.season_id"
        " WHERE orun.id = {row}.run_id)"
    ),
}


class Migration(migrations.Migration):
    dependencies = [
        ("odds", "0001_initial"),
        ("league", "0011_page_versions_bumped_by_triggers"),
    ]

    operations = [triggers_migration(TABLES)]
