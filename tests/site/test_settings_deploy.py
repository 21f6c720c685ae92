"""Settings from the environment: production passes ``check --deploy``; defaults are safe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-0123456789abcdefXYZ",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/freibeuter",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "SITE_URL": "https://pirates.example.org",
    "ALLOWED_HOSTS": "pirates.example.org",
}

# Each takes the service off the embedded default, and so wants a SECRET_KEY of its own.
CONFIGURING = {
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/freibeuter",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/1",
    "EMAIL_URL": "smtp://mail.example.org",
    "EMAIL_HOST": "mail.example.org",
    "IMAP_URL": "imaps://play:secret@mail.example.org/INBOX",
    "SITE_URL": "https://pirates.example.org",
    "ALLOWED_HOSTS": "pirates.example.org",
}


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    # The browser tests lift Django's async guard for this process; a deployment never does.
    dropped = {*PRODUCTION, *CONFIGURING, "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    clean = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_it_passes_the_deploy_check_with_production_settings() -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off() -> None:
    result = _manage("check", env={"DEBUG": "0"})
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_it_runs_the_embedded_default_with_debug_and_sqlite() -> None:
    code = "from django.conf import settings as s; print(s.DEBUG, s.DATABASES['default']['ENGINE'])"
    result = _manage("shell", "--no-imports", "-c", code, env={})
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "django.db.backends.sqlite3"]


def test_it_refuses_to_start_without_a_secret_key_with_a_database_redis_and_a_site_url() -> None:
    # Without a key it ran with DEBUG on and the published development key: anyone could sign
    # a seat's link, and /dev/mail/ served every email.
    env = {name: CONFIGURING[name] for name in ("DATABASE_URL", "REDIS_URL", "SITE_URL")}
    for debug in ({}, {"DEBUG": "1"}):
        result = _manage("check", env={**env, **debug})
        assert result.returncode != 0, result.stdout
        assert (
            "ImproperlyConfigured: SECRET_KEY must be set: DATABASE_URL, REDIS_URL, SITE_URL"
            in (result.stderr)
        )


@pytest.mark.parametrize("name", sorted(CONFIGURING))
def test_anything_beyond_the_embedded_default_wants_a_secret_key(name: str) -> None:
    result = _manage("check", env={name: CONFIGURING[name]})
    assert result.returncode != 0 and f"SECRET_KEY must be set: {name} " in result.stderr
    assert _manage("check", env={name: CONFIGURING[name], "SECRET_KEY": "k" * 50}).returncode == 0


def test_debug_is_off_by_default_once_anything_is_configured() -> None:
    code = "from django.conf import settings as s; print(s.DEBUG, s.SESSION_COOKIE_SECURE)"
    env = {"SECRET_KEY": "k" * 50, "DATABASE_URL": CONFIGURING["DATABASE_URL"]}
    result = _manage("shell", "--no-imports", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True"]


def test_make_run_keeps_the_embedded_default_with_its_site_url_on_this_machine() -> None:
    code = "from django.conf import settings as s; print(s.DEBUG, s.DEV_MAILBOX)"
    for site in ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"):
        result = _manage("shell", "--no-imports", "-c", code, env={"SITE_URL": site})
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == ["True", "True"]
