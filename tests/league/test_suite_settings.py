"""The suite keeps its runtime files apart from the service's (tests/settings.py): messages a
test leaves in the embedded broker's folder must never reach the worker of ``./dev run``."""

from pathlib import Path

from django.conf import settings


def test_the_suite_has_a_runtime_folder_of_its_own():
    service_var = Path(settings.BASE_DIR) / "var"
    assert not Path(settings.VAR_DIR).is_relative_to(service_var)
    assert Path(settings.CELERY_BROKER_DIR).is_relative_to(settings.VAR_DIR)
    assert Path(settings.MEDIA_ROOT).is_relative_to(settings.VAR_DIR)
    assert Path(settings.LEAGUE_IMPORT_DIR).is_relative_to(settings.VAR_DIR)
