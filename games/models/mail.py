"""The mail models: the outbox, the log of received replies, sign-in tokens and the
addresses that never want an invitation."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from games.models.core import Game, Seat


class Delivery(models.Model):
    """What an outbox row and a turn notice share: what they say (``context``), when they
    were written, the lease a sender holds while it sends (``claimed_until``), the attempts
    so far, when one was sent and the last failure's error."""

    context = models.JSONField(default=dict)
    created_at = models.DateTimeField(default=timezone.now)
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        abstract = True


class OutboundMail(Delivery):
    """One email in the outbox, written in the transaction of the event that caused it.

    ``context`` holds everything the message says (built from what its reader
    may see), so the message is rendered, and re-rendered on a retry, the same
    way by whichever worker claims the row. A turn email's row is written with only
    its seq and deadline; its content is composed from the committed events when it is
    first rendered, and kept here then (with the send's mark, ``games.mail.outbox.mail_send``,
    or by ``games.mail.compose.mail_context``).
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        HELD = "held", "held for the daily digest"
        SENT = "sent"
        FAILED = "failed"
        MERGED = "merged", "merged into a digest"
        DROPPED = "dropped", "dropped: its turn passed while it waited for the playing hours"

    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="mails"
    )
    seat = models.ForeignKey(
        Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="mails"
    )
    to = models.EmailField()
    kind = models.CharField(max_length=24)
    language = models.CharField(max_length=8, default="en")
    message_id = models.CharField(max_length=255, unique=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "claimed_until"])]

    def __str__(self) -> str:
        return f"{self.kind} mail to {self.to} ({self.status})"


class InboundMail(models.Model):
    """One received email (a reply with a move, or not): what it was and what came of it."""

    message_key = models.CharField(max_length=64, unique=True, help_text="SHA-256 of Message-ID")
    message_id = models.CharField(max_length=998, blank=True)
    sender = models.CharField(max_length=320, blank=True)
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.SET_NULL)
    received_at = models.DateTimeField(default=timezone.now)
    outcome = models.CharField(max_length=16)
    detail = models.TextField(blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"mail from {self.sender or '?'}: {self.outcome}"


class SignInToken(models.Model):
    """A single-use, short-lived sign-in link for "my games"; only its hash is stored."""

    email = models.EmailField()
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"sign-in for {self.email}"


class InvitationOptOut(models.Model):
    """An address whose owner asked never to be mailed an invitation ("never invite me").

    Only the SHA-256 of the address in normal form (trimmed, lower case) is kept, so
    the list holds no addresses (``games.play.recipients.address_hash``).
    """

    email_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"never invite {self.email_hash[:12]}"
