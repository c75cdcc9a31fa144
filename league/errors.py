"""Domain errors. Each app raises its own subclass; the web and API layers map the base
class to a message or an HTTP response in one place each."""

from __future__ import annotations


class DomainError(Exception):
    """A request the rules or the league's state refuse. Nothing has been changed."""

    code = "refused"

    def __init__(self, message: str, *, code: str | None = None, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code


class LeagueError(DomainError):
    """Refused by the league app (seasons, schedule, standings)."""
