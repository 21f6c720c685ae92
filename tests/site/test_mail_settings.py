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


# Everything that would configure a service, cleared for the development mailbox's runs.
CONFIGURING = {
    *CLEARED, "DATABASE_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "IMAP_URL", "VAR_DIR",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}  # fmt: skip
PRODUCTION = {
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-0123456789abcdefXYZ",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/freibeuter",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
    "SITE_URL": "https://pirates.example.org",
    "ALLOWED_HOSTS": "pirates.example.org",
}
LETTER = "20310101T000000-1-1.eml"
OPEN_MAILBOX = (
    "from django.test import Client; c = Client(HTTP_HOST={host!r});"
    f" print(c.get('/dev/mail/').status_code, c.get('/dev/mail/{LETTER}/').status_code,"
    " 'A seat link for Anne' in c.get('/dev/mail/').content.decode())"
)


def _mailbox(tmp_path: Path, host: str, **env: str) -> list[str]:
    """What ``/dev/mail/`` and one email's page answer with ``env``, an email on file."""
    (tmp_path / "mail").mkdir(parents=True)
    (tmp_path / "mail" / LETTER).write_text(
        "To: anne@example.org\nSubject: A seat link for Anne\n\nhttps://pirates.example.org/play/x/\n"
    )
    clean = {k: v for k, v in os.environ.items() if k not in CONFIGURING}
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", OPEN_MAILBOX.format(host=host)],
        cwd=ROOT,
        env={**clean, "VAR_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].split()


def test_the_embedded_default_shows_its_development_mailbox(tmp_path: Path) -> None:
    assert _mailbox(tmp_path, "127.0.0.1") == ["200", "200", "True"]


def test_a_configured_service_never_shows_the_development_mailbox_even_with_debug_on(
    tmp_path: Path,
) -> None:
    # Production settings without EMAIL_URL write their emails to files; with DEBUG on,
    # /dev/mail/ listed and showed every one of them (seat links included) to anyone.
    found = _mailbox(tmp_path, "pirates.example.org", **PRODUCTION, DEBUG="true")
    assert found == ["404", "404", "False"]
    assert _mailbox(tmp_path / "off", "pirates.example.org", **PRODUCTION, DEBUG="false")[:2] == [
        "301",
        "301",
    ]
