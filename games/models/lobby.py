"""The lobby's models: a table gathering players for a game, and its seats' invitations."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from engine.base import get_game
from games.models.core import Game, Seat


class Table(models.Model):
    """A game being formed in the lobby: its seats are filled before the deal.

    The engine needs every player's name to deal, and a game's first event
    fixes them for good, so a ``Game`` exists only once every seat is taken:
    until then the lobby keeps a ``Table`` of ``Invitation`` rows (one per
    seat, by email, open to anyone, or a bot), and taking the last seat deals
    the game (``games.play.lobby``).
    """

    class Status(models.TextChoices):
        OPEN = "open"
        STARTED = "started"
        CANCELLED = "cancelled"

    kind = models.CharField(max_length=32)
    name = models.CharField(max_length=60, blank=True)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    host_email = models.EmailField(blank=True)
    min_reliability = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="per cent of turns moved in time a player needs to take an open seat",
    )
    listed = models.BooleanField(
        default=False,
        help_text="the dashboard lists the table's open seats for anyone to take",
    )
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="table"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"table #{self.pk} ({self.status})"

    @property
    def title(self) -> str:
        """The table's name, or its game's title when the host gave none."""
        return self.name or get_game(self.kind).TITLE


class Invitation(models.Model):
    """One seat of a ``Table``: who is invited (or that it is open, or a bot) and who took it."""

    class Kind(models.TextChoices):
        EMAIL = "email", "invited by email"
        OPEN = "open", "open to anyone"
        BOT = "bot", "the built-in bot"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    display_name = models.CharField(max_length=40, blank=True)
    email = models.EmailField(blank=True)
    pending_email = models.EmailField(
        blank=True,
        help_text="the address typed for an open seat, until its owner confirms it "
        "(games.play.open_seats)",
    )
    language = models.CharField(max_length=8, default="en")
    time_zone = models.CharField(max_length=64, default="UTC")
    accepted_at = models.DateTimeField(null=True, blank=True)
    seat = models.OneToOneField(
        Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="invitation"
    )
    standing = models.JSONField(
        default=dict,
        blank=True,
        help_text="a standing answer given before the deal, copied to the seat",
    )

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="invitation_unique_position")
        ]

    def __str__(self) -> str:
        return f"seat {self.position} of table #{self.table_id} ({self.kind})"
