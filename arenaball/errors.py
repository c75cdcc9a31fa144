"""Arenaball's refusals: a DomainError that carries every broken rule (rules.arenaball.Problem),
so a form shows each beside its field and the API lists them with their rule ids."""

from __future__ import annotations

from collections.abc import Sequence

from league.errors import DomainError
from rules.arenaball import Problem


class ArenaballError(DomainError):
    """Refused by the Arenaball app. `problems` are the broken rules, in the rules' order."""

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        field: str | None = None,
        fields: dict[str, str] | None = None,
        problems: Sequence[Problem] = (),
    ):
        super().__init__(message, code=code, field=field, fields=fields)
        self.problems = tuple(problems)


def problems_refused(problems: Sequence[Problem], *, code: str) -> ArenaballError:
    """Every problem in one refusal: the messages together, each beside its field (a field
    with several problems gets them all), `code` for the whole."""
    fields: dict[str, str] = {}
    for problem in problems:
        name = problem.field or "__all__"
        fields[name] = f"{fields[name]} {problem.message}" if name in fields else problem.message
    message = " ".join(problem.message for problem in problems)
    return ArenaballError(message, code=code, fields=fields, problems=problems)
