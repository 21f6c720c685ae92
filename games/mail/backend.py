"""The embedded default's mail backend: each message becomes one ``.eml`` file under ``var/mail/``.

The development mailbox page (``/dev/mail/``) lists and shows these files, so
the whole email flow can be played on one machine without an SMTP server.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.mail.backends.base import BaseEmailBackend
from django.core.mail.message import EmailMessage
from django.utils import timezone


def mail_folder() -> Path:
    """Where the ``.eml`` files are kept."""
    return Path(settings.EMAIL_FILE_PATH)


class EmlFileBackend(BaseEmailBackend):
    """Write each message as ``<time>-<n>.eml``, atomically (a reader never sees half a file)."""

    def __init__(self, fail_silently: bool = False, **kwargs: Any) -> None:
        super().__init__(fail_silently=fail_silently, **kwargs)
        self.folder = mail_folder()

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        self.folder.mkdir(parents=True, exist_ok=True)
        for index, message in enumerate(email_messages):
            stamp = timezone.now().strftime("%Y%m%dT%H%M%S%f")
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")
            with os.fdopen(handle, "wb") as file:
                # Django's MIME classes take ``linesep``; the stubs type them as plain ``Message``.
                file.write(message.message().as_bytes(linesep="\r\n"))  # type: ignore[call-arg]
            os.replace(temporary, self.folder / f"{stamp}-{os.getpid()}-{index}.eml")
        return len(email_messages)
