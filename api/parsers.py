"""The API's JSON parser: any malformed body, however deeply nested, is a 400.

DRF's JSONParser turns only ``ValueError`` into a ParseError; a body nested past Python's
recursion limit (``[[[…]]]`` a thousand deep) raises RecursionError and so became a 500.
A body that parses but nests deeper than any of our inputs would still recurse later (the
serializers, the idempotency hash), so it is refused here too.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser as DrfJSONParser

#: Our deepest input is a result: body → lines → line → stats → category → count (5 levels).
MAX_DEPTH = 32


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in `value` (a scalar is 0), without recursion."""
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
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, depth) for child in children)
    return deepest


class JSONParser(DrfJSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = codecs.getreader(encoding)(stream).read()
            data = json.loads(text, parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as error:
            # RecursionError's text says nothing useful to a client.
            reason = "nested too deeply" if isinstance(error, RecursionError) else str(error)
            raise ParseError(f"The body is not valid JSON: {reason}.") from None
        if nesting_depth(data) > MAX_DEPTH:
            raise ParseError(f"The body nests more than {MAX_DEPTH} levels deep.")
        return data


def _refuse_constant(name: str) -> Any:
    # NaN and Infinity are not JSON, though Python's json accepts them.
    raise ValueError(f"{name} is not allowed")
