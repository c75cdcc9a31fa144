"""Reading and writing the CSV files of a league (docs/data.md, "CSV").

A file read in is checked as a whole before any row is written: its size (settings
``EXCHANGE_MAX_UPLOAD_BYTES``, 5 MB by default) and rows (``EXCHANGE_MAX_ROWS``, 5,000), its
encoding (UTF-8, with or without the byte-order mark a spreadsheet writes; any other
encoding is refused, naming the first byte that is not UTF-8, rather than guessed: a wrong
guess would import wrong names silently) and its delimiter (comma, semicolon or tab: the one
the header line uses most). It is read as a stream, line by line, and refused as soon as it
passes a limit (docs/data.md, "Limits").
"""

from __future__ import annotations

import codecs
import csv
import io
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

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


def max_rows() -> int:
    return int(settings.EXCHANGE_MAX_ROWS)


#: The longest header row read, in characters (a 150 KB header of ``,"`` sent csv.Sniffer
#: quadratic until the web server killed its worker, issue #44).
MAX_HEADER_CHARACTERS = 4_096
#: The longest line read, in characters: twice the longest cell the csv module reads (a
#: quoted cell may also run over several lines, each counted by the csv module).
MAX_LINE_CHARACTERS = 2 * 131_072
_CHUNK_BYTES = 65_536


def csv_read(
    *, data: bytes | BinaryIO, required: Sequence[str], optional: Sequence[str] = ()
) -> CsvFile:
    """The file's rows by column, read as a stream, or ImportRefused naming what is wrong
    with the file as a whole: too big, too many rows, not UTF-8, no header, a header or a
    line too long, an unknown delimiter, a missing or unknown column, a row with more cells
    than the header, a NUL character."""
    stream = io.BytesIO(data) if isinstance(data, bytes) else data
    lines = _lines(stream)
    header = next(lines, "")
    if len(header) > MAX_HEADER_CHARACTERS:
        raise ImportRefused(
            [Problem("row 1", "", f"The header row is longer than {MAX_HEADER_CHARACTERS:,} "
                     "characters: is this the right file?")]
        )  # fmt: skip
    if not header.strip():
        raise ImportRefused([Problem("row 1", "", "The file is empty: it needs a header row.")])
    delimiter = _delimiter(header)
    reader = csv.reader(itertools.chain([header], lines), delimiter=delimiter)
    try:
        heads = tuple(head.strip().lower() for head in next(reader))
        problems = _header_problems(heads, required=required, optional=optional)
        rows = _rows(reader, heads, delimiter, problems)
    except csv.Error as error:
        message = f"This is not valid CSV: {error}."
        if "field limit" in str(error):
            message = (
                f"A cell is longer than {csv.field_size_limit():,} characters: is a quote "
                "left open?"
            )
        raise ImportRefused([Problem(f"row {reader.line_num}", "", message)]) from None
    if problems:
        raise ImportRefused(problems)
    if not rows:
        raise ImportRefused([Problem("row 2", "", "The file has a header but no rows.")])
    return CsvFile(heads=heads, rows=tuple(rows), delimiter=delimiter)


def _rows(
    reader: Iterator[list[str]], heads: tuple[str, ...], delimiter: str, problems: list[Problem]
) -> list[CsvRow]:
    """The data rows (blank lines skipped), every problem of a row noted; stops with
    ImportRefused past the most rows an import reads."""
    rows: list[CsvRow] = []
    for number, cells in enumerate(reader, start=2):
        if not any(cell.strip() for cell in cells):
            continue  # a blank line, as spreadsheets leave at the end
        if len(rows) >= max_rows():
            raise ImportRefused([rows_problem(number)])
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
        values = {h: cell_restored(c.strip()).strip() for h, c in zip(heads, cells, strict=False)}
        nul = [head for head, value in values.items() if "\x00" in value]
        problems.extend(
            Problem(f"row {number}", head, "The cell holds a NUL character: not text.")
            for head in nul
        )
        rows.append(CsvRow(number, values))
    return rows


def rows_problem(number: int) -> Problem:
    return Problem(
        f"row {number}",
        "",
        f"The file has more than {max_rows():,} rows: split it and import it in parts.",
    )


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


def _lines(stream: BinaryIO) -> Iterator[str]:
    """The stream's text line by line, each with its end (only ``\\n`` ends a line: the csv
    reader sees the rest), decoded as UTF-8 (a byte-order mark dropped) as it is read;
    ImportRefused when it is too big, not UTF-8, or has a line too long."""
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    read, line_number, pending = 0, 1, ""
    while True:
        chunk = stream.read(_CHUNK_BYTES)
        read += len(chunk)
        if read > max_upload_bytes():
            raise ImportRefused([size_problem()])
        try:
            text = pending + decoder.decode(chunk, final=not chunk)
        except UnicodeDecodeError as error:
            problem = _encoding_problem(chunk, error, read - len(chunk), line_number)
            raise ImportRefused([problem]) from None
        *complete, pending = text.split("\n")
        for line in complete:
            yield _checked(line + "\n", line_number)
            line_number += 1
        _checked(pending, line_number)
        if not chunk:
            if pending:
                yield pending
            return


def _checked(line: str, number: int) -> str:
    if len(line) > MAX_LINE_CHARACTERS:
        raise ImportRefused(
            [Problem(f"row {number}", "", f"The line is longer than {MAX_LINE_CHARACTERS:,} "
                     "characters: is a quote left open?")]
        )  # fmt: skip
    return line


def _encoding_problem(
    chunk: bytes, error: UnicodeDecodeError, offset: int, line_number: int
) -> Problem:
    # The decoder's position counts from the bytes it held back from the chunk before.
    start = max(0, min(error.start, len(chunk) - 1))
    line = line_number + chunk[:start].count(b"\n")
    return Problem(
        f"row {line}",
        "",
        f"The file is not UTF-8 (byte {chunk[start]:#04x} at position {offset + start}): save "
        "it from your spreadsheet as “CSV UTF-8” and upload it again.",
    )


def _delimiter(header: str) -> str:
    """The delimiter the header row uses most, counted outside quotes: one pass over it
    (csv.Sniffer's guesses took quadratic time on a long header)."""
    counts = dict.fromkeys(DELIMITERS, 0)
    quoted = False
    for character in header:
        if character == '"':
            quoted = not quoted
        elif not quoted and character in counts:
            counts[character] += 1
    best = max(DELIMITERS, key=lambda mark: counts[mark])
    return best if counts[best] else ","  # a header of one column has no delimiter to find


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
