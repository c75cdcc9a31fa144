"""System checks of the deployment that Django's own do not make (registered in apps.py)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register, run_checks
from django.core.exceptions import ImproperlyConfigured

from league.secret_key import secret_key_weaknesses

GENERATE = "python -c 'import secrets; print(secrets.token_urlsafe(50))'"


@register(Tags.security)
def secret_key_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """With DEBUG off the site is served to others, whether or not MAGNOBALL_PRODUCTION is on:
    the published development key or a guessable one would let anyone forge sessions and
    password-reset links. (Not a --deploy check: `migrate` and `runserver` run this too.)"""
    if settings.DEBUG:
        return []
    if settings.SECRET_KEY == settings.DEVELOPMENT_SECRET_KEY:
        return [
            Error(
                "SECRET_KEY is the development key published in the repository, and DEBUG is off.",
                hint=f"Set SECRET_KEY to a key of your own: {GENERATE}",
                id="league.E001",
            )
        ]
    reasons = secret_key_weaknesses(settings.SECRET_KEY)
    if reasons:
        return [
            Error(
                f"SECRET_KEY is too weak: {'; '.join(reasons)}.",
                hint=f"Make a random one: {GENERATE}",
                id="league.E002",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def email_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """In production, password-reset mails must go somewhere."""
    if settings.PRODUCTION and settings.EMAIL_BACKEND.endswith(("console.EmailBackend",)):
        return [
            Warning(
                "Mail (password resets) is printed to the log, not sent.",
                hint="Set EMAIL_URL, e.g. smtp://user:password@mail.example.com:587 "
                "(docs/operations.md).",
                id="league.W001",
            )
        ]
    return []


def refuse_unsafe_start() -> None:
    """Raise on a serious security check: gunicorn and other servers import the WSGI or ASGI
    application without running Django's checks, so they run ours here."""
    serious = [message for message in run_checks(tags=[Tags.security]) if message.is_serious()]
    if serious:
        raise ImproperlyConfigured("\n".join(str(message) for message in serious))
