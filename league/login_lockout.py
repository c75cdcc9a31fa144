"""How django-axes tells clients apart when it counts failed sign-ins."""

from __future__ import annotations

from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The address that connected to us. X-Forwarded-For is not read: any client can send
    it, so a guesser would pick a fresh "address" for every try."""
    return str(request.META.get("REMOTE_ADDR", ""))
