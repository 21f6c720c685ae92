"""A game's state at any seq, rebuilt by folding the engine over its events, with a snapshot cache.

One fold (:func:`fold`) serves every reader: :func:`state_at` (the snapshot
at or below a seq plus the events after it; :func:`load_state` is the latest),
and :func:`game_replay`, the standing moves with the states around them and
every event, for the history page.

A snapshot is the engine state after event ``seq``, kept in the Django cache under
``(game, seq)``: every seq for hours, multiples of :data:`SNAPSHOT_EVERY` for days.
Loading tries the seq, then the last multiple, replays only the events after it and stores
any multiple it folds past. A miss, an outage or garbage under a key all fall back to
replaying from the events, which are the truth.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from django.core.cache import cache

from engine.base import IllegalMove, Rules, get_game
from games.kinds.base import PlayedMove
from games.models import Event, Game
from games.store import events

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 16
CHECKPOINT_TIMEOUT = 7 * 24 * 3600
LATEST_TIMEOUT = 6 * 3600


class ReplayError(Exception):
    """A stored game no longer replays; ``seq`` is the event that broke."""

    def __init__(self, game_id: int, seq: int | None, code: str, message: str) -> None:
        super().__init__(f"game #{game_id} event {seq}: {code}: {message}")
        self.game_id = game_id
        self.seq = seq
        self.code = code
        self.message = message


def engine_for(game: Game) -> Rules:
    """The engine module that plays ``game``."""
    return get_game(game.kind)


def _key(game: Game, seq: int) -> str:
    # The commitment tells apart games that share an id across databases on one Redis.
    return f"state:{game.pk}:{game.commitment[:16]}:{seq}"


def store_snapshot(game: Game, seq: int, state: Any) -> None:
    """Keep ``state`` as the snapshot of ``game`` after event ``seq`` (best effort; the cache
    pickles it at once, so the caller may go on changing it)."""
    try:
        timeout = CHECKPOINT_TIMEOUT if seq % SNAPSHOT_EVERY == 0 else LATEST_TIMEOUT
        cache.set(_key(game, seq), (game.commitment, seq, state), timeout)
    except Exception:  # the cache is optional: never let it fail a request
        log.warning("could not store a snapshot of game #%s at seq %s", game.pk, seq, exc_info=True)


def _snapshots(game: Game, seqs: list[int]) -> dict[int, Any]:
    try:
        found = cache.get_many([_key(game, seq) for seq in seqs])
    except Exception:  # unreachable cache or unreadable value: replay instead
        log.warning("could not read snapshots of game #%s", game.pk, exc_info=True)
        return {}
    states = {}
    for seq in seqs:
        value = found.get(_key(game, seq))
        if isinstance(value, tuple) and len(value) == 3 and value[:2] == (game.commitment, seq):
            states[seq] = value[2]
    return states


@dataclass
class Replay:
    """What a fold from the game's creation saw: the start, the standing moves, every event.

    ``events`` holds ``(seq, type, payload, standing)``, ``standing`` being
    the number of moves standing once the event is applied.
    """

    start: Any = None
    moves: list[PlayedMove] = field(default_factory=list)
    events: list[tuple[int, str, dict[str, Any], int]] = field(default_factory=list)


class _NeedsFullReplay(Exception):
    """A takeback undoes a move from before the snapshot a fold started from."""


def fold(
    engine: Rules,
    game_id: int,
    state: Any,
    stored: Iterable[tuple[int, str, int, Any]],
    replay: Replay | None = None,
    *,
    owned: bool = False,
) -> Any:
    """Apply ``(seq, type, version, payload)`` events to ``state`` (``None`` before creation).

    ``move_taken_back`` puts back the state from before the last move (the
    only move a takeback may undo), so a replay skips the taken-back move.
    A ``replay`` given (folding from creation) is filled with what the fold saw.

    A state the fold owns (one it starts from creation, or ``state`` when the
    caller hands it over, ``owned``) takes the moves in place, as the engine's
    replay does: only a move that a takeback undoes next is made on a copy
    (``apply``), so the state before it is still there to put back. A fold
    that fills a ``replay`` keeps every state, so it makes every move on a copy.
    """
    stored = list(stored)
    from_creation = state is None
    in_place = replay is None and (from_creation or owned)
    # The indexes of the moves made on a copy: all of them, or those a takeback undoes next.
    copied = _undone_moves(stored) if in_place else range(len(stored))
    apply, apply_in_place = engine.apply, engine.apply_in_place
    upcast = events.upcast
    # Only these event types have old shapes to upcast: the others are read as they are stored.
    upcast_types = {event_type for event_type, _ in events.UPCASTERS}
    move_type = events.MOVE
    before_last_move: Any = None
    for index, (seq, event_type, version, raw) in enumerate(stored):
        payload = upcast(event_type, version, raw) if event_type in upcast_types else raw
        try:
            if event_type == move_type:
                if state is None:
                    raise IllegalMove(
                        "no_game_created", "A move comes before the game was created."
                    )
                if index not in copied:
                    apply_in_place(state, payload["player"], payload["move"])
                    before_last_move = None
                else:
                    before_last_move = state
                    state = apply(state, payload["player"], payload["move"])
                if replay is not None:
                    replay.moves.append(played_move(seq, payload, before_last_move, state))
            elif event_type == events.GAME_CREATED:
                state = engine.start(payload["players"], payload["setup"])
                if replay is not None:
                    replay.start = state
            elif event_type == events.MOVE_TAKEN_BACK:
                if before_last_move is None and not from_creation:
                    raise _NeedsFullReplay
                if before_last_move is None:
                    raise IllegalMove("nothing_to_take_back", "No move to take back here.")
                state, before_last_move = before_last_move, None
                if replay is not None:
                    replay.moves.pop()
        except IllegalMove as error:
            raise ReplayError(game_id, seq, error.code, error.message) from None
        if replay is not None:
            replay.events.append((seq, event_type, payload, len(replay.moves)))
    if state is None:
        raise ReplayError(game_id, None, "no_game_created", "The game has no game_created event.")
    return state


def _undone_moves(stored: list[tuple[int, str, int, Any]]) -> set[int]:
    """The indexes in ``stored`` of the moves a ``move_taken_back`` undoes (the next move event
    after each is the takeback)."""
    undone: set[int] = set()
    if events.MOVE_TAKEN_BACK not in map(itemgetter(1), stored):  # the common case, in C
        return undone
    taken_back = False
    for index in range(len(stored) - 1, -1, -1):
        event_type = stored[index][1]
        if event_type == events.MOVE_TAKEN_BACK:
            taken_back = True
        elif event_type == events.MOVE:
            if taken_back:
                undone.add(index)
            taken_back = False
    return undone


def _events(game: Game, after: int, upto: int) -> Any:
    return (
        Event.objects.filter(game=game, seq__gt=after, seq__lte=upto)
        .order_by("seq")
        .values_list("seq", "type", "version", "payload")
    )


def played_move(seq: int, payload: dict[str, Any], before: Any, after: Any) -> PlayedMove:
    """The move event ``seq`` (its upcast ``payload``) with the states before and after it."""
    return PlayedMove(
        seq=seq,
        player=payload["player"],
        move=payload["move"],
        auto=bool(payload.get("auto")),
        before=before,
        after=after,
        standing=bool(payload.get("standing")),
    )


def load_state(game: Game) -> Any:
    """The engine state of ``game`` after its ``last_seq``."""
    return state_at(game, game.last_seq)


def state_at(game: Game, seq: int) -> Any:
    """The engine state of ``game`` after event ``seq``: a snapshot plus the events after it."""
    base = seq - seq % SNAPSHOT_EVERY
    found = _snapshots(game, [seq, base] if 0 < base < seq else [seq])
    if seq in found:
        return found[seq]
    state = found.get(base)
    start = base if state is not None else 0
    engine = engine_for(game)
    try:
        if start < base:  # folding past the checkpoint: store it on the way
            state = fold(engine, game.pk, state, _events(game, start, base), owned=True)
            store_snapshot(game, base, state)  # pickled now, before the fold goes on in place
            start = base
        state = fold(engine, game.pk, state, _events(game, start, seq), owned=True)
    except _NeedsFullReplay:
        state = fold(engine, game.pk, None, _events(game, 0, seq))
    store_snapshot(game, seq, state)
    return state


def game_replay(game: Game) -> Replay:
    """The whole fold of ``game`` up to its ``last_seq``, with its standing moves and events."""
    replay = Replay()
    fold(engine_for(game), game.pk, None, _events(game, 0, game.last_seq), replay)
    return replay
