from django.apps import AppConfig


class RostersConfig(AppConfig):
    name = "rosters"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Rosters"
