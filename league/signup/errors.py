from __future__ import annotations

from league.errors import DomainError


class SignupError(DomainError):
    """Refused by sign-up: an account, a verification link or a request to join."""
