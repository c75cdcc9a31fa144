"""Settings read strictly from the environment; production refuses unsafe defaults."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_float, env_int, env_list, env_url

ROOT = Path(__file__).resolve().parents[2]
REAL_KEY = "k3y-" + "x9Qz7LmP2vRt8sWn4bYc6dHf1jKg5" * 2


@pytest.mark.parametrize(
    ("raw", "value"), [("1", True), ("true", True), ("Off", False), ("no", False), ("", True)]
)
def test_env_bool_reads_the_usual_spellings(raw, value):
    assert env_bool("X", True, environ={"X": raw}) is value


@pytest.mark.parametrize("raw", ["maybe", "2", "yes please"])
def test_env_bool_refuses_anything_else(raw):
    with pytest.raises(ImproperlyConfigured, match="not a boolean"):
        env_bool("X", False, environ={"X": raw})


def test_env_int_checks_its_bounds():
    assert env_int("N", 3, environ={}) == 3
    assert env_int("N", 3, minimum=1, environ={"N": " 7 "}) == 7
    with pytest.raises(ImproperlyConfigured, match="not a whole number"):
        env_int("N", 3, environ={"N": "7s"})
    with pytest.raises(ImproperlyConfigured, match="below the minimum"):
        env_int("N", 3, minimum=1, environ={"N": "0"})


def test_env_float_takes_a_finite_number_above_its_bound():
    assert env_float("F", 1.1, above=0, environ={}) == 1.1
    assert env_float("F", 1.1, above=0, environ={"F": " 4 "}) == 4.0
    with pytest.raises(ImproperlyConfigured, match="not a number"):
        env_float("F", 1.1, above=0, environ={"F": "fast"})
    for raw in ("0", "-1", "nan", "inf"):
        with pytest.raises(ImproperlyConfigured, match="finite number above 0"):
            env_float("F", 1.1, above=0, environ={"F": raw})


def test_env_list_splits_on_commas():
    assert env_list("H", ["a"], environ={"H": "x.org, y.org,"}) == ["x.org", "y.org"]
    assert env_list("H", ["a"], environ={}) == ["a"]


def test_env_url_checks_the_scheme():
    assert env_url("U", schemes=("redis",), environ={"U": "redis://h:6379/0"})
    with pytest.raises(ImproperlyConfigured, match="must start with one of redis://"):
        env_url("U", schemes=("redis",), environ={"U": "http://h"})


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "SECRET_KEY",
            "MAGNOBALL_PRODUCTION",
            "ALLOWED_HOSTS",
            "DJANGO_DEBUG",
            "DJANGO_ALLOW_ASYNC_UNSAFE",
        }
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_refuses_to_start_without_a_real_secret_key():
    run = _manage("check", MAGNOBALL_PRODUCTION="1", ALLOWED_HOSTS="league.example.com")
    assert run.returncode != 0
    assert "MAGNOBALL_PRODUCTION needs SECRET_KEY" in run.stderr


def test_production_refuses_a_short_secret_key():
    run = _manage(
        "check", MAGNOBALL_PRODUCTION="1", ALLOWED_HOSTS="league.example.com", SECRET_KEY="short"
    )
    assert "MAGNOBALL_PRODUCTION needs SECRET_KEY" in run.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    run = _manage("check", MAGNOBALL_PRODUCTION="1", SECRET_KEY=REAL_KEY)
    assert "needs ALLOWED_HOSTS" in run.stderr


def test_production_settings_pass_the_deployment_checks():
    run = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        MAGNOBALL_PRODUCTION="1",
        SECRET_KEY=REAL_KEY,
        ALLOWED_HOSTS="league.example.com",
        EMAIL_URL="smtp://mail.example.com",
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_malformed_database_url_is_refused():
    run = _manage("check", DATABASE_URL="mysql://somewhere/db")
    assert run.returncode != 0
    assert "DATABASE_URL must start with one of postgres://" in run.stderr
