from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Matches"

    def ready(self) -> None:
        from games.ruleset import MAGNOBALL
        from league.rulesets import ruleset_register

        # MagnoBall is the ruleset of rosters, injuries and games; games is its top app.
        ruleset_register(MAGNOBALL)
