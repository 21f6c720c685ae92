"""``manage.py fetch_mail``: read replies from a Maildir or an IMAP mailbox and play them.

``--maildir PATH`` takes each message in ``new/``, hands it to
``games.mail.inbound.mail_receive`` and moves it to ``cur/``. Without it, the
mailbox of ``IMAP_URL`` (``imaps://user:password@host[:port]/FOLDER`` or
``imap://…``) is read: every unseen message is handled, then flagged seen.
Run it from cron or a systemd timer; a message handled twice is played once.
A server that cannot be reached, a refused login or a missing folder ends the
command with a one-line error saying which.
"""

from __future__ import annotations

import contextlib
import imaplib
import mailbox
import ssl
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.mail.inbound import mail_receive


class Command(BaseCommand):
    help = "Play the moves in received replies (Maildir with --maildir, else IMAP_URL)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--maildir", help="a Maildir folder to read (new/ → cur/)")

    def handle(self, *args: Any, maildir: str | None, **options: Any) -> None:
        for outcome in _maildir(maildir) if maildir else _imap():
            self.stdout.write(outcome)


def _maildir(path: str) -> Iterator[str]:
    box = mailbox.Maildir(path, factory=None, create=False)
    for key in list(box.iterkeys()):
        message = box.get_message(key)
        if message.get_subdir() != "new":
            continue
        yield f"{key}: {mail_receive(raw=box.get_bytes(key))}"
        message.set_subdir("cur")
        message.add_flag("S")
        box[key] = message


def _imap() -> Iterator[str]:
    client = _imap_folder()
    try:
        _, found = client.uid("search", "UNSEEN")
        for uid in found[0].split():
            _, data = client.uid("fetch", uid, "(BODY.PEEK[])")
            raw = next(part[1] for part in data if isinstance(part, tuple))
            yield f"{uid.decode()}: {mail_receive(raw=raw)}"
            client.uid("store", uid, "+FLAGS", "(\\Seen)")
    finally:
        _logout(client)


def _imap_folder() -> imaplib.IMAP4:
    """A connection to ``IMAP_URL`` with its folder selected; a CommandError says what failed."""
    if not settings.IMAP_URL:
        raise CommandError("Give --maildir PATH or set IMAP_URL.")
    url = urlsplit(settings.IMAP_URL)
    if url.scheme not in ("imap", "imaps"):
        raise CommandError("IMAP_URL must start with imap:// or imaps://.")
    host, port = url.hostname or "localhost", url.port or (993 if url.scheme == "imaps" else 143)
    user, folder = unquote(url.username or ""), unquote(url.path.strip("/")) or "INBOX"
    timeout = settings.IMAP_TIMEOUT_SECONDS
    try:
        if url.scheme == "imap":
            client = imaplib.IMAP4(host, port, timeout=timeout)
        else:  # imaplib's own default context checks no certificate: verify the server's.
            context = ssl.create_default_context()
            client = imaplib.IMAP4_SSL(host, port, ssl_context=context, timeout=timeout)
    except OSError as error:
        raise CommandError(f"Cannot reach the IMAP server {host}:{port}: {error}") from error
    try:
        client.login(user, unquote(url.password or ""))
    except imaplib.IMAP4.error as error:
        _logout(client)
        raise CommandError(f"Cannot log in as {user} on {host}:{port}: {_said(error)}") from error
    status, said = client.select(_quoted(folder))
    if status != "OK":
        _logout(client)
        raise CommandError(f"Cannot open the folder {folder!r} on {host}:{port}: {_said(said)}")
    return client


def _logout(client: imaplib.IMAP4) -> None:
    with contextlib.suppress(imaplib.IMAP4.error, OSError):
        client.logout()


def _quoted(folder: str) -> str:
    """The folder name as an IMAP quoted string (imaplib sends it as given; a space breaks it)."""
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _said(answer: imaplib.IMAP4.error | list[Any]) -> str:
    """The text of the server's answer, which imaplib hands over as bytes."""
    text = answer.args[0] if isinstance(answer, Exception) else answer[0]
    return text.decode(errors="replace") if isinstance(text, bytes) else str(text)
