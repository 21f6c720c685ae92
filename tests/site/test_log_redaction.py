"""No log holds a token: the secrets that travel in URL paths (play, invitation, table, sign-in,
"never invite me" and mail settings links) show as ``[token]`` in gunicorn's access log, in its
request line and referer, and in Django's warnings that print a request's path. Whoever reads
a log must not be able to open a seat, an invitation or a sign-in with what he finds there.
"""

from __future__ import annotations

import logging
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client, override_settings
from server_helpers import production_server

from freibeuter_site.access_log import redacted
from games.models import Seat
from games.play.links import mail_settings_token, seat_token

TOKEN = seat_token(Seat(pk=7, token_version=1))
OTHER = mail_settings_token(Seat(pk=8, token_version=2))


@pytest.fixture
def access_log(db: None, tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """gunicorn with the service's own configuration (its logger class), one worker, answering
    on a free port; the port and its access log."""
    log = tmp_path / "access.log"
    options = ("--workers", "1", "--access-logfile", str(log))
    with production_server(tmp_path / "gunicorn.log", *options) as port:
        yield port, log


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


def test_the_secrets_are_read_from_the_urlconf_in_use() -> None:
    """A URLconf without token routes (a test's, here the API's alone) redacts nothing, and
    the site's own still redacts afterwards: what one URLconf found is not kept for another."""
    with override_settings(ROOT_URLCONF="games.api.urls"):
        assert redacted(f"/play/{TOKEN}/") == f"/play/{TOKEN}/"
    assert redacted(f"/play/{TOKEN}/") == "/play/[token]/"


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
