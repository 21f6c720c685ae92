"""The event store and its projections: games, seats and immutable events.

Events are the only source of truth. ``Game`` keeps projections (status, who
is to move, scores) updated in the same transaction as each event append and
rebuildable from the events. An event is never updated or deleted: the model
and its queryset refuse it, and on PostgreSQL a trigger does too.

Each event carries its link in the game's hash chain (``engine.chain``), and
``Game.head_hash`` keeps the last link as a projection, so an append needs no
read of the previous event.

The players' models are at the end: accounts (``Player``), and the results
and ratings of finished games, a projection of their events (``games.players``).

The leagues' models follow them: a league, its own event stream
(``LeagueEvent``, immutable like ``Event``) and the projections kept from it (``games.leagues``).

The mail models live here too: the outbox (``OutboundMail``), the log of
received replies (``InboundMail``) and "my games" sign-in tokens; and the
beat's sweep records (``SweepRecord``) that the health page reads.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.conf import settings
from django.db import models
from django.db.models.functions import Upper
from django.utils import timezone

from engine.base import get_game
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
        help_text="the account of the seat's verified address (games.players.accounts)",
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


class OutboundMail(models.Model):
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

    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="mails"
    )
    seat = models.ForeignKey(
        Seat, null=True, blank=True, on_delete=models.SET_NULL, related_name="mails"
    )
    to = models.EmailField()
    kind = models.CharField(max_length=24)
    language = models.CharField(max_length=8, default="en")
    context = models.JSONField(default=dict)
    message_id = models.CharField(max_length=255, unique=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(default=timezone.now)
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

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

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="invitation_unique_position")
        ]

    def __str__(self) -> str:
        return f"seat {self.position} of table #{self.table_id} ({self.kind})"


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
    their turns and the games they left count for them (``games.players.reliability``).
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

    A projection of the game's events (``games.players.results``), rebuilt by
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
