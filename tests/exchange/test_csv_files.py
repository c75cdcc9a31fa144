"""Reading a CSV file as a whole: size, encoding, delimiter and header, each refused by
name before a row is looked at (docs/data.md, "CSV")."""

from __future__ import annotations

import pytest

from league.exchange.csv_files import csv_read, csv_write
from league.exchange.problems import ImportRefused

REQUIRED = ("round", "home", "away")


def _problems(data: bytes, **kwargs: object) -> list[str]:
    with pytest.raises(ImportRefused) as refused:
        csv_read(data=data, required=REQUIRED, **kwargs)
    return [str(problem) for problem in refused.value.problems]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
def test_each_delimiter_is_found_by_the_sniffer(delimiter: str) -> None:
    text = delimiter.join(REQUIRED) + "\n" + delimiter.join(["1", "Ötztal", "B"]) + "\n"
    read = csv_read(data=text.encode(), required=REQUIRED)
    assert read.delimiter == delimiter
    assert read.rows[0].cells == {"round": "1", "home": "Ötztal", "away": "B"}
    assert read.rows[0].where == "row 2"


def test_utf8_with_a_byte_order_mark_is_read() -> None:
    data = "\ufeffround,home,away\r\n1,Zürich,B\r\n".encode()
    assert csv_read(data=data, required=REQUIRED).rows[0]["home"] == "Zürich"


def test_a_file_in_another_encoding_is_refused_naming_the_row() -> None:
    data = "round;home;away\n1;Zürich;B\n".encode("cp1252")
    (problem,) = _problems(data)
    assert problem.startswith("row 2: The file is not UTF-8 (byte 0xfc")
    assert "CSV UTF-8" in problem


def test_a_file_over_the_size_limit_is_refused(settings) -> None:
    settings.EXCHANGE_MAX_UPLOAD_BYTES = 1000
    (problem,) = _problems(b"round,home,away\n" + b"1,A,B\n" * 200)
    assert problem == (
        "file: The file is larger than the limit of 1,000 bytes: split it and import it in parts."
    )


def test_the_default_limits_are_five_megabytes_and_five_thousand_rows(settings) -> None:
    assert settings.EXCHANGE_MAX_UPLOAD_BYTES == 5_000_000
    assert settings.EXCHANGE_MAX_ROWS == 5_000


def test_missing_unknown_and_repeated_columns_are_named() -> None:
    problems = _problems(b"round,home,colour,colour\n1,A,red,blue\n")
    assert problems == [
        "row 1, away: This column is missing.",
        "row 1, colour: Unknown column (the columns are: round, home, away).",
        "row 1, colour: This column appears twice.",
    ]


def test_a_row_longer_than_the_header_is_named() -> None:
    problems = _problems(b"round,home,away\n1,A,B\n2,A,B,C\n")
    assert problems == [
        "row 3: The row has 4 cells but the header has 3 columns (is the delimiter a comma?)."
    ]


def test_an_empty_file_and_a_header_alone_are_refused() -> None:
    assert _problems(b"") == ["row 1: The file is empty: it needs a header row."]
    assert _problems(b"round,home,away\n\n") == ["row 2: The file has a header but no rows."]


def test_written_csv_reads_back() -> None:
    text = csv_write(heads=REQUIRED, rows=[(1, "A, the first", 'B "2"')])
    read = csv_read(data=text.encode(), required=REQUIRED)
    assert read.rows[0].cells == {"round": "1", "home": "A, the first", "away": 'B "2"'}


def test_a_quote_left_open_is_named() -> None:
    data = ('round,home,away\n1,"A,B\n' + "x" * 140_000 + "\n").encode()
    (problem,) = _problems(data)
    assert problem == "row 3: A cell is longer than 131,072 characters: is a quote left open?"
