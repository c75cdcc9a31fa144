# Issue #47: a result's appearances are its line-up (M-P3). Results stored before were given
# only the players their report named: every starter of a fixed line-up without an
# appearance gets one now (no points, no stats), and the players concerned have their season
# lines, career games and status (M-P5) recounted. Run twice, it changes nothing the second
# time; it prints what it changed, if anything (games/services/appearances.py).

from django.db import migrations

from games.services import starters_appearances_give


def _give(apps, schema_editor):
    repaired = starters_appearances_give(apps)
    if repaired.results:  # a new or a sound database has nothing to tell
        print(f"\n  {repaired}", end="")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_lines_keys_without_constraints"),
        ("league", "0014_indexes_led_by_another"),
        ("rosters", "0012_player_team_indexed_by_others"),
    ]

    operations = [migrations.RunPython(_give, migrations.RunPython.noop, elidable=True)]
