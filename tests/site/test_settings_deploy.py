"""Settings from the environment: production passes ``check --deploy``; defaults are safe."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-0123456789abcdefXYZ",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/freibeuter",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "SITE_URL": "https://pirates.example.org",
    "ALLOWED_HOSTS": "pirates.example.org",
}


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    # The browser tests lift Django's async guard for this process; a deployment never does.
    dropped = {*PRODUCTION, "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
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
