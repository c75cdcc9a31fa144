from django.apps import AppConfig


class HonoursConfig(AppConfig):
    name = "league.honours"
    label = "honours"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Honours: awards, MVP votes, records"
