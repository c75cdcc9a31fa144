"""Reading and writing the CSV files of a league (docs/data.md, "CSV").

A file read in is checked as a whole before any row is looked at: its size (settings
``EXCHANGE_MAX_UPLOAD_BYTES``, 50 MB by default), its encoding (UTF-8, with or without the
byte-order mark a spreadsheet writes; any other encoding is refused, naming the first byte
that is not UTF-8, rather than guessed: a wrong guess would import wrong names silently) and
its delimiter (comma, semicolon or tab, found by ``csv.Sniffer`` from the header line).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.conf import settings

from league.exchange.problems import ImportRefused, Problem

DELIMITERS = ",;\t"
_DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}
BOM = "\ufeff"


@dataclass(frozen=True)
class CsvRow:
    """One data row: its number in the file (the header is row 1) and its cells by column,
    stripped, "" for a missing cell."""

    number: int
    cells: dict[str, str]

    @property
    def where(self) -> str:
        return f"row {self.number}"

    def __getitem__(self, column: str) -> str:
        return self.cells.get(column, "")


@dataclass(frozen=True)
class CsvFile:
    heads: tuple[str, ...]
    rows: tuple[CsvRow, ...]
    delimiter: str


def max_upload_bytes() -> int:
    return int(settings.EXCHANGE_MAX_UPLOAD_BYTES)


def csv_read(*, data: bytes, required: Sequence[str], optional: Sequence[str] = ()) -> CsvFile:
    """The file's rows by column, or ImportRefused naming what is wrong with the file as a
    whole: too big, not UTF-8, no header, an unknown delimiter, a missing or unknown column,
    a row with more cells than the header."""
    if len(data) > max_upload_bytes():
        raise ImportRefused([size_problem()])
    text = _decode(data)
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise ImportRefused([Problem("row 1", "", "The file is empty: it needs a header row.")])
    delimiter = _delimiter(lines[0])
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        table = list(reader)
    except csv.Error as error:
        message = f"This is not valid CSV: {error}."
        if "field limit" in str(error):
            message = (
                f"A cell is longer than {csv.field_size_limit():,} characters: is a quote "
                "left open?"
            )
        raise ImportRefused([Problem(f"row {reader.line_num}", "", message)]) from None
    heads = tuple(head.strip().lower() for head in table[0])
    problems = _header_problems(heads, required=required, optional=optional)
    rows: list[CsvRow] = []
    for number, cells in enumerate(table[1:], start=2):
        if not any(cell.strip() for cell in cells):
            continue  # a blank line, as spreadsheets leave at the end
        if len(cells) > len(heads):
            problems.append(
                Problem(
                    f"row {number}",
                    "",
                    f"The row has {len(cells)} cells but the header has {len(heads)} columns "
                    f"(is the delimiter a {_DELIMITER_NAMES[delimiter]}?).",
                )
            )
            continue
        rows.append(
            CsvRow(
                number,
                {h: cell_restored(c.strip()).strip() for h, c in zip(heads, cells, strict=False)},
            )
        )
    if problems:
        raise ImportRefused(problems)
    if not rows:
        raise ImportRefused([Problem("row 2", "", "The file has a header but no rows.")])
    return CsvFile(heads=heads, rows=tuple(rows), delimiter=delimiter)


def size_problem() -> Problem:
    """A file over the limit: said before it is read (an upload may be cut at the limit)."""
    return Problem(
        "file",
        "",
        f"The file is larger than the limit of {_size(max_upload_bytes())}: split it and "
        "import it in parts.",
    )


def _size(count: int) -> str:
    return f"{count / 1_000_000:.1f} MB" if count >= 100_000 else f"{count:,} bytes"


def _decode(data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ImportRefused(
            [
                Problem(
                    f"row {line}",
                    "",
                    f"The file is not UTF-8 (byte {data[error.start]:#04x} at position "
                    f"{error.start}): save it from your spreadsheet as “CSV UTF-8” and upload "
                    "it again.",
                )
            ]
        ) from None
    return text.removeprefix(BOM)


def _delimiter(header: str) -> str:
    try:
        return csv.Sniffer().sniff(header, delimiters=DELIMITERS).delimiter
    except csv.Error:
        if not any(mark in header for mark in DELIMITERS):
            return ","  # a header of one column has no delimiter to find
        raise ImportRefused(
            [
                Problem(
                    "row 1",
                    "",
                    "The columns could not be told apart: separate them with commas, "
                    "semicolons or tabs.",
                )
            ]
        ) from None


def _header_problems(
    heads: tuple[str, ...], *, required: Sequence[str], optional: Sequence[str]
) -> list[Problem]:
    problems = [
        Problem("row 1", name, "This column is missing.") for name in required if name not in heads
    ]
    known = set(required) | set(optional)
    expected = ", ".join([*required, *optional])
    seen: set[str] = set()
    for head in heads:
        if head in seen:
            problems.append(Problem("row 1", head, "This column appears twice."))
        elif head not in known:
            problems.append(
                Problem("row 1", head, f"Unknown column (the columns are: {expected}).")
            )
        seen.add(head)
    return problems


#: What a spreadsheet reads as the start of a formula (OWASP's list): such a text cell is
#: written after a quote mark, which spreadsheets show as text and our import takes off.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_QUOTE = "'"


def cell_neutralised(value: object) -> object:
    """A text cell made safe to open in a spreadsheet: one starting like a formula (or with
    the quote mark itself, so the import can tell) gets a quote mark in front. Numbers stay
    numbers."""
    if isinstance(value, str) and value.startswith((*FORMULA_STARTS, _QUOTE)):
        return _QUOTE + value
    return value


def cell_restored(text: str) -> str:
    """The text our export neutralised, as it was (a quote mark before a formula's start or
    another quote mark is taken off); any other cell as it is."""
    if text.startswith(_QUOTE) and text[1:].startswith((*FORMULA_STARTS, _QUOTE)):
        return text[1:]
    return text


def csv_write(*, heads: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A CSV text with a header row, comma-separated, lines ended by CRLF (RFC 4180), every
    text cell that would start a formula neutralised (cell_neutralised)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(heads)
    writer.writerows([cell_neutralised(cell) for cell in row] for row in rows)
    return out.getvalue()
