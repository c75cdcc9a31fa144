"""The API's test client: JSON in and out, signed in with a token or anonymous."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client


class Api:
    """A client that speaks JSON and signs in with a token (or stays anonymous)."""

    def __init__(self, key: str | None = None):
        self.client = Client()
        self.key = key

    def _headers(self, headers: dict[str, str]) -> dict[str, str]:
        if self.key:
            headers = {"Authorization": f"Token {self.key}", **headers}
        return headers

    def get(self, path: str, params: dict[str, Any] | None = None, **headers: str) -> Any:
        return self.client.get(path, params or {}, headers=self._headers(headers))

    def post(self, path: str, body: Any = None, *, raw: str | None = None, **headers: str) -> Any:
        return self._send("post", path, body, raw, headers)

    def _send(self, method: str, path: str, body: Any, raw: str | None, headers: Any) -> Any:
        data = raw if raw is not None else json.dumps({} if body is None else body)
        send = getattr(self.client, method)
        return send(path, data, content_type="application/json", headers=self._headers(headers))

    def put(self, path: str, body: Any = None, *, raw: str | None = None, **headers: str) -> Any:
        return self._send("put", path, body, raw, headers)

    def patch(self, path: str, body: Any = None, *, raw: str | None = None, **headers: str) -> Any:
        return self._send("patch", path, body, raw, headers)

    def delete(self, path: str, **headers: str) -> Any:
        return self.client.delete(path, headers=self._headers(headers))
