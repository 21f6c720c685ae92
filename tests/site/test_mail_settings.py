"""Mail and Celery settings from the environment: EMAIL_URL, the embedded default, the broker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = [
    "EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_USE_TLS", "EMAIL_USE_SSL",
    "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD", "CELERY_BROKER_URL", "MAIL_DOMAIN",
]  # fmt: skip
SHOW = (
    "import json; from django.conf import settings as s;"
    f" print(json.dumps({{k: str(getattr(s, k, '')) for k in {NAMES!r}}}))"
)
CLEARED = {"EMAIL_URL", "EMAIL_HOST", "REDIS_URL", "CELERY_BROKER_URL", "MAIL_DOMAIN", "SITE_URL"}


def _settings(**env: str) -> dict[str, str]:
    clean = {k: v for k, v in os.environ.items() if k not in CLEARED}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SHOW],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_it_reads_the_smtp_server_from_email_url() -> None:
    found = _settings(EMAIL_URL="smtp+tls://play%40x.org:p%40ss@mail.example.org:2587")
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"]) == ("mail.example.org", "2587")
    assert (found["EMAIL_USE_TLS"], found["EMAIL_USE_SSL"]) == ("True", "False")
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == ("play@x.org", "p@ss")
    assert _settings(EMAIL_URL="smtp+ssl://mail.example.org")["EMAIL_PORT"] == "465"


def test_it_writes_emails_to_files_and_queues_on_the_filesystem_by_default() -> None:
    found = _settings()
    assert found["EMAIL_BACKEND"] == "games.mail.backend.EmlFileBackend"
    assert found["CELERY_BROKER_URL"] == "filesystem://"
    assert found["MAIL_DOMAIN"] == "localhost"


def test_it_takes_the_broker_from_redis_url_unless_celery_broker_url_says_otherwise() -> None:
    assert _settings(REDIS_URL="redis://r:6379/1")["CELERY_BROKER_URL"] == "redis://r:6379/1"
    found = _settings(REDIS_URL="redis://r:6379/1", CELERY_BROKER_URL="redis://q:6379/2")
    assert found["CELERY_BROKER_URL"] == "redis://q:6379/2"
    assert _settings(SITE_URL="https://pirates.example.org")["MAIL_DOMAIN"] == "pirates.example.org"


def test_it_refuses_an_email_url_of_another_scheme() -> None:
    clean = {k: v for k, v in os.environ.items() if k not in CLEARED}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env={**clean, "EMAIL_URL": "http://mail.example.org"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0 and "EMAIL_URL must start with smtp://" in result.stderr
