from django.apps import AppConfig


class ExchangeJobsConfig(AppConfig):
    name = "league.exchange_jobs"
    label = "exchange_jobs"
    verbose_name = "Export and import jobs"
    default_auto_field = "django.db.models.BigAutoField"
