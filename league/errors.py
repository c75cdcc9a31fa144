"""Domain errors. Each app raises its own subclass; the web and API layers map the base
class to a message or an HTTP response in one place each."""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError


class DomainError(Exception):
    """A request the rules or the league's state refuse. Nothing has been changed.

    `fields` maps each offending input (e.g. ``lines[2].points``) to its message, so a form or
    an API response can show every problem beside its field at once.
    """

    code = "refused"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        field: str | None = None,
        fields: Mapping[str, str] | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.fields = dict(fields) if fields else ({field: message} if field else {})
        if code is not None:
            self.code = code


class LeagueError(DomainError):
    """Refused by the league app (seasons, schedule, standings)."""


class PermissionRefused(DomainError):
    """The actor may not do this (not the coach, not the league's commissioner)."""

    code = "forbidden"


def validation_refused(invalid: ValidationError) -> LeagueError:
    """A model's ValidationError as the league's refusal, every message beside its field."""
    errors = {name: " ".join(messages) for name, messages in invalid.message_dict.items()}
    return LeagueError(" ".join(errors.values()), code="invalid", fields=errors)
