"""The shape of an outgoing email, and its DKIM signature.

Django's :class:`~django.core.mail.EmailMultiAlternatives` puts inline
pictures beside the alternatives (``related[alternative[plain, html], png]``),
so a text-only reader lists the picture as an attachment. :class:`GameMail`
puts them with the HTML they belong to, the usual shape:
``alternative[plain, related; type="text/html" [html, png]]`` (RFC 2046,
RFC 2387), with a subject that decodes as it was written. When
``DKIM_PRIVATE_KEY``, ``DKIM_SELECTOR`` and ``DKIM_DOMAIN`` are set, the
finished message is signed with dkimpy (RFC 6376, relaxed/relaxed) over the
headers a receiver judges it by, among them both ``List-Unsubscribe``
headers as RFC 8058 §4 requires; the message a backend sends is parsed from
the very bytes that were signed.
"""

from __future__ import annotations

import hashlib
from email import message_from_bytes
from email.header import Header
from email.message import Message
from typing import Any

import dkim
from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import MIMEMixin, SafeMIMEMultipart

SIGNED_HEADERS = (
    "From",
    "To",
    "Subject",
    "Date",
    "Message-ID",
    "Reply-To",
    "In-Reply-To",
    "References",
    "List-Id",
    "List-Unsubscribe",
    "List-Unsubscribe-Post",
    "Auto-Submitted",
    "MIME-Version",
    "Content-Type",
)
"""Headers the signature covers, where the message has them."""


class SignedMessage(MIMEMixin, Message):  # type: ignore[misc]  # Django's take ``linesep``
    """A parsed message that serialises as Django's do (``linesep``, no ``From`` mangling)."""


class GameMail(EmailMultiAlternatives):
    """An email whose inline pictures travel with its HTML part, DKIM-signed when configured."""

    def _create_message(self, msg: Any) -> Any:
        if not self.alternatives:
            return msg
        encoding = self.encoding or settings.DEFAULT_CHARSET
        (html, mimetype) = self.alternatives[0]
        rich = self._create_mime_attachment(html, mimetype)  # type: ignore[attr-defined]
        if self.attachments:
            rich = SafeMIMEMultipart(
                "related",
                boundary=self._boundary("related", html),
                _subparts=[rich, *self.attachments],
                encoding=encoding,
                type=mimetype,
            )
        boundary = self._boundary("alternative", html)
        return SafeMIMEMultipart(
            "alternative", boundary=boundary, _subparts=[msg, rich], encoding=encoding
        )

    def _boundary(self, subtype: str, html: object) -> str | None:
        """The boundary of the ``subtype`` part: ``=_`` (which neither quoted-printable nor
        base64 writes) and a digest of the Message-ID, so the same row always gives the same
        bytes; ``None`` (a random one) without a Message-ID, or where a body holds it."""
        message_id = self.extra_headers.get("Message-ID")
        if not message_id or not isinstance(html, str):
            return None
        digest = hashlib.sha256(f"{message_id} {subtype}".encode()).hexdigest()[:40]
        boundary = f"=_{subtype}_{digest}"
        return None if boundary in self.body or boundary in html else boundary

    def message(self) -> Message:  # type: ignore[override]  # Django's returns its SafeMIME class
        message: Message = super().message()
        if not self.subject.isascii():
            # Django stores the subject pre-encoded, and the generator then folds it right
            # after "Subject:", so it decodes with a leading space; a Header folds it right.
            subject = Header(str(self.subject), "utf-8", header_name="Subject")
            message.replace_header("Subject", subject)  # type: ignore[arg-type]  # compat32 keeps it
        if not settings.DKIM_PRIVATE_KEY:
            return message
        raw = message.as_bytes(linesep="\r\n")  # type: ignore[call-arg]  # Django's MIMEMixin
        signature = dkim.sign(
            raw,
            selector=settings.DKIM_SELECTOR.encode(),
            domain=settings.DKIM_DOMAIN.encode(),
            privkey=settings.DKIM_PRIVATE_KEY.encode(),
            canonicalize=(b"relaxed", b"relaxed"),
            include_headers=[name.encode() for name in SIGNED_HEADERS if name in message],
        )
        return message_from_bytes(signature + raw, _class=SignedMessage)
