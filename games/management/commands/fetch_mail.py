"""``manage.py fetch_mail``: read replies from a Maildir or an IMAP mailbox and play them.

``--maildir PATH`` takes each message in ``new/``, hands it to
``games.inbound.mail_receive`` and moves it to ``cur/``. Without it, the
mailbox of ``IMAP_URL`` (``imaps://user:password@host[:port]/FOLDER`` or
``imap://…``) is read: every unseen message is handled, then flagged seen.
Run it from cron or a systemd timer; a message handled twice is played once.
"""

from __future__ import annotations

import contextlib
import imaplib
import mailbox
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.inbound import mail_receive


class Command(BaseCommand):
    help = "Play the moves in received replies (Maildir with --maildir, else IMAP_URL)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--maildir", help="a Maildir folder to read (new/ → cur/)")

    def handle(self, *args: Any, maildir: str | None, **options: Any) -> None:
        outcomes = self._maildir(maildir) if maildir else self._imap()
        for outcome in outcomes:
            self.stdout.write(outcome)

    def _maildir(self, path: str) -> list[str]:
        box = mailbox.Maildir(path, factory=None, create=False)
        outcomes = []
        for key in list(box.iterkeys()):
            message = box.get_message(key)
            if message.get_subdir() != "new":
                continue
            outcomes.append(f"{key}: {mail_receive(raw=box.get_bytes(key))}")
            message.set_subdir("cur")
            message.add_flag("S")
            box[key] = message
        return outcomes

    def _imap(self) -> list[str]:
        if not settings.IMAP_URL:
            raise CommandError("Give --maildir PATH or set IMAP_URL.")
        url = urlsplit(settings.IMAP_URL)
        if url.scheme not in ("imap", "imaps"):
            raise CommandError("IMAP_URL must start with imap:// or imaps://.")
        client_class = imaplib.IMAP4_SSL if url.scheme == "imaps" else imaplib.IMAP4
        client = client_class(
            url.hostname or "localhost", url.port or (993 if url.scheme == "imaps" else 143)
        )
        outcomes = []
        try:
            client.login(unquote(url.username or ""), unquote(url.password or ""))
            client.select(unquote(url.path.strip("/")) or "INBOX")
            _, found = client.uid("search", "UNSEEN")
            for uid in found[0].split():
                _, data = client.uid("fetch", uid, "(BODY.PEEK[])")
                raw = next(part[1] for part in data if isinstance(part, tuple))
                outcomes.append(f"{uid.decode()}: {mail_receive(raw=raw)}")
                client.uid("store", uid, "+FLAGS", "(\\Seen)")
        finally:
            with contextlib.suppress(imaplib.IMAP4.error, OSError):
                client.logout()
        return outcomes
