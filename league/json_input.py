"""JSON from outside, read within limits: any malformed or oversized input is refused with a
message naming what and where, never a server error (issue #44: a document nested 5,000
deep, a 5,000-digit number, a lone surrogate in a name, a NUL in text each answered 500).

- **Objects**: at most `max_containers` objects and lists, counted in the text before it is
  parsed (a 9 MB file of 3,000,000 ``{}`` took 5.7 GB to parse).
- **Nesting**: at most `max_depth` levels of objects and lists.
- **Numbers**: whole numbers of at most 20 digits (the API's bodies: 100, so a field's own
  check names a number too big for it), decimals of at most 40 characters and
  finite; no NaN or Infinity (Python's json takes them; JSON has none).
- **Text**: no lone surrogate (``"\\ud800"``, which no database stores) and no NUL character
  (which PostgreSQL refuses in text).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_INTEGER_DIGITS = 20
MAX_DECIMAL_CHARACTERS = 40
#: Only an escape in the text can make a lone surrogate or a NUL (UTF-8 has neither).
_SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})")
_BAD_CHARACTER = re.compile("[\ud800-\udfff\x00]")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


class JsonRefused(ValueError):
    """The input is not JSON this service reads; `where` names the place (``line 3, column
    7``, a path such as ``users[2].name``, or "" for the whole), `message` what is wrong."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where, self.message = where, message


def json_read(
    text: str | bytes,
    *,
    max_depth: int,
    max_containers: int,
    max_digits: int = MAX_INTEGER_DIGITS,
) -> Any:
    """`text` parsed, or JsonRefused saying why not (see the module's limits; whole numbers
    of at most `max_digits` digits)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise JsonRefused("", f"Not UTF-8 text (byte {error.start} cannot be read).") from None
    _containers_check(text, max_containers)
    try:
        value = json.loads(
            text,
            parse_int=lambda digits: _integer(digits, max_digits),
            parse_float=_decimal,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as error:
        raise JsonRefused(f"line {error.lineno}, column {error.colno}", f"{error.msg}.") from None
    except RecursionError:
        raise JsonRefused("", f"Nested more than {max_depth} levels deep.") from None
    _values_check(value, max_depth=max_depth, strings=bool(_SUSPECT_ESCAPE.search(text)))
    return value


def _containers_check(text: str, limit: int) -> None:
    if text.count("{") + text.count("[") <= limit:
        return  # every bracket a container, strings' included: surely within the limit
    outside = _STRING.sub("", text)
    if outside.count("{") + outside.count("[") > limit:
        raise JsonRefused("", f"More than {limit:,} objects and lists: too big to read.")


def _integer(digits: str, most: int) -> int:
    if len(digits.lstrip("-")) > most:
        raise JsonRefused("", f"A number has more than {most} digits.")
    return int(digits)


def _decimal(text: str) -> float:
    value = float(text)
    if len(text) > MAX_DECIMAL_CHARACTERS or not math.isfinite(value):
        raise JsonRefused("", f"A number is out of range ({text[:20]}…).")
    return value


def _constant(name: str) -> Any:
    raise JsonRefused("", f"{name} is not a number JSON has.")


def _values_check(value: Any, *, max_depth: int, strings: bool) -> None:
    """Nesting within `max_depth` and (`strings`: the text escapes something suspect) no
    lone surrogate or NUL in a key or a string; walked without recursion."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, dict):
            children: list[tuple[Any, str]] = []
            for key, child in item.items():
                if strings:
                    _text_check(key, f"{path}.{key!r}" if path else repr(key))
                children.append((child, f"{path}.{key}" if path else str(key)))
        elif isinstance(item, list):
            children = [(child, f"{path}[{index}]") for index, child in enumerate(item)]
        else:
            if strings and isinstance(item, str):
                _text_check(item, path)
            continue
        if depth + 1 > max_depth:
            raise JsonRefused(path, f"Nested more than {max_depth} levels deep.")
        stack.extend((child, where, depth + 1) for child, where in children)


def _text_check(text: str, where: str) -> None:
    bad = _BAD_CHARACTER.search(text)
    if bad is None:
        return
    if bad.group() == "\x00":
        raise JsonRefused(where, "The text holds a NUL character (\\u0000).")
    raise JsonRefused(
        where, f"The text holds a lone surrogate (\\u{ord(bad.group()):04x}): not Unicode text."
    )


def nesting_depth(value: Any, *, stop_after: int) -> int:
    """How deep lists and objects nest in `value` (a scalar is 0), without recursion;
    counting stops once past `stop_after`."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        if deepest > stop_after:
            return deepest
        stack.extend((child, depth) for child in children)
    return deepest
