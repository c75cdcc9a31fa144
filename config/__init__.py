"""The project package: Django's settings, the root URLconf, the WSGI/ASGI entry points and
the Celery app. It only wires the apps together; nothing imports it (pyproject.toml's import
contract): Django, gunicorn and Celery load it by name.

The Celery app is made when Django reads the settings, so that every process has it before
an app sends a task through Celery's current app."""

from config.celery import app as celery_app

__all__ = ["celery_app"]
