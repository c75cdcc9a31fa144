# The result moves from MagnoBall's games app into the league core (issue #13): every game
# records results. State only, so no row moves: the model is created in state on the table
# games already has, which is then renamed to the core's own name. games 0006 repoints its
# foreign keys in state and forgets its Result.

import django.core.validators
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _content_type_follows(apps, schema_editor):
    """Audit entries and permissions name the result's content type: it moves with the
    model, so existing entries still find their result."""
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(
        schema_editor.connection.alias
    )
    if not content_types.filter(app_label="league", model="result").exists():
        content_types.filter(app_label="games", model="result").update(app_label="league")


def _content_type_returns(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(
        schema_editor.connection.alias
    )
    if not content_types.filter(app_label="games", model="result").exists():
        content_types.filter(app_label="league", model="result").update(app_label="games")


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0005_lineup_places_and_choices"),
        ("league", "0009_league_ruleset_registry"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Result",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        (
                            "home_score",
                            models.PositiveSmallIntegerField(
                                validators=[django.core.validators.MaxValueValidator(99)]
                            ),
                        ),
                        (
                            "away_score",
                            models.PositiveSmallIntegerField(
                                validators=[django.core.validators.MaxValueValidator(99)]
                            ),
                        ),
                        ("overtime", models.BooleanField(default=False)),
                        (
                            "source",
                            models.CharField(
                                choices=[
                                    ("reported", "Reported"),
                                    ("simulated", "Simulated"),
                                    ("corrected", "Corrected by the commissioner"),
                                ],
                                max_length=10,
                            ),
                        ),
                        ("seed", models.BigIntegerField(blank=True, null=True)),
                        ("engine_version", models.CharField(blank=True, max_length=20)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "fixture",
                            models.OneToOneField(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="result",
                                to="league.fixture",
                            ),
                        ),
                        (
                            "reported_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["-created_at"],
                        "db_table": "games_result",
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(("away_score__lte", 99), ("home_score__lte", 99)),
                                name="result_scores_sane",
                            ),
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("source", "simulated"), _negated=True),
                                    ("seed__isnull", False),
                                    _connector="OR",
                                ),
                                name="simulated_result_has_seed",
                            ),
                        ],
                    },
                ),
            ],
        ),
        migrations.AlterModelTable(name="result", table=None),
        migrations.RunPython(_content_type_follows, _content_type_returns),
    ]
