"""The production set-up from a clean clone (issue 11, attack 7): collectstatic, the secret
key checks, `check --deploy` and mail settings."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_email_url
from league.secret_key import secret_key_weaknesses
from tests.config.test_settings import REAL_KEY, ROOT, _manage

PRODUCTION = {
    "MAGNOBALL_PRODUCTION": "1",
    "SECRET_KEY": REAL_KEY,
    "ALLOWED_HOSTS": "league.example.com",
    "EMAIL_URL": "smtp://league:pw@mail.example.com:587",
}


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DJANGO_DEBUG"}}
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_collectstatic_works_with_production_settings(tmp_path):
    """The manifest storage refuses a file that points to a missing one (the vendored
    Chart.js's source map); every page is a 500 without the manifest."""
    env = {**PRODUCTION, "MAGNOBALL_VAR_DIR": str(tmp_path)}

    run = _manage("collectstatic", "--no-input", "-v", "0", **env)

    assert run.returncode == 0, run.stdout + run.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())
    assert "vendor/chartjs/chart.umd.min.js" in manifest["paths"]
    assert "js/admin/control-room.js" in manifest["paths"]
    resolved = _manage(
        "shell",
        "-c",
        "from django.templatetags.static import static; "
        "print(static('vendor/chartjs/chart.umd.min.js'))",
        **env,
    )
    assert resolved.returncode == 0, resolved.stderr
    assert manifest["paths"]["vendor/chartjs/chart.umd.min.js"] in resolved.stdout


def test_production_settings_pass_check_deploy_with_nothing_to_report():
    run = _manage("check", "--deploy", **PRODUCTION)

    assert run.returncode == 0, run.stdout + run.stderr
    assert "System check identified no issues (0 silenced)." in run.stdout


def test_check_deploy_says_when_production_mail_goes_nowhere():
    env = {key: value for key, value in PRODUCTION.items() if key != "EMAIL_URL"}

    run = _manage("check", "--deploy", **env)

    assert "league.W001" in run.stderr


@pytest.mark.parametrize("command", [("check",), ("check", "--deploy"), ("migrate", "--plan")])
def test_the_development_key_is_refused_whenever_debug_is_off(command):
    run = _manage(*command, DJANGO_DEBUG="0", ALLOWED_HOSTS="league.example.com")

    assert run.returncode != 0
    assert "league.E001" in run.stderr


@pytest.mark.parametrize("module", ["config.wsgi", "config.asgi"])
def test_the_server_refuses_to_start_on_the_development_key_with_debug_off(module):
    """gunicorn runs no system checks of its own: the application module runs ours."""
    refused = _python(f"import {module}", DJANGO_DEBUG="0")
    started = _python(f"import {module}", **PRODUCTION)

    assert refused.returncode != 0
    assert "league.E001" in refused.stderr
    assert started.returncode == 0, started.stderr


def test_the_development_key_is_fine_with_debug_on():
    run = _manage("check", DJANGO_DEBUG="1")

    assert run.returncode == 0, run.stderr


def test_a_low_entropy_key_is_refused_whenever_debug_is_off():
    run = _manage("check", DJANGO_DEBUG="0", SECRET_KEY="abcde" * 10)

    assert run.returncode != 0
    assert "league.E002" in run.stderr
    assert "repeats a shorter pattern" in run.stderr


def test_production_refuses_a_low_entropy_key_at_start_up():
    run = _manage("check", **{**PRODUCTION, "SECRET_KEY": "abcde" * 10})

    assert run.returncode != 0
    assert "MAGNOBALL_PRODUCTION needs SECRET_KEY" in run.stderr


@pytest.mark.parametrize(
    "key",
    ["abcde" * 10, "a" * 60, "ab" * 30, "0123456789" * 5, "short-but-random-Qz7Lm"],
)
def test_weak_keys_are_named(key):
    assert secret_key_weaknesses(key)


@pytest.mark.parametrize("make", [lambda: secrets.token_urlsafe(50), lambda: secrets.token_hex(32)])
def test_generated_keys_pass(make):
    for _ in range(200):
        assert secret_key_weaknesses(make()) == []
    assert secret_key_weaknesses(REAL_KEY) == []


def test_mail_goes_to_the_console_by_default(settings):
    assert env_email_url("EMAIL_URL", default="console://", environ={}).backend.endswith(
        "console.EmailBackend"
    )


@pytest.mark.parametrize(
    ("url", "port", "tls", "ssl"),
    [
        ("smtp://u%40x:p%2Fw@mail.example.com", 587, True, False),
        ("smtp://mail.example.com:25", 25, False, False),
        ("smtps://u:p@mail.example.com", 465, False, True),
    ],
)
def test_email_url_sets_the_smtp_settings(url, port, tls, ssl):
    email = env_email_url("EMAIL_URL", default="console://", environ={"EMAIL_URL": url})

    assert email.backend.endswith("smtp.EmailBackend")
    assert (email.host, email.port, email.use_tls, email.use_ssl) == (
        "mail.example.com",
        port,
        tls,
        ssl,
    )
    if "%40" in url:
        assert (email.user, email.password) == ("u@x", "p/w")


@pytest.mark.parametrize("url", ["http://mail.example.com", "smtp://", "smtp://h:port"])
def test_a_malformed_email_url_is_refused(url):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        env_email_url("EMAIL_URL", default="console://", environ={"EMAIL_URL": url})


def test_a_password_reset_mail_is_sent(client, world, mailoutbox):
    world.home_coach.email = "coach@example.com"
    world.home_coach.set_password("correct horse battery")
    world.home_coach.save()

    response = client.post("/accounts/password_reset/", {"email": "coach@example.com"})

    assert response.status_code == 302
    assert len(mailoutbox) == 1
    assert "/accounts/reset/" in mailoutbox[0].body


def _gunicorn_config(monkeypatch: pytest.MonkeyPatch, **env: str) -> dict[str, object]:
    import runpy

    for name in ("GUNICORN_THREADS", "WEB_CONCURRENCY"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def test_gunicorn_serves_with_threaded_workers_that_keep_connections_alive(monkeypatch):
    """docs/operations.md: gunicorn reads gunicorn.conf.py from the working directory; its
    threads serve other requests while one waits on the database."""
    config = _gunicorn_config(monkeypatch)
    assert (config["worker_class"], config["threads"], config["workers"]) == ("gthread", 4, 2)
    assert config["keepalive"] == 5
    config = _gunicorn_config(monkeypatch, GUNICORN_THREADS="8", WEB_CONCURRENCY="3")
    assert (config["threads"], config["workers"]) == (8, 3)
    with pytest.raises(SystemExit, match="GUNICORN_THREADS"):
        _gunicorn_config(monkeypatch, GUNICORN_THREADS="many")
