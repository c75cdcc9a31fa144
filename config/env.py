"""Strict helpers for reading settings from the environment.

A malformed value raises ImproperlyConfigured at start-up instead of silently
falling back to a default, so a typo in a deployment never goes unnoticed.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str = "", *, environ: Mapping[str, str] = os.environ) -> str:
    return environ.get(name, default).strip()


def env_bool(name: str, default: bool, *, environ: Mapping[str, str] = os.environ) -> bool:
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean; use one of 1/0, true/false.")


def env_int(
    name: str,
    default: int,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    environ: Mapping[str, str] = os.environ,
) -> int:
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={value} is below the minimum of {minimum}.")
    if maximum is not None and value > maximum:
        raise ImproperlyConfigured(f"{name}={value} is above the maximum of {maximum}.")
    return value


def env_float(
    name: str, default: float, *, above: float, environ: Mapping[str, str] = os.environ
) -> float:
    """A decimal number greater than `above` (e.g. ``1.1``)."""
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw.strip())
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number.") from None
    if not (math.isfinite(value) and value > above):
        raise ImproperlyConfigured(f"{name}={raw!r} must be a finite number above {above:g}.")
    return value


def env_list(
    name: str, default: list[str], *, environ: Mapping[str, str] = os.environ
) -> list[str]:
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_url(name: str, *, schemes: tuple[str, ...], environ: Mapping[str, str] = os.environ) -> str:
    """An optional URL; when set, its scheme must be one of `schemes`."""
    value = env_str(name, environ=environ)
    if value and value.split("://", 1)[0] not in schemes:
        allowed = ", ".join(f"{scheme}://" for scheme in schemes)
        raise ImproperlyConfigured(f"{name} must start with one of {allowed}; got {value!r}.")
    return value


@dataclass(frozen=True)
class EmailSettings:
    backend: str
    host: str = "localhost"
    port: int = 25
    user: str = ""
    password: str = ""
    use_tls: bool = False
    use_ssl: bool = False


_EMAIL_BACKENDS = {
    "console": "django.core.mail.backends.console.EmailBackend",
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
}


def env_email_url(
    name: str, *, default: str, environ: Mapping[str, str] = os.environ
) -> EmailSettings:
    """Mail settings from one URL: ``console://``, ``smtp://user:password@host:587``
    (STARTTLS unless the port is 25) or ``smtps://user:password@host:465`` (TLS)."""
    raw = env_str(name, environ=environ) or default
    url = urlsplit(raw)
    if url.scheme not in _EMAIL_BACKENDS:
        allowed = ", ".join(f"{scheme}://" for scheme in _EMAIL_BACKENDS)
        raise ImproperlyConfigured(f"{name} must start with one of {allowed}; got {url.scheme!r}.")
    if url.scheme == "console":
        return EmailSettings(backend=_EMAIL_BACKENDS["console"])
    if not url.hostname:
        raise ImproperlyConfigured(f"{name} needs a host, e.g. smtp://user:password@host:587.")
    try:
        port = url.port or (465 if url.scheme == "smtps" else 587)
    except ValueError:
        raise ImproperlyConfigured(f"{name} has a malformed port.") from None
    return EmailSettings(
        backend=_EMAIL_BACKENDS[url.scheme],
        host=url.hostname,
        port=port,
        user=unquote(url.username or ""),
        password=unquote(url.password or ""),
        use_ssl=url.scheme == "smtps",
        use_tls=url.scheme == "smtp" and port != 25,
    )


def env_int_list(
    name: str, default: list[int], *, minimum: int = 0, environ: Mapping[str, str] = os.environ
) -> list[int]:
    """Comma-separated whole numbers, each at least `minimum` (e.g. ``30,120,600``)."""
    raw = environ.get(name)
    if raw is None or raw.strip() == "":
        return list(default)
    values = []
    for item in raw.split(","):
        try:
            value = int(item.strip())
        except ValueError:
            message = f"{name}={raw!r}: {item.strip()!r} is not a whole number."
            raise ImproperlyConfigured(message) from None
        if value < minimum:
            raise ImproperlyConfigured(
                f"{name}={raw!r}: {value} is below the minimum of {minimum}."
            )
        values.append(value)
    return values
