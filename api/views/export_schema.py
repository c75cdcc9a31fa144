"""The JSON Schema of the league's export document, published beside the OpenAPI schema."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from api.base import ApiView
from league.exchange.document_schema import SCHEMA_PATH


@cache
def _schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return loaded


class ExportSchemaView(ApiView):
    authentication_classes: list[Any] = []

    @extend_schema(
        summary="The league export's JSON Schema",
        description=(
            "The JSON Schema (draft 2020-12) a league's JSON export document follows "
            "(`format` magnoball-league-export, `version` 1): validate a file against it "
            "before importing it, or read what each table and field holds. Public; see "
            "docs/data.md for the import's own rules."
        ),
        responses={200: OpenApiTypes.OBJECT},
        tags=["schema"],
    )
    def get(self, request: Request) -> Response:
        return Response(_schema())
