"""The one read that hands a game to its kind: ``table_for`` a game and a reader's seat.

The kinds (``games.kinds.<game>``) never read the database; pages give them
this :class:`~games.kinds.base.TableView` of plain data. What costs a replay (the
history) or is published only at the end (the deal) is a function the kind
calls when its page shows it, computed once per table however often it is asked.
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from games.event_lines import event_line
from games.kinds.base import History, Note, PlayedMove, Revealed, TableSeat, TableView
from games.models import Event, Game, Seat
from games.play.selectors import game_fairness, game_record, hidden_seqs, sealed_seq
from games.store import events
from games.store.loading import engine_for, played_move
from games.store.repository import game_replay, load_state, state_at


def table_for(*, game: Game, seat: Seat | None) -> TableView:
    """``game`` as ``seat`` may see it (``None``: a spectator), for its kind."""
    engine = engine_for(game)
    state = load_state(game)
    viewer = None if seat is None else seat.display_name
    active = game.status == Game.Status.ACTIVE
    moving = seat is not None and active and viewer in game.to_move
    return TableView(
        kind=game.kind,
        engine=engine,
        viewer=viewer,
        active=active,
        paused=game.status == Game.Status.PAUSED,
        over=game.is_over,
        players=tuple(
            TableSeat(name=s.display_name, number=s.position + 1, is_bot=s.is_bot)
            for s in game.seats.all()
        ),
        to_move=tuple(game.to_move),
        state=state,
        legal=engine.legal_moves(state, viewer) if moving else [],
        sealed_seq=partial(sealed_seq, game),
        last_move=partial(_last_move, game, state),
        history=cache(partial(_history, game)),
        revealed=cache(partial(_revealed, game)),
    )


def _last_move(game: Game, state: Any) -> PlayedMove | None:
    """The latest move event up to the table's position, a taken-back one too (``state`` is
    then the position before it); a move stored after the table read its position is not
    the table's to show."""
    found = (
        Event.objects.filter(game=game, type=events.MOVE, seq__lte=game.last_seq)
        .order_by("-seq")
        .values_list("seq", "version", "payload")
        .first()
    )
    if found is None:
        return None
    seq, version, raw = found
    payload = events.upcast(events.MOVE, version, raw)
    return played_move(seq, payload, state_at(game, seq - 1), state)


def _history(game: Game) -> History:
    replay = game_replay(game)
    hidden = hidden_seqs(game)
    notes = [
        Note(seq=seq, after=standing, words=line)
        for seq, event_type, payload, standing in replay.events
        if (line := event_line(event_type, payload, hidden=seq in hidden))
    ]
    return History(start=replay.start, moves=replay.moves, notes=notes)


def _revealed(game: Game) -> Revealed | None:
    if not game.is_over:
        return None
    return Revealed(record=game_record(game=game), fairness=game_fairness(game=game))
