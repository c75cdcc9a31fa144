"""The league export's JSON Schema, published beside the OpenAPI schema (docs/data.md)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from league.exchange.document_schema import SCHEMA_PATH


@pytest.mark.django_db
def test_the_export_schema_is_public(client: Client) -> None:
    response = client.get("/api/v1/schema/export/")

    assert response.status_code == 200
    schema = response.json()
    assert schema == json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["format"]["const"] == "magnoball-league-export"


@pytest.mark.django_db
def test_the_openapi_schema_describes_it(client: Client) -> None:
    response = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json")

    assert "/api/v1/schema/export/" in response.json()["paths"]
