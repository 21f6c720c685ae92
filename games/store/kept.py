"""The engine state at the head of the games this process wrote last, kept in its memory.

A move needs the state after its game's last event; rather than read and unpickle the
shared snapshot (:mod:`games.store.loading`) each time, each process keeps the state of the
last :data:`KEEP` games it loaded or committed under the game's ``commitment``,
``last_seq`` and ``head_hash``. The head hash chains every event, so any new event
(another worker's, a takeback's) moves the key and a kept state that is no longer its
game's is never handed out: no worker needs to hear of the others' writes.

A kept state is shared by every move that finds it, so it is only read: the engine's
``apply`` leaves its state unchanged and returns a new one; nothing here or in the
write path changes a state in place (the fold does so only to states it owns).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from games.models import Game
from games.store.loading import load_state

KEEP = 512
"""How many games' states a process keeps (the least recently used go first)."""

Head = tuple[int, str, int, str]
"""A game's id, commitment, last seq and head hash: where its state is."""

_kept: OrderedDict[int, tuple[Head, Any]] = OrderedDict()
_lock = threading.Lock()


def head_of(game: Game) -> Head:
    """Where ``game``'s state is now: its id, commitment, last seq and head hash."""
    return (game.pk, game.commitment, game.last_seq, game.head_hash)


def state_keep(head: Head, state: Any) -> None:
    """Keep ``state`` as the state at ``head`` (its game's previous one goes)."""
    with _lock:
        _kept[head[0]] = (head, state)
        _kept.move_to_end(head[0])
        while len(_kept) > KEEP:
            _kept.popitem(last=False)


def kept_state(game: Game) -> Any:
    """The engine state of ``game`` (a row read locked) after its ``last_seq``: the one kept
    if it is at the row's head, else :func:`load_state`'s, kept from now on. Never change
    it in place."""
    return _state(game, reader=False)


def state_read(game: Game) -> Any:
    """The engine state of ``game`` after its ``last_seq``, for a reader: as :func:`kept_state`,
    but ``game`` is a row read without a lock, so a writer of this process may have kept a
    later head meanwhile; what is loaded here is kept only if it is not older than what is
    kept (seqs only grow: a takeback is an event too). Never change it in place."""
    return _state(game, reader=True)


def _state(game: Game, *, reader: bool) -> Any:
    head = head_of(game)
    with _lock:
        found = _kept.get(game.pk)
    if found is not None and found[0] == head:
        return found[1]
    state = load_state(game)
    if not reader or found is None or found[0][1] != head[1] or found[0][2] < head[2]:
        state_keep(head, state)
    return state
