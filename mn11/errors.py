"""Magic Number Eleven's refusals."""

from __future__ import annotations

from league.errors import DomainError


class Mn11Error(DomainError):
    """Refused by the Magic Number Eleven app."""
