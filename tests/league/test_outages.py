"""Degrade, don't fall over: a database outage is a 503 with Retry-After (the API's JSON
error shape under /api/, a plain "back in a minute" page elsewhere); with the cache away the
throttles fail open; no client waits without a timeout (league/outage.py, settings)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import OperationalError
from django.test import Client, RequestFactory

from league.outage import server_error
from tests.games.installation import free_port, wait_for

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def _client() -> Client:
    client = Client()
    client.raise_request_exception = False
    return client


def test_a_database_outage_in_a_page_is_a_503_that_says_try_again(world):
    with mock.patch(
        "league.selectors.home_page.home_leagues",
        side_effect=OperationalError("connection refused"),
    ):
        response = _client().get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert "Back in a minute" in response.content.decode()
    assert "try again in a minute" in response.content.decode()


def test_a_database_outage_in_the_api_is_a_503_in_its_error_shape(world):
    with mock.patch(
        "api.selectors.leagues",
        side_effect=OperationalError("server closed the connection unexpectedly"),
    ):
        response = _client().get("/api/v1/leagues/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert response.json()["error"]["code"] == "service_unavailable"


def test_handler500_answers_an_outage_raised_outside_a_view_with_503():
    request = RequestFactory().get("/api/v1/leagues/")
    try:
        raise OperationalError("the database system is starting up")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503
    assert json.loads(response.content)["error"]["code"] == "service_unavailable"
    page = RequestFactory().get("/leagues/x/")
    try:
        raise ValueError("a bug")
    except ValueError:
        response = server_error(page)
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()


def test_a_real_server_with_its_database_down_answers_503_not_500(tmp_path):
    """gunicorn with DATABASE_URL at a port where nothing listens: the API answers in its
    JSON error shape, pages with the plain page, both at once (connection refused) and with
    Retry-After."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": "postgres://postgres@127.0.0.1:1/nowhere",
        "MAGNOBALL_VAR_DIR": str(tmp_path),
        "DJANGO_DEBUG": "0",
        # With DEBUG off the application refuses the development key (league.E001).
        "SECRET_KEY": secrets.token_urlsafe(50),
    }
    env.pop("REDIS_URL", None)
    with (tmp_path / "web.log").open("wb") as log:
        web = subprocess.Popen(
            [str(Path(sys.executable).with_name("gunicorn")), "config.wsgi",
             "-b", f"127.0.0.1:{port}", "-w", "1"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        wait_for("gunicorn listens", lambda: _status(port, "/static/css/league.css"), 60)
        for path, kind in (("/api/v1/leagues/", "json"), ("/", "html")):
            started = time.monotonic()
            status, headers, body = _get(port, path)
            assert time.monotonic() - started < 10
            assert (status, headers["Retry-After"]) == (503, "30"), body
            if kind == "json":
                assert json.loads(body)["error"]["code"] == "service_unavailable"
            else:
                assert "Back in a minute" in body
    finally:
        web.terminate()
        web.wait(timeout=15)


def _get(port: int, path: str) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=20) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def _status(port: int, path: str) -> int:
    try:
        return _get(port, path)[0]
    except OSError:
        return 0


# --- the cache away -----------------------------------------------------------------------------


def test_with_redis_unreachable_api_reads_go_on_and_fail_open(world, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {
                "SOCKET_CONNECT_TIMEOUT": 1,
                "SOCKET_TIMEOUT": 1,
                "IGNORE_EXCEPTIONS": True,
            },
        }
    }
    settings.API_THROTTLE_RATES = {"anon": "1/min"}
    statuses = [_client().get("/api/v1/leagues/").status_code for _ in range(3)]
    assert statuses == [200, 200, 200]  # nothing counted, nothing refused


def test_a_cache_that_raises_lets_requests_through(world, settings):
    settings.API_THROTTLE_RATES = {"anon": "1/min", "auth_failure": "1/min"}
    down = ConnectionError("Error 111 connecting to redis")
    with (
        mock.patch.object(cache, "add", side_effect=down),
        mock.patch.object(cache, "get_many", side_effect=down),
    ):
        reads = [_client().get("/api/v1/leagues/").status_code for _ in range(3)]
        bad_tokens = [
            _client()
            .get("/api/v1/leagues/", headers={"Authorization": "Token mbl_nope"})
            .status_code
            for _ in range(3)
        ]
    assert reads == [200, 200, 200]
    assert bad_tokens == [401, 401, 401]


def test_every_client_has_a_timeout():
    """A frozen server costs seconds, never a hang: the settings give each client its
    timeouts (docs/operations.md)."""
    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        options = settings.DATABASES["default"]["OPTIONS"]
        assert options["connect_timeout"] > 0
        assert "statement_timeout" in options["options"]
    else:
        assert settings.DATABASES["default"]["OPTIONS"]["timeout"] > 0
    assert settings.CELERY_BROKER_CONNECTION_TIMEOUT > 0
    assert settings.CELERY_TASK_PUBLISH_RETRY_POLICY == {
        **settings.CELERY_TASK_PUBLISH_RETRY_POLICY,
        "max_retries": 1,
    }
    if settings.REDIS_URL:
        assert settings.CACHES["default"]["OPTIONS"]["SOCKET_TIMEOUT"] > 0
        assert settings.CELERY_BROKER_TRANSPORT_OPTIONS["socket_timeout"] == settings.REDIS_TIMEOUT
