from __future__ import annotations

from league.errors import DomainError


class ArrangingError(DomainError):
    """Refused by arranging a match: bad times, a closed proposal, a fixture decided."""
