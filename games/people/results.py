"""The results of finished games and the ratings they give: a projection of the events.

When a game's ``game_finished`` event is appended, each human seat's result is
recorded from the events (placement and score from that event, the time it
took to move from a replay) and, if the game is rated, every player's rating
in its kind moves by the Plackett-Luce model of ``openskill``
(:data:`MODEL`). Ratings are a fold over the rated games of one kind in the
order they finished (the ``game_finished`` event's time, then the game id),
so :func:`results_rebuild` reproduces every one exactly. Whatever would change
an earlier game's place in that fold (a game that commits a finish stamped
before one already rated, seats claimed by an account at sign-in) replays
the ratings from that game on, under one lock per kind, so the ratings are
always the fold's, whatever order the writes came in.

A game is **rated** when it finished by play, with 2 to 6 seats, none of them
ever a bot and none replaced. Aborted and adjudicated games have no results.
A seat whose address has no account yet is rated as a newcomer in that game
and its rating is kept nowhere; once the address signs in, its seats'
results become the account's and the ratings are replayed.
"""

from __future__ import annotations

import zlib
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, OuterRef, Q, Subquery
from openskill.models import PlackettLuce

from engine.base import Rules
from games.models import Event, Game, GameResult, Player, Rating
from games.store import events
from games.store.loading import engine_for, fold

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001."""
RATED_PLAYERS = range(2, 7)
RATED_KIND_LOCK = "ratings:"
"""An advisory lock per kind (PostgreSQL) orders the writers of one kind's ratings."""

Key = tuple[datetime, int]
"""A rated game's place in its kind's fold: when it finished, then its id."""


def _lock(kind: str) -> None:
    """Hold the ratings of ``kind`` until the transaction ends (SQLite has one writer anyway)."""
    if connection.vendor == "postgresql":
        key = zlib.crc32(f"{RATED_KIND_LOCK}{kind}".encode())
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def _move_times(engine: Rules, game_id: int, stored: list[Any]) -> dict[str, list[float]]:
    """Per player, the moves he made himself and the seconds from his turn's start to them.

    A turn starts at the event after which he is to move (simultaneous turns included)
    and ends with his move; pauses and vacations count, the service's own moves do not.
    """
    times: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    waiting: dict[str, datetime] = {}
    state: Any = None
    before_move: Any = None
    for seq, event_type, version, raw, created_at in stored:
        if event_type == events.MOVE_TAKEN_BACK:
            state = before_move
        elif event_type in (events.GAME_CREATED, events.MOVE):
            if event_type == events.MOVE:
                before_move = state
                payload = events.upcast(event_type, version, raw)
                started = waiting.pop(payload["player"], None)
                if started is not None and not payload["auto"]:
                    times[payload["player"]][0] += 1
                    times[payload["player"]][1] += (created_at - started).total_seconds()
            state = fold(engine, game_id, state, [(seq, event_type, version, raw)])
        else:
            continue
        waiting = {name: waiting.get(name, created_at) for name in engine.to_move(state)}
    return times


def _results(game: Game) -> list[GameResult]:
    """The results of ``game`` from its events, unrated yet; none if it did not finish by play."""
    stored = list(
        Event.objects.filter(game=game)
        .order_by("seq")
        .values_list("seq", "type", "version", "payload", "created_at")
    )
    finished = [event for event in stored if event[1] == events.GAME_FINISHED]
    if not finished:
        return []
    _, _, version, raw, finished_at = finished[-1]
    payload = events.upcast(events.GAME_FINISHED, version, raw)
    scores, winners = payload["scores"], payload["winners"]
    seats = list(game.seats.all())
    rated = (
        len(seats) in RATED_PLAYERS
        and not any(seat.is_bot for seat in seats)
        and not any(event[1] == events.SEAT_REPLACED for event in stored)
    )
    times = _move_times(engine_for(game), game.pk, stored)
    return [
        GameResult(
            game=game,
            seat=seat,
            player_id=seat.player_id,
            kind=game.kind,
            finished_at=finished_at,
            placement=1 + sum(score > scores[seat.display_name] for score in scores.values()),
            score=scores[seat.display_name],
            won=seat.display_name in winners,
            rated=rated,
            moves=int(times[seat.display_name][0]),
            move_seconds=times[seat.display_name][1],
        )
        for seat in seats
        if not seat.is_bot
    ]


def _rated(kind: str) -> Any:
    return GameResult.objects.filter(kind=kind, rated=True)


def _before(key: Key) -> Q:
    finished_at, game_id = key
    return Q(finished_at__lt=finished_at) | Q(finished_at=finished_at, game_id__lt=game_id)


def _prior(current: dict[int, tuple[float, float]], player_id: int | None) -> Any:
    """The rating a seat brings to a game: its account's last one, or a newcomer's."""
    if player_id is None or player_id not in current:
        return MODEL.rating()
    mu, sigma = current[player_id]
    return MODEL.rating(mu=mu, sigma=sigma)


def ratings_replay(*, kind: str, since: Key | None) -> None:
    """Fold the rated games of ``kind`` from the one at ``since`` on (all if ``None``) into
    their results' ratings and the players' current ratings. The caller holds ``_lock``."""
    later = _rated(kind).order_by("finished_at", "game_id", "seat__position")
    if since is not None:
        later = later.exclude(_before(since))
    rows = list(later)
    current: dict[int, tuple[float, float]] = {}
    if since is not None:
        latest = _rated(kind).filter(_before(since), player=OuterRef("pk"))
        latest = latest.order_by("-finished_at", "-game_id")
        known = Player.objects.filter(pk__in={row.player_id for row in rows}).annotate(
            mu=Subquery(latest.values("mu")[:1]), sigma=Subquery(latest.values("sigma")[:1])
        )
        current = {p.pk: (p.mu, p.sigma) for p in known if p.mu is not None}
    games: dict[int, list[GameResult]] = defaultdict(list)
    for row in rows:
        games[row.game_id].append(row)
    for table in games.values():
        before = [[_prior(current, row.player_id)] for row in table]
        after = MODEL.rate(before, ranks=[row.placement for row in table])
        for row, (rating,) in zip(table, after, strict=True):
            row.mu, row.sigma = rating.mu, rating.sigma
            if row.player_id is not None:
                current[row.player_id] = (rating.mu, rating.sigma)
    GameResult.objects.bulk_update(rows, ["mu", "sigma"], batch_size=500)
    _ratings_store(kind, current)


def _ratings_store(kind: str, current: dict[int, tuple[float, float]]) -> None:
    """Set the current ratings of ``kind``'s players in ``current`` (``Rating`` rows)."""
    counts = dict(
        _rated(kind)
        .filter(player__in=current)
        .values("player")
        .annotate(games=Count("id"))
        .values_list("player", "games")
    )
    Rating.objects.bulk_create(
        [
            Rating(
                player_id=pk,
                kind=kind,
                mu=mu,
                sigma=sigma,
                ordinal=mu - 3 * sigma,
                games=counts[pk],
            )
            for pk, (mu, sigma) in current.items()
        ],
        update_conflicts=True,
        unique_fields=["player", "kind"],
        update_fields=["mu", "sigma", "ordinal", "games"],
        batch_size=500,
    )


def game_results_record(*, game: Game) -> None:
    """Record the results of ``game``, whose ``game_finished`` was just appended, and rate it.

    The services call it in the transaction that appends that event, so results and
    ratings commit with the finish or not at all.
    """
    _lock(game.kind)
    rows = GameResult.objects.bulk_create(_results(game))
    if rows and rows[0].rated:
        ratings_replay(kind=game.kind, since=(rows[0].finished_at, game.pk))


def results_claim(*, seat_ids: Iterable[int], player: Player) -> None:
    """The results of ``seat_ids`` become ``player``'s; replay each kind's ratings from the
    first rated game among them."""
    claimed = GameResult.objects.filter(seat_id__in=list(seat_ids))
    claimed.update(player=player)
    first: dict[str, Key] = {}
    for kind, finished_at, game_id in (
        claimed.filter(rated=True)
        .order_by("finished_at", "game_id")
        .values_list("kind", "finished_at", "game_id")
    ):
        first.setdefault(kind, (finished_at, game_id))
    for kind, key in sorted(first.items()):
        _lock(kind)
        ratings_replay(kind=kind, since=key)


@transaction.atomic
def results_rebuild() -> int:
    """Recompute every result and rating from the events; return the number of results."""
    for kind in sorted(Game.objects.values_list("kind", flat=True).distinct()):
        _lock(kind)
    GameResult.objects.all().delete()
    Rating.objects.all().delete()
    finished = Game.objects.filter(events__type=events.GAME_FINISHED).distinct().order_by("id")
    rows = [row for game in finished for row in _results(game)]
    GameResult.objects.bulk_create(rows, batch_size=500)
    for kind in sorted({row.kind for row in rows}):
        ratings_replay(kind=kind, since=None)
    return len(rows)
