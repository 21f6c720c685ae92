"""The leagues' models: a league, its own event stream (``LeagueEvent``, immutable like
``Event``) and the projections kept from it (``games.leagues``)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from engine.base import get_game
from games.models.core import Game, ImmutableQuerySet, ImmutableRow
from games.models.people import Player


class League(models.Model):
    """A season of one game kind: a sign-up window, then rounds of tables (``games.leagues``).

    The settings are fixed at creation (and told by its ``league_created`` event); ``status``,
    ``round``, ``round_deadline`` and ``last_seq`` are projections of its event stream.
    """

    class Status(models.TextChoices):
        SIGNUP = "signup", "sign-up"
        PLAYING = "playing"
        FINISHED = "finished"
        CANCELLED = "cancelled"

    name = models.CharField(max_length=60)
    kind = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True, help_text="its games' time control")
    signup_opens_at = models.DateTimeField()
    signup_closes_at = models.DateTimeField()
    rounds = models.PositiveSmallIntegerField()
    round_hours = models.PositiveIntegerField(help_text="a round's games are decided by then")
    table_size = models.PositiveSmallIntegerField(help_text="the players a table aims at")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SIGNUP)
    round = models.PositiveSmallIntegerField(default=0, help_text="the round under way")
    round_deadline = models.DateTimeField(null=True, blank=True)
    last_seq = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-signup_closes_at", "-id"]
        indexes = [models.Index(fields=["status", "signup_closes_at"])]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind}, {self.status})"

    @property
    def title(self) -> str:
        """The title of the league's game."""
        return get_game(self.kind).TITLE


class LeagueEventQuerySet(ImmutableQuerySet["LeagueEvent"]):
    """League events can be added and read, never changed or deleted in bulk."""


class LeagueEvent(ImmutableRow):
    """One immutable step of a league; ``seq`` runs gap-free from 1 per league."""

    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=32)
    version = models.PositiveSmallIntegerField(default=1, help_text="schema version of payload")
    payload = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now, help_text="the service's clock time")

    objects = LeagueEventQuerySet.as_manager()

    class Meta:
        ordering = ["league", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["league", "seq"], name="league_event_unique_seq"),
            models.CheckConstraint(
                condition=models.Q(seq__gte=1), name="league_event_seq_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.seq} {self.type} in league #{self.league_id}"


class LeagueEntry(models.Model):
    """A player signed up to a league, and his standing: a projection of the league's events
    and its games' results (``games.leagues.standings``)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="league_entries")
    language = models.CharField(max_length=8, default="en", help_text="of his league emails")
    signup_seq = models.PositiveIntegerField(help_text="his sign-up event: the last tie-break")
    seed_rating = models.FloatField(null=True, blank=True, help_text="his rating at the close")
    points = models.PositiveIntegerField(default=0)
    score_sum = models.IntegerField(default=0)
    games = models.PositiveSmallIntegerField(default=0)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["league", "rank", "signup_seq"]
        constraints = [
            models.UniqueConstraint(fields=["league", "player"], name="league_entry_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.league}"


class LeagueTable(models.Model):
    """One table of a league's round: an ordinary game (a projection of ``round_dealt``)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="tables")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="league_table")

    class Meta:
        ordering = ["league", "round", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["league", "round", "number"], name="league_table_unique"
            )
        ]

    def __str__(self) -> str:
        return f"table {self.number} of round {self.round} in {self.league}"
