"""What an import found wrong, named so a commissioner can go straight to it.

Every import (JSON or CSV) checks the whole file first and collects every problem it finds;
nothing is written unless the list is empty (an all-or-nothing write, docs/data.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from league.errors import LeagueError


@dataclass(frozen=True)
class Problem:
    """One problem in an import file.

    `where` names the place: ``row 7`` in a CSV file (counting the header as row 1) or a JSON
    path such as ``seasons[0].fixtures[12]``; `field` names the column or key (``""`` for the
    file as a whole); `message` says what is wrong in the commissioner's words.
    """

    where: str
    field: str
    message: str

    def __str__(self) -> str:
        place = f"{self.where}, {self.field}" if self.field else self.where
        return f"{place}: {self.message}"

    def as_dict(self) -> dict[str, str]:
        return {"where": self.where, "field": self.field, "message": self.message}


class ImportRefused(LeagueError):
    """The file was not imported; `problems` lists every reason. Nothing was changed."""

    code = "invalid_import"

    def __init__(self, problems: list[Problem]):
        count = len(problems)
        noun = "problem" if count == 1 else "problems"
        super().__init__(f"Nothing was imported: {count} {noun} in the file.")
        self.problems = problems
