from django.apps import AppConfig


class ArenaballConfig(AppConfig):
    name = "arenaball"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Arenaball"

    def ready(self) -> None:
        from arenaball.ruleset import ARENABALL
        from league.rulesets import ruleset_register

        ruleset_register(ARENABALL)
