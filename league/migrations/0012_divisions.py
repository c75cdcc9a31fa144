# Divisions (or conferences) of a league season, the team's division, and the season's
# meetings within and across divisions and its wild cards. The standings page shows the
# divisions' tables, so writes to them bump the league's page version (league/page_versions.py).

import django.core.validators
import django.db.models.deletion
from django.db import migrations, models

from league.sql.page_version_triggers import table_rebuilt, triggers_migration

# SQLite adds the season's settings by rebuilding its table, and drops the row's division
# (unapplied) by rebuilding the standings rows': the triggers naming them wait.
SUSPEND, RESTORE = table_rebuilt("league_season")
SUSPEND_ROWS, RESTORE_ROWS = table_rebuilt("league_standingrow")
TABLES = {
    "league_division": "(SELECT s.league_id FROM league_season s WHERE s.id = {row}.season_id)",
}


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0011_page_versions_bumped_by_triggers'),
    ]

    operations = [
        SUSPEND,
        migrations.AddField(
            model_name='season',
            name='cross_division_meetings',
            field=models.PositiveSmallIntegerField(default=1, help_text='Seasons with divisions: how many times each pair of teams from different divisions meets (0: never).', validators=[django.core.validators.MaxValueValidator(4)]),
        ),
        migrations.AddField(
            model_name='season',
            name='division_meetings',
            field=models.PositiveSmallIntegerField(default=2, help_text='Seasons with divisions: how many times each pair of teams of one division meets (home and away in turn).', validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(4)]),
        ),
        migrations.AddField(
            model_name='season',
            name='wild_cards',
            field=models.PositiveSmallIntegerField(default=0, help_text="Seasons with divisions: the playoffs take every division's winner plus this many wild cards, the best of the rest by the league table.", validators=[django.core.validators.MaxValueValidator(6)]),
        ),
        RESTORE,
        migrations.CreateModel(
            name='Division',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(help_text='E.g. “North” or “Eastern Conference”.', max_length=40)),
                ('slug', models.SlugField(max_length=40)),
                ('order', models.PositiveSmallIntegerField(default=1, help_text='Where its table comes on the standings page (1 first).')),
                ('season', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='divisions', to='league.season')),
            ],
            options={
                'ordering': ['season', 'order', 'name'],
            },
        ),
        SUSPEND_ROWS,
        migrations.AddField(
            model_name='standingrow',
            name='division',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rows', to='league.division'),
        ),
        RESTORE_ROWS,
        migrations.AddConstraint(
            model_name='division',
            constraint=models.UniqueConstraint(fields=('season', 'name'), name='division_name_unique'),
        ),
        migrations.AddConstraint(
            model_name='division',
            constraint=models.UniqueConstraint(fields=('season', 'slug'), name='division_slug_unique'),
        ),
        triggers_migration(TABLES),
    ]
