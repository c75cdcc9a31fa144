"""Magic Number Eleven's refusals."""

from __future__ import annotations

from collections.abc import Sequence

from league.errors import DomainError
from rules.mn11 import ReportError


class Mn11Error(DomainError):
    """Refused by the Magic Number Eleven app."""


def field_key(path: str) -> str:
    """A rules path (``events[3].card``, ``shootout[7]``) as the forms' and the API's dotted
    key (``events.3.card``, ``shootout.7``)."""
    return path.replace("[", ".").replace("]", "")


def report_refused(errors: Sequence[ReportError], *, code: str) -> Mn11Error:
    """Every fault in one refusal, each beside its field (a field with several gets them
    all, each with its rule id)."""
    fields: dict[str, str] = {}
    for error in errors:
        name = field_key(error.field) or "__all__"
        text = f"{error.message} ({error.rule})"
        fields[name] = f"{fields[name]} {text}" if name in fields else text
    message = " ".join(f"{error.message} ({error.rule})" for error in errors)
    return Mn11Error(message, code=code, fields=fields)
