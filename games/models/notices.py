"""The notice models: a seat's webhook channels and the notices written for them, an outbox
of their own, and a player's calendar feed (``games.notices``)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from games.models.core import Game, Seat
from games.models.lobby import Table
from games.models.mail import Delivery
from games.models.people import Player


class NoticeChannel(models.Model):
    """A webhook told of turns: a seat's, added by its player in the seat's settings, told of
    the seat's turns in the seat's language and zone; or a table's, attached by its host,
    told of every turn of the table's game once, in its own ``language`` and ``time_zone``.

    A seat's browser push subscription is a channel too (kind ``push``): ``url`` is its push
    service's endpoint, ``push_key`` and ``push_auth`` the browser's keys its messages are
    encrypted to (RFC 8291, base64url).

    ``secret`` signs the generic JSON kind's body (HMAC-SHA256); the player copies it into
    the receiver. ``failures`` counts the sends that failed in a row; at
    ``NOTICE_PAUSE_AFTER`` the channel is paused (``paused_at``) and its player (or the
    table's host) told by email.
    """

    class Kind(models.TextChoices):
        DISCORD = "discord", "Discord"
        SLACK = "slack", "Slack"
        JSON = "json", "JSON (HMAC-SHA256)"
        PUSH = "push", "Browser push"

    seat = models.ForeignKey(
        Seat, null=True, blank=True, on_delete=models.CASCADE, related_name="notice_channels"
    )
    table = models.OneToOneField(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="notice_channel"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=64)
    push_key = models.CharField(max_length=100, blank=True, default="", help_text="p256dh")
    push_auth = models.CharField(max_length=32, blank=True, default="", help_text="auth")
    language = models.CharField(max_length=8, default="en", help_text="a table's channel's")
    time_zone = models.CharField(max_length=64, default="UTC", help_text="a table's channel's")
    created_at = models.DateTimeField(default=timezone.now)
    failures = models.PositiveSmallIntegerField(default=0, help_text="sends failed in a row")
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["seat", "paused_at"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(seat__isnull=False, table__isnull=True)
                | models.Q(seat__isnull=True, table__isnull=False),
                name="notice_channel_of_a_seat_or_a_table",
            )
        ]

    def __str__(self) -> str:
        owner = self.seat if self.seat_id else self.table
        return f"{self.kind} channel of {owner}"


class Notice(Delivery):
    """One notice to one channel, written in the transaction of the event that caused it.

    ``context`` holds what it says, put into its reader's words when it is written (a seat's
    channel) or first sent (a table's: until then it holds who is to move and until when);
    ``notice_id`` (a turn's: its game, seq and channel) goes with every attempt
    (``X-Notice-Id``), so a receiver drops a duplicate.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        FAILED = "failed"
        DROPPED = "dropped", "dropped: its game ended or its channel paused"

    channel = models.ForeignKey(NoticeChannel, on_delete=models.CASCADE, related_name="notices")
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="notices"
    )
    kind = models.CharField(max_length=8, help_text="turn or test")
    notice_id = models.CharField(max_length=64, unique=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)

    class Meta:
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["status", "claimed_until"]),
            models.Index(fields=["channel", "kind", "created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.kind} notice {self.notice_id} ({self.status})"


class CalendarFeed(models.Model):
    """A player's calendar feed of his deadlines, once he revoked its first link: ``version``
    goes into the feed's token (``games.notices.calendar``), so a new version revokes every
    token made before. A player without a row has the feed of version 1."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="calendar_feed")
    version = models.PositiveIntegerField(default=1)

    def __str__(self) -> str:
        return f"calendar feed of {self.player} (v{self.version})"
