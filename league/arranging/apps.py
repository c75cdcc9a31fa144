from django.apps import AppConfig


class ArrangingConfig(AppConfig):
    name = "league.arranging"
    label = "arranging"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Arranging matches"
