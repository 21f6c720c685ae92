"""Reading the embedded default's ``.eml`` files for the development mailbox page."""

from __future__ import annotations

import base64
import email
import email.policy
import re
import threading
from email.message import EmailMessage
from email.parser import BytesHeaderParser
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from csp import constants as csp

from games.mail.backend import mail_folder

NAME = re.compile(r"^[0-9T]+-[0-9]+-[0-9]+\.eml$")
LIST_LIMIT = 300
EMAIL_POLICY = {"style-src-attr": [csp.UNSAFE_INLINE]}
"""What the page of one email adds to the site's policy: the ``style="…"`` attributes every
HTML email is written with, in the sandboxed frame that shows it (it runs no script)."""


def _read(path: Path) -> EmailMessage:
    with path.open("rb") as file:
        message = email.message_from_binary_file(file, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


_HEADERS = BytesHeaderParser(policy=email.policy.default)
_listed: dict[Path, tuple[tuple[int, int], dict[str, Any]]] = {}
_listed_lock = threading.Lock()


def _header_block(path: Path) -> bytes:
    """The lines of the file up to the blank line that ends the headers (no body is read)."""
    lines = []
    with path.open("rb") as file:
        for line in file:
            if not line.strip():
                break
            lines.append(line)
    return b"".join(lines)


def _listing(path: Path) -> dict[str, Any]:
    """One message's row of the list, read once per version of its file."""
    stat = path.stat()
    version = (stat.st_mtime_ns, stat.st_size)
    with _listed_lock:
        kept = _listed.get(path)
    if kept is not None and kept[0] == version:
        return kept[1]
    mail = _HEADERS.parsebytes(_header_block(path))
    row = {"name": path.name, "to": mail["To"], "subject": mail["Subject"], "date": mail["Date"]}
    with _listed_lock:
        _listed[path] = (version, row)
    return row


def mailbox_list() -> list[dict[str, Any]]:
    """The newest messages: file name, recipient, subject, from their headers alone.

    The rows are kept by file and modification time, so a reload reads only the emails
    written since; rows of files no longer listed are dropped.
    """
    folder = mail_folder()
    if not folder.is_dir():
        return []
    paths = sorted(folder.glob("*.eml"), reverse=True)[:LIST_LIMIT]
    rows = [_listing(path) for path in paths]
    with _listed_lock:
        for gone in _listed.keys() - set(paths):
            del _listed[gone]
    return rows


def _text(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    return str(part.get_content()) if part is not None else ""


def _html_with_pictures(message: EmailMessage) -> str:
    html_part = message.get_body(preferencelist=("html",))
    if html_part is None:
        return ""
    html = str(html_part.get_content())
    for part in message.walk():
        cid = part.get("Content-ID")
        payload = part.get_payload(decode=True)
        if cid and part.get_content_maintype() == "image" and isinstance(payload, bytes):
            data = base64.b64encode(payload).decode()
            uri = f"data:{part.get_content_type()};base64,{data}"
            html = html.replace(f"cid:{cid.strip('<>')}", uri)
    return html


def mailbox_message(name: str) -> dict[str, Any] | None:
    """One message by file name: headers, text body and HTML body with inline pictures."""
    if not NAME.match(name):
        return None
    path = mail_folder() / name
    if not path.is_file():
        return None
    message = _read(path)
    headers = ["From", "To", "Reply-To", "Subject", "Date", "Message-ID", "List-Unsubscribe"]
    return {
        "name": name,
        "headers": [(key, message[key]) for key in headers if message[key]],
        "text": _text(message),
        "html": _html_with_pictures(message),
        "raw": path.read_text(errors="replace"),
    }


def mailbox_reply(name: str, text: str) -> bytes:
    """A reply to message ``name`` as its recipient's mail program would send it."""
    path = mail_folder() / name
    original = _read(path) if NAME.match(name) and path.is_file() else EmailMessage()
    reply = EmailMessage()
    reply["From"] = original["To"] or ""
    reply["To"] = original["Reply-To"] or original["From"] or ""
    reply["Subject"] = f"Re: {original['Subject'] or ''}"
    reply["Message-ID"] = make_msgid(domain="dev-mailbox.invalid")
    if original["Message-ID"]:
        reply["In-Reply-To"] = original["Message-ID"]
    quoted = "\n".join(f"> {line}" for line in _text(original).splitlines())
    reply.set_content(f"{text}\n\nOn {original['Date']}, the game wrote:\n{quoted}\n")
    return reply.as_bytes()
