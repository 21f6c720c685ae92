"""The projections kept from a game's events: set from a state, kept on commit, rebuilt.

Services append through ``games.store.repository``, which writes the projections set
here with the events; :func:`game_projections_rebuild` recomputes them, the clocks
included, from the events alone.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from engine.base import Result, Rules
from games.models import Game
from games.store import events
from games.store.clock_replay import clock_replay
from games.store.kept import head_of, state_keep
from games.store.loading import SNAPSHOT_EVERY, engine_for, fold, store_snapshot
from games.timecontrol.deadlines import CLOCK_FIELDS, SEAT_CLOCK_FIELDS

GAME_ROW_FIELDS = [
    "last_seq",
    "head_hash",
    "to_move",
    "scores",
    "winners",
    "status",
    "updated_at",
    *CLOCK_FIELDS,
]
"""The ``Game`` fields a change writes: the head of its history and the projections."""

PROJECTION_FIELDS = [*GAME_ROW_FIELDS, "commitment", "created_at"]
"""The ``Game`` fields :func:`game_projections_rebuild` recomputes from events."""


def projections_set(game: Game, engine: Rules, state: Any) -> Result | None:
    """Set who is to move, the scores and the winners of ``game`` to ``state``'s; return the
    result if ``state`` ends the game."""
    result = engine.result(state)
    game.to_move = engine.to_move(state)
    game.scores = result["scores"] if result else engine.scores(state)
    game.winners = result["winners"] if result else []
    return result


def snapshot_on_commit(game: Game, state: Any) -> None:
    """Keep ``state`` as the state at ``game``'s last event once the transaction commits: in
    this process (``games.store.kept``), and in the shared cache only at a checkpoint (a
    multiple of ``SNAPSHOT_EVERY``); any other head reaches it from its first reader in
    another process (``loading.state_at``), not from the request a player waits for."""
    head = head_of(game)
    checkpoint = head[2] % SNAPSHOT_EVERY == 0

    def keep() -> None:
        if checkpoint:
            store_snapshot(game, head[2], state)
        state_keep(head, state)

    transaction.on_commit(keep)


def _status_of(event_types: list[str]) -> str:
    """A game's status from its event types: over (finished, decided or aborted), else paused
    until resumed, else active."""
    if events.GAME_FINISHED in event_types or events.GAME_ADJUDICATED in event_types:
        return Game.Status.FINISHED
    if events.GAME_ABORTED in event_types:
        return Game.Status.ABORTED
    pauses = [t for t in event_types if t in (events.GAME_PAUSED, events.GAME_RESUMED)]
    return Game.Status.PAUSED if pauses and pauses[-1] == events.GAME_PAUSED else Game.Status.ACTIVE


@transaction.atomic
def game_projections_rebuild(*, game: Game) -> bool:
    """Recompute ``game``'s projections, its clock and its seats' clocks from its events;
    tell whether any changed."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    seats = list(game.seats.order_by("position"))
    stored = list(
        game.events.order_by("seq").values_list(
            "seq", "type", "version", "payload", "created_at", "actor"
        )
    )
    engine = engine_for(game)
    before = [getattr(game, field) for field in PROJECTION_FIELDS]
    seats_before = [[getattr(seat, f) for f in SEAT_CLOCK_FIELDS] for seat in seats]
    clock_replay(game=game, seats=seats, engine=engine, stored=stored)
    state = fold(engine, game.pk, None, [event[:4] for event in stored])
    _, created_type, created_version, created_payload, _, _ = stored[0]
    game.commitment = events.upcast(created_type, created_version, created_payload)["commitment"]
    game.last_seq = stored[-1][0]
    game.head_hash = game.events.get(seq=game.last_seq).hash
    game.created_at, game.updated_at = stored[0][4], stored[-1][4]
    game.status = _status_of([event[1] for event in stored])
    projections_set(game, engine, state)
    if game.is_over:
        game.to_move = []
    for _, event_type, version, payload, _, _ in stored:
        if event_type == events.GAME_ADJUDICATED:
            game.winners = events.upcast(event_type, version, payload)["winners"]
    changed = [getattr(game, field) for field in PROJECTION_FIELDS] != before
    if changed:
        game.save()
    for seat, fields in zip(seats, seats_before, strict=True):
        if [getattr(seat, f) for f in SEAT_CLOCK_FIELDS] != fields:
            seat.save(update_fields=SEAT_CLOCK_FIELDS)
            changed = True
    return changed
