"""The event store and its projections: games, seats and immutable events.

Events are the only source of truth. ``Game`` keeps projections (status, who
is to move, scores) updated in the same transaction as each event append and
rebuildable from the events. An event is never updated or deleted: the model
and its queryset refuse it, and on PostgreSQL a trigger does too.

Each event carries its link in the game's hash chain (``engine.chain``), and
``Game.head_hash`` keeps the last link as a projection, so an append needs no
read of the previous event. The beat's sweep records (``SweepRecord``), which
the health page reads, are here too.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.conf import settings
from django.db import models
from django.db.models.functions import Upper
from django.utils import timezone

from engine.chain import GENESIS


class ImmutableEventError(Exception):
    """Raised on any attempt to change or delete a stored event."""


class Game(models.Model):
    """One game of one kind, with the projections its pages read."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        PAUSED = "paused"
        FINISHED = "finished"
        ABORTED = "aborted"

    kind = models.CharField(max_length=32)
    rules_version = models.PositiveIntegerField()
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    last_seq = models.PositiveIntegerField(default=0)
    to_move = models.JSONField(default=list, blank=True, help_text="seat positions")
    deadline_at = models.DateTimeField(
        null=True, blank=True, help_text="the earliest deadline of the seats waited for"
    )
    remind_at = models.DateTimeField(
        null=True, blank=True, help_text="the earliest reminder due to a seat waited for"
    )
    scores = models.JSONField(default=dict, blank=True, help_text="player name → score")
    winners = models.JSONField(default=list, blank=True, help_text="player names, seat order")
    commitment = models.CharField(max_length=64, help_text="SHA-256 of game, players, setup, salt")
    head_hash = models.CharField(
        max_length=64, default=GENESIS, help_text="the hash chain's link of the last event"
    )
    created_at = models.DateTimeField(
        default=timezone.now, help_text="the service's clock time of the game_created event"
    )
    updated_at = models.DateTimeField(
        default=timezone.now, help_text="the service's clock time of the game's last event"
    )

    class Meta:
        ordering = ["-id"]
        permissions = [("moderate_game", "Can take moderator actions on games")]
        indexes = [
            models.Index(fields=["status", "kind"]),
            models.Index(fields=["status", "deadline_at"]),
            models.Index(fields=["status", "remind_at"]),
            models.Index(fields=["status", "-updated_at", "-id"], name="game_status_recent"),
            models.Index(
                fields=["-updated_at", "-id"],
                condition=models.Q(status__in=["active", "paused"]),
                name="game_under_way_recent",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.status})"

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)


class MailPreference(models.TextChoices):
    """How a player wants to hear that it is their turn."""

    EVERY_TURN = "turn", "every turn"
    DIGEST = "digest", "a daily digest"
    NONE = "none", "no email (I play by the link)"


class Seat(models.Model):
    """A place at the table; ``display_name`` is the engine's player name."""

    # No index of its own: ``seat_unique_position`` (game, position) serves the game's seats.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", db_index=False)
    position = models.PositiveSmallIntegerField()
    display_name = models.CharField(max_length=40)
    email = models.EmailField(blank=True)
    language = models.CharField(max_length=8, default="en")
    time_zone = models.CharField(max_length=64, default="UTC")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    player = models.ForeignKey(
        "Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
        help_text="the account of the seat's verified address (games.people.accounts)",
    )
    token_version = models.PositiveIntegerField(default=1)
    is_bot = models.BooleanField(default=False)
    mail_preference = models.CharField(
        max_length=8, choices=MailPreference.choices, default=MailPreference.EVERY_TURN
    )
    clock_bank = models.DurationField(null=True, blank=True, help_text="time bank left")
    timeouts = models.PositiveSmallIntegerField(default=0, help_text="timeouts in a row")
    vacation_until = models.DateTimeField(null=True, blank=True)
    turn_started_at = models.DateTimeField(
        null=True, blank=True, help_text="when this seat's clock last (re)started; null if idle"
    )
    turn_allowance = models.DurationField(
        null=True, blank=True, help_text="counted time the seat had at turn_started_at"
    )
    deadline_at = models.DateTimeField(null=True, blank=True)
    remind_at = models.DateTimeField(
        null=True, blank=True, help_text="when its reminder is due; null once sent"
    )
    hours_from = models.TimeField(
        null=True, blank=True, help_text="its playing hours' start, in its zone; null: always"
    )
    hours_until = models.TimeField(
        null=True, blank=True, help_text="its playing hours' end, in its zone (past midnight too)"
    )

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(fields=["game", "display_name"], name="seat_unique_name"),
        ]
        indexes = [
            models.Index(Upper("email"), name="seat_email_upper"),
            # the game list's ?player= (an EXISTS by name; the unique constraint leads with game)
            models.Index(fields=["display_name", "game"], name="seat_name_game"),
        ]

    def __str__(self) -> str:
        return f"{self.display_name} (seat {self.position} of game #{self.game_id})"


_Stored = TypeVar("_Stored", bound=models.Model)


class ImmutableQuerySet(models.QuerySet[_Stored]):
    """Rows of an event stream can be added and read, never changed or deleted in bulk."""

    def update(self, **kwargs: Any) -> int:
        raise ImmutableEventError("Events are immutable; append a correcting event instead.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise ImmutableEventError("Events are immutable; they are never deleted.")


class EventQuerySet(ImmutableQuerySet["Event"]):
    """Events can be added and read, never changed or deleted in bulk."""


class ImmutableRow(models.Model):
    """A row of an event stream: inserted once, never updated or deleted."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ImmutableEventError("Events are immutable; append a correcting event instead.")
        kwargs["force_insert"] = True  # never an UPDATE, even for an instance given a pk
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ImmutableEventError("Events are immutable; they are never deleted.")


class Event(ImmutableRow):
    """One immutable fact in a game's history; ``seq`` runs gap-free from 1 per game."""

    # No index of its own: ``event_unique_seq`` (game, seq) serves the game's events.
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    version = models.PositiveSmallIntegerField(default=1, help_text="schema version of payload")
    payload = models.JSONField()
    actor = models.CharField(max_length=64, help_text="seat:N, user:N or system")
    move_id = models.CharField(max_length=64, null=True, blank=True)
    created_at = models.DateTimeField(
        default=timezone.now, help_text="the service's clock time; clocks are rebuilt from it"
    )
    nonce = models.CharField(
        max_length=32, help_text="random, in the hash; secret with the deal until the game is over"
    )
    hash = models.CharField(max_length=64, help_text="SHA-256 over the previous hash and this")

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "move_id"],
                condition=models.Q(move_id__isnull=False),
                name="event_unique_move_id",
            ),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="event_seq_positive"),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type} in game #{self.game_id}"


class SweepRecord(models.Model):
    """When one of the beat's periodic sweeps last ran, how long it took and how often it ran.

    Each sweep task records itself here (``games.monitoring.health``); ``/healthz``, the
    moderators' health page and ``/metrics`` read it.
    """

    name = models.CharField(max_length=64, primary_key=True, help_text="the sweep's task name")
    first_run_at = models.DateTimeField()
    last_run_at = models.DateTimeField(help_text="when the last run finished")
    last_seconds = models.FloatField(help_text="how long the last run took")
    last_handled = models.PositiveIntegerField(help_text="rows or games the last run handled")
    runs = models.PositiveBigIntegerField(default=0)
    total_seconds = models.FloatField(default=0.0)

    def __str__(self) -> str:
        return f"{self.name}, last run {self.last_run_at:%Y-%m-%d %H:%M:%S}"
