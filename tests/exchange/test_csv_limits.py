"""A CSV import reads its file as a stream within stated limits (docs/data.md, "Limits"):
the documented largest file is read in well under 300 MB (issue #44: a 20 MB file took
2.4 GB and 36 s), and a bigger one is refused as soon as it passes a limit."""

from __future__ import annotations

import io
import time
import tracemalloc

import pytest
from django.conf import settings

from league.exchange.csv_files import MAX_HEADER_CHARACTERS, csv_read
from league.exchange.problems import ImportRefused

COLUMNS = ["team", "short_name", "coach", "colour", "player", "position"]


def _largest_file() -> bytes:
    """EXCHANGE_MAX_ROWS rows filling EXCHANGE_MAX_UPLOAD_BYTES."""
    rows = settings.EXCHANGE_MAX_ROWS
    header = ",".join(COLUMNS) + "\n"
    filler = (settings.EXCHANGE_MAX_UPLOAD_BYTES - len(header)) // rows - 40
    lines = [f"Team {n},T{n % 999},,#1f6feb,{'p' * filler},forward\n" for n in range(rows)]
    return (header + "".join(lines)).encode()[: settings.EXCHANGE_MAX_UPLOAD_BYTES]


def test_the_largest_file_is_read_in_under_300_mb():
    data = _largest_file()
    assert len(data) > 0.95 * settings.EXCHANGE_MAX_UPLOAD_BYTES
    tracemalloc.start()
    started = time.monotonic()
    try:
        read = csv_read(data=io.BytesIO(data), required=COLUMNS[:2], optional=COLUMNS[2:])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    took = time.monotonic() - started
    print(
        f"\n{len(data) / 1e6:.1f} MB, {len(read.rows):,} rows: "
        f"peak {peak / 1e6:.0f} MB, {took:.1f}s"
    )
    assert len(read.rows) == settings.EXCHANGE_MAX_ROWS
    assert peak < 300_000_000


def test_a_file_past_the_size_limit_is_refused_while_it_is_read():
    big = io.BytesIO(b"team,short_name\n" + (b"A," + b"B" * 10_000 + b"\n") * 1_000)  # 10 MB
    with pytest.raises(ImportRefused) as refused:
        csv_read(data=big, required=["team", "short_name"])
    assert "larger than the limit of 5.0 MB" in str(refused.value.problems[0])
    assert big.tell() < settings.EXCHANGE_MAX_UPLOAD_BYTES + 100_000  # read no further


def test_a_long_header_is_refused_without_guessing_at_it():
    header = b',"' * 75_000
    started = time.monotonic()
    with pytest.raises(ImportRefused) as refused:
        csv_read(data=header + b"\n1,2\n", required=["team"])
    assert time.monotonic() - started < 1
    assert f"longer than {MAX_HEADER_CHARACTERS:,} characters" in str(refused.value.problems[0])


@pytest.mark.parametrize(
    ("header", "delimiter"),
    [("team;short_name", ";"), ("team\tshort_name", "\t"), ("team,short_name", ","),
     ('"a;b",short_name', ","), ("team", ",")],
)  # fmt: skip
def test_the_delimiter_is_the_one_the_header_uses_most(header, delimiter):
    cells = ["A", "B"][: header.count(delimiter) + 1]
    data = f"{header}\n{delimiter.join(cells)}\n".encode()
    assert csv_read(data=data, required=[], optional=["team", "short_name", "a;b"]).delimiter == (
        delimiter
    )
