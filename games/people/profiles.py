"""Reads for a player's profile and the leaderboards, from the results and ratings projections.

Nothing here shows an address: a profile names the account by its handle, and
each game by its label and the player's name at that table, as the game's own
page does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Avg, Count, Q, Sum
from django.urls import reverse

from engine.base import GAMES, get_game
from games.display import game_label
from games.models import Game, GameResult, Player, Rating, Seat
from games.people.reliability import Reliability, reliability

LEADERBOARD_MIN_GAMES = 5
"""Rated games a player needs in a kind to be on its leaderboard."""
LEADERBOARD_SIZE = 100
UNDER_WAY = (Game.Status.ACTIVE, Game.Status.PAUSED)
PROFILE_OVER = 100
"""A profile lists every game under way and the newest of those over."""


@dataclass(frozen=True)
class KindStats:
    """A player's figures in one game kind."""

    kind: str
    title: str
    played: int
    wins: int
    mean_placement: float | None
    rating: Rating | None
    mean_move_seconds: float | None

    @property
    def mean_move_hours(self) -> float | None:
        return None if self.mean_move_seconds is None else self.mean_move_seconds / 3600


@dataclass(frozen=True)
class GameLine:
    """One of a player's games: under way, or over (with his result if it finished by play)."""

    game_id: int
    kind: str
    label: str
    name: str
    status: str
    updated_at: datetime
    result: GameResult | None


@dataclass(frozen=True)
class Profile:
    player: Player
    reliability: Reliability
    kinds: list[KindStats]
    under_way: list[GameLine]
    over: list[GameLine]


def player_profile(*, player: Player, now: datetime) -> Profile:
    """The profile of ``player`` at ``now``: his reliability, his figures per kind and his
    games, newest first."""
    figures = (
        GameResult.objects.filter(player=player)
        .values("kind")
        .annotate(
            played=Count("id"),
            wins=Count("id", filter=Q(won=True)),
            mean_placement=Avg("placement"),
            moves=Sum("moves"),
            seconds=Sum("move_seconds"),
        )
    )
    ratings = {rating.kind: rating for rating in player.ratings.all()}
    kinds = [
        KindStats(
            kind=row["kind"],
            title=get_game(row["kind"]).TITLE,
            played=row["played"],
            wins=row["wins"],
            mean_placement=row["mean_placement"],
            rating=ratings.get(row["kind"]),
            mean_move_seconds=row["seconds"] / row["moves"] if row["moves"] else None,
        )
        for row in sorted(figures, key=lambda row: GAMES.index(row["kind"]))
    ]
    seats = player.seats.select_related("game", "result").order_by("-game__updated_at", "-game_id")
    return Profile(
        player=player,
        reliability=reliability(player=player, now=now),
        kinds=kinds,
        under_way=[_line(seat) for seat in seats.filter(game__status__in=UNDER_WAY)],
        over=[_line(seat) for seat in seats.exclude(game__status__in=UNDER_WAY)[:PROFILE_OVER]],
    )


def _line(seat: Seat) -> GameLine:
    return GameLine(
        game_id=seat.game_id,
        kind=seat.game.kind,
        label=game_label(seat.game),
        name=seat.display_name,
        status=seat.game.status,
        updated_at=seat.game.updated_at,
        result=getattr(seat, "result", None),
    )


def leaderboard(*, kind: str) -> list[Rating]:
    """The best :data:`LEADERBOARD_SIZE` ratings of ``kind`` (by mu - 3 sigma) among players
    with at least :data:`LEADERBOARD_MIN_GAMES` rated games (deleted accounts not among them)."""
    return list(
        Rating.objects.filter(
            kind=kind, games__gte=LEADERBOARD_MIN_GAMES, player__deleted_at__isnull=True
        )
        .select_related("player")
        .order_by("-ordinal", "player__handle_key")[:LEADERBOARD_SIZE]
    )


def profile_url(player: Player | None) -> str | None:
    """The address of ``player``'s profile; ``None`` without an account or once it is deleted."""
    if player is None or player.deleted_at is not None:
        return None
    return reverse("player-profile", kwargs={"handle": player.handle})


def profile_links(*, seats: Iterable[Seat]) -> dict[str, str]:
    """Each seat's name at the table → its player's profile, the map every page's player names
    link by (``{% player_name %}``); give it seats read with ``select_related("player")``."""
    return profiles_of((seat.display_name, seat.player) for seat in seats)


def profiles_of(holders: Iterable[tuple[str, Player | None]]) -> dict[str, str]:
    """:func:`profile_links` of seats given as (name, player or ``None``) pairs."""
    return {name: url for name, player in holders if (url := profile_url(player)) is not None}
