"""No log holds a token: the secrets that travel in URL paths (play, invitation, table, sign-in,
"never invite me" and mail settings links) show as ``[token]`` in gunicorn's access log, in its
request line and referer, and in Django's warnings that print a request's path. Whoever reads
a log must not be able to open a seat, an invitation or a sign-in with what he finds there.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.test import Client
from mail_helpers import free_port, require_redis

from freibeuter_site.access_log import redacted
from games.models import Seat
from games.play.links import mail_settings_token, seat_token
from tests.clock import clocked_command

ROOT = Path(__file__).resolve().parents[2]
TOKEN = seat_token(Seat(pk=7, token_version=1))
OTHER = mail_settings_token(Seat(pk=8, token_version=2))


@pytest.fixture
def access_log(db: None, tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """gunicorn with the service's own configuration (its logger class), one worker, answering
    on a free port; the port and its access log."""
    require_redis()
    port, log, output = free_port(), tmp_path / "access.log", tmp_path / "gunicorn.log"
    url = urlsplit(os.environ["DATABASE_URL"])
    env = {
        **os.environ,
        "DATABASE_URL": urlunsplit(url._replace(path=f"/{settings.DATABASES['default']['NAME']}")),
        "SECRET_KEY": "log-redaction-test-key-0123456789abcdefghijklmnopqrstuvwxyz-0123456789",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SITE_URL": f"http://127.0.0.1:{port}",
        "SECURE_SSL_REDIRECT": "0",
    }
    command = clocked_command(
        "gunicorn",
        "--config", "python:freibeuter_site.gunicorn_conf",
        "--workers", "1",
        "--access-logfile", str(log),
        "--bind", f"127.0.0.1:{port}",
        "freibeuter_site.wsgi",
    )  # fmt: skip
    with output.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while _status(port, "/healthz") is None:
            assert process.poll() is None and time.monotonic() < deadline, output.read_text()
            time.sleep(0.3)
        yield port, log
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


def _status(port: int, path: str, referer: str = "") -> int | None:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    if referer:
        request.add_header("Referer", referer)
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return None


def test_the_access_log_shows_no_token_of_a_path_or_referer(
    access_log: tuple[int, Path],
) -> None:
    port, log = access_log
    referer = f"http://127.0.0.1:{port}/mail-settings/{OTHER}/"
    assert _status(port, f"/play/{TOKEN}/", referer) == 404
    assert _status(port, f"/signin/{TOKEN}/") is not None
    deadline = time.monotonic() + 10
    while log.read_text().count("\n") < 3 and time.monotonic() < deadline:
        time.sleep(0.1)

    lines = log.read_text()
    assert TOKEN not in lines and OTHER not in lines
    assert '"GET /play/[token]/ HTTP/1.1" 404' in lines
    assert f'"http://127.0.0.1:{port}/mail-settings/[token]/"' in lines
    assert '"GET /signin/[token]/ HTTP/1.1"' in lines


@pytest.mark.parametrize(
    "path",
    [
        f"/play/{TOKEN}/chat/3/report/",
        f"/invite/{TOKEN}/",
        f"/invite/never/{TOKEN}/",
        f"/invite/accepted/{TOKEN}/",
        f"/tables/{TOKEN}/join/",
        f"/signin/{TOKEN}/",
        f"/mail-settings/{TOKEN}/unsubscribe/",
    ],
)
def test_every_link_with_a_secret_loses_it(path: str) -> None:
    assert TOKEN not in redacted(f"GET {path}?page=2 HTTP/1.1")
    assert redacted(path).count("[token]") == 1


def test_paths_without_a_secret_are_left_alone() -> None:
    for path in ("/games/12/history/", "/players/anne/", "/signin/", "/api/games/3/moves/"):
        assert redacted(path) == path


def test_djangos_not_found_warning_shows_no_token(
    db: None, client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/play/{TOKEN}/x").status_code == 404
    assert "Not Found: /play/[token]/x" in caplog.messages
    assert TOKEN not in caplog.text


def test_djangos_csrf_warning_shows_no_token(db: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="django.security.csrf"):
        forbidden = Client(enforce_csrf_checks=True).post(f"/mail-settings/{OTHER}/")
    assert forbidden.status_code == 403
    assert any(m.endswith(": /mail-settings/[token]/") for m in caplog.messages), caplog.messages
    assert OTHER not in caplog.text


def test_pages_send_only_the_origin_as_referer(db: None, client: Client) -> None:
    """A link followed from a play page tells the next server, and this one's own log, the
    site and not the page's token."""
    assert client.get("/").headers["Referrer-Policy"] == "strict-origin"
