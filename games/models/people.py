"""The players' models: accounts (``Player``), the players who held a seat before, and the
results and ratings of finished games, a projection of their events (``games.people``)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from games.models.core import Game, Seat


class Player(models.Model):
    """The account of one verified address, known to others only by its public handle.

    ``handle_key`` is ``games.names.name_key`` of the handle, so two handles that
    are one name after normalisation cannot both exist. The address is never shown to
    anyone else; deleting an account replaces address and handle by a placeholder while
    the row (and so every seat's and rating's link to it) stays.
    """

    email = models.EmailField(unique=True, help_text="lower case; shown to nobody else")
    handle = models.CharField(max_length=40)
    handle_key = models.CharField(max_length=160, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    deleted_at = models.DateTimeField(
        null=True, blank=True, help_text="when its player deleted it: address and handle gone"
    )

    class Meta:
        ordering = ["handle_key"]

    def __str__(self) -> str:
        return self.handle


class FormerHolder(models.Model):
    """Who held a seat before it was given to another player (a ``seat_replaced`` by a player).

    A seat's row names its current player only; this keeps the earlier ones, so
    their turns and the games they left count for them (``games.people.reliability``).
    ``until_seq`` is the seq of the ``seat_replaced`` event that ended the holding.
    """

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="former_holders")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="former_seats"
    )
    email = models.EmailField(blank=True, help_text="the address that held it; shown to nobody")
    until_seq = models.PositiveIntegerField()

    class Meta:
        ordering = ["seat", "until_seq"]
        constraints = [
            models.UniqueConstraint(fields=["seat", "until_seq"], name="former_holder_unique")
        ]
        indexes = [models.Index(fields=["player"]), models.Index(fields=["email"])]

    def __str__(self) -> str:
        return f"{self.seat} until seq {self.until_seq}"


class GameResult(models.Model):
    """One human seat's outcome of a game finished by play, and its rating after it.

    A projection of the game's events (``games.people.results``), rebuilt by
    ``rebuild_projections``; ``mu`` and ``sigma`` are null when the game is unrated.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="results")
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="result")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="results"
    )
    kind = models.CharField(max_length=32)
    finished_at = models.DateTimeField(help_text="the game_finished event's time")
    placement = models.PositiveSmallIntegerField(help_text="1 + the players who scored more")
    score = models.IntegerField()
    won = models.BooleanField()
    rated = models.BooleanField()
    moves = models.PositiveIntegerField(help_text="moves the player made himself (not auto)")
    move_seconds = models.FloatField(help_text="time from his turn's start to those moves")
    mu = models.FloatField(null=True, blank=True)
    sigma = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["kind", "finished_at", "game_id", "seat__position"]
        indexes = [
            models.Index(fields=["kind", "rated", "finished_at", "game"]),
            models.Index(fields=["player", "kind"]),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: place {self.placement}"


class Rating(models.Model):
    """A player's current rating in one game kind: his last rated ``GameResult``'s."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="ratings")
    kind = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: what the leaderboard ranks by")
    games = models.PositiveIntegerField(help_text="rated games")

    class Meta:
        ordering = ["kind", "-ordinal"]
        constraints = [
            models.UniqueConstraint(fields=["player", "kind"], name="rating_unique_kind")
        ]
        indexes = [models.Index(fields=["kind", "games", "-ordinal"])]

    def __str__(self) -> str:
        return f"{self.player} in {self.kind}: {self.ordinal:.2f}"
