"""The development mailbox's list reads each email's headers once, not every email on every load."""

from __future__ import annotations

import email
from collections import Counter
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

EMAILS = 60


def _write(folder: Path, number: int) -> None:
    message = EmailMessage()
    message["From"] = "game@example.org"
    message["To"] = f"player{number}@example.org"
    message["Subject"] = f"Dein Zug Nummer {number}"
    message["Date"] = "Sat, 05 Dec 2026 12:00:00 +0000"
    message.set_content("A long body.\n" * 200)
    (folder / f"20261205T120000-1-{number}.eml").write_bytes(message.as_bytes())


def _rows(page: str) -> str:
    return page[page.index("<table") : page.index("</table>")]


@pytest.fixture
def mailbox(settings: Any, tmp_path: Path) -> Path:
    settings.DEBUG = True
    settings.DEV_MAILBOX = True
    settings.EMAIL_BACKEND = "games.mail.backend.EmlFileBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    for number in range(EMAILS):
        _write(tmp_path, number)
    return tmp_path


def test_it_reads_each_email_at_most_once_across_two_loads(mailbox: Path, client: Client) -> None:
    """Listing the mailbox twice opens each file once and parses no body twice: the rows are
    kept by file and modification time, and only the headers are read."""
    opened: Counter[str] = Counter()
    parsed: Counter[str] = Counter()
    open_file = Path.open
    parse_file = email.message_from_binary_file

    def counting_open(path: Path, *args: Any, **kwargs: Any) -> Any:
        opened[path.name] += 1
        return open_file(path, *args, **kwargs)

    def counting_parse(file: Any, *args: Any, **kwargs: Any) -> Any:
        parsed[Path(file.name).name] += 1
        return parse_file(file, *args, **kwargs)

    with (
        mock.patch.object(Path, "open", counting_open),
        mock.patch.object(email, "message_from_binary_file", counting_parse),
    ):
        first = _rows(client.get("/dev/mail/").content.decode())
        second = _rows(client.get("/dev/mail/").content.decode())

    assert first == second
    assert first.count("Dein Zug Nummer") == EMAILS
    assert len(opened) == EMAILS and max(opened.values()) == 1
    assert max(parsed.values(), default=0) <= 1


def test_it_lists_an_email_again_once_its_file_changes(mailbox: Path, client: Client) -> None:
    """A row kept from an earlier load is read again when its file is rewritten."""
    assert "Dein Zug Nummer 7<" in client.get("/dev/mail/").content.decode()
    path = mailbox / "20261205T120000-1-7.eml"
    path.write_bytes(path.read_bytes().replace(b"Nummer 7", b"Nummer 70000"))
    assert "Dein Zug Nummer 70000<" in client.get("/dev/mail/").content.decode()
