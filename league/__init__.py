"""The project package and the base app (leagues, seasons, teams, fixtures)."""

from league.celery import app as celery_app

__all__ = ["celery_app"]
