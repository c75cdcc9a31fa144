from django.apps import AppConfig


class SignupConfig(AppConfig):
    name = "league.signup"
    label = "signup"
    verbose_name = "Sign-ups"
    default_auto_field = "django.db.models.BigAutoField"
