"""The API's parsers: any malformed body is a 400 and any body over the limit a 413, both in
the API's error shape, never a 500 and never parsed whole first.

- **Size.** A body over ``API_MAX_BODY_BYTES`` (2.5 MB, as Django's forms; an import's file
  goes as multipart, up to its own limit) is refused by its length before a byte is read
  (issue #44: any token could post a 150 MB JSON body, parsed whole before a 400).
- **JSON** (league/json_input.py): nesting past ``MAX_DEPTH``, numbers past 20 digits, NaN
  and Infinity, lone surrogates and NUL characters in text are refused, each named. DRF's
  JSONParser turned only ``ValueError`` into a ParseError: a body nested past Python's
  recursion limit became a 500.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser as DrfJSONParser
from rest_framework.parsers import MultiPartParser as DrfMultiPartParser

from league import json_input

#: Our deepest input is a result: body → lines → line → stats → category → count (5 levels).
MAX_DEPTH = 32
#: Objects and lists in one body (a JSON body is 2.5 MB at most).
MAX_CONTAINERS = 200_000
#: Digits of a whole number: past Python's own limit (4,300) parsing raised a 500; a number
#: under this one reaches its field's check, which names it.
MAX_DIGITS = 100


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body_too_large"
    default_detail = "The body is too large."


def nesting_depth(value: Any) -> int:
    """How deep lists and objects nest in `value` (a scalar is 0), without recursion."""
    return json_input.nesting_depth(value, stop_after=MAX_DEPTH)


def body_limit_check(parser_context: Mapping[str, Any] | None, limit: int, what: str) -> None:
    """Refuse (413) a body whose announced length is over `limit`."""
    request = (parser_context or {}).get("request")
    meta = getattr(getattr(request, "_request", request), "META", {})
    try:
        length = int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit:
        raise BodyTooLarge(f"The body is {length:,} bytes; {what} takes at most {limit:,} bytes.")


class JSONParser(DrfJSONParser):
    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        limit = int(settings.API_MAX_BODY_BYTES)
        body_limit_check(parser_context, limit, "a JSON body")
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:  # no length announced (chunked): read no further
            raise BodyTooLarge(f"The body is over {limit:,} bytes, the most a JSON body takes.")
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError) as error:
            raise ParseError(f"The body is not valid JSON: {error}.") from None
        try:
            return json_input.json_read(
                text, max_depth=MAX_DEPTH, max_containers=MAX_CONTAINERS, max_digits=MAX_DIGITS
            )
        except json_input.JsonRefused as refused:
            if "levels deep" in refused.message:
                raise ParseError(f"The body nests more than {MAX_DEPTH} levels deep.") from None
            raise ParseError(f"The body is not valid JSON: {refused}") from None


class MultiPartParser(DrfMultiPartParser):
    """Multipart (an import's file), refused by its announced length over the largest file
    an import reads plus a megabyte for the other fields, before the upload is stored."""

    def parse(
        self,
        stream: Any,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        largest = max(settings.LEAGUE_IMPORT_MAX_BYTES, settings.EXCHANGE_MAX_UPLOAD_BYTES)
        body_limit_check(parser_context, largest + 1_000_000, "an upload")
        return super().parse(stream, media_type, parser_context)
