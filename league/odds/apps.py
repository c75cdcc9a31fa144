from django.apps import AppConfig


class OddsConfig(AppConfig):
    name = "league.odds"
    label = "odds"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Power ranking and odds"
