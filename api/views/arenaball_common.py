"""What Arenaball's views share: reading a body with the game's own parser (so the web form
and the API read it alike), every malformed field and unknown field refused at once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rest_framework import serializers
from rest_framework.request import Request

from league.errors import DomainError

T = TypeVar("T")


def read_body(
    request: Request,
    parse: Callable[[Mapping[str, Any]], tuple[T, dict[str, str]]],
    shape: type[serializers.Serializer[Any]],
) -> T:
    """`parse`'s value from the body, which must be a JSON object of `shape`'s fields; a 400
    naming every malformed or unknown field (dotted: ``goals.0.scorer``) otherwise."""
    data = request.data
    if not isinstance(data, Mapping):
        raise DomainError("Send the body as a JSON object.", code="invalid", field="body")
    value, errors = parse(data)
    known = set(shape().fields)
    unknown = {str(name): "Unknown field." for name in data if name not in known}
    errors = {**unknown, **errors}  # the parser's own word on a field it knows of comes first
    if errors:
        count = len(errors)
        raise DomainError(
            f"The request has {count} problem{'s' if count != 1 else ''}; see fields.",
            code="invalid",
            fields=errors,
        )
    return value
