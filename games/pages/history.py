"""Reads for the history page: every move in words, and the board at any earlier move.

The game is replayed from its events (the truth), and each position is seen
through ``view(state, viewer)``: a seat sees its own past hands, never
another's; a spectator sees none. Descriptions use public positions only
(``games.pages.describe``). A finished game adds its record, the revealed deal and
the salt that opens the fairness commitment.
"""

from __future__ import annotations

from typing import Any

from games.event_lines import event_line
from games.models import Event, Game, Seat
from games.pages.describe import move_words, player_label, public_position
from games.pages.game import move_highlight
from games.pictures.drawing import board_drawing, player_marks
from games.play import selectors
from games.store import events
from games.store.loading import engine_for


def _stored(game: Game) -> list[tuple[int, str, int, Any]]:
    return list(
        Event.objects.filter(game=game, seq__lte=game.last_seq)
        .order_by("seq")
        .values_list("seq", "type", "version", "payload")
    )


def game_replay(*, game: Game, seat: Seat | None, at: int | None) -> dict[str, Any]:
    """The moves in words and the position after move ``at`` (default: the latest)."""
    engine = engine_for(game)
    viewer = None if seat is None else seat.display_name
    moves: list[dict[str, Any]] = []
    state = None
    shown: Any = None
    before: dict[str, Any] = {}
    shown_move: dict[str, Any] | None = None
    previous: tuple[Any, dict[str, Any]] = (None, {})
    notes: list[dict[str, Any]] = []
    for seq, event_type, version, raw in _stored(game):
        payload = events.upcast(event_type, version, raw)
        if event_type == events.GAME_CREATED:
            state = engine.start(payload["players"], payload["setup"])
            before = public_position(engine.view(state, viewer))
            shown = state
        elif event_type == events.MOVE_TAKEN_BACK and moves:
            moves.pop()
            state, before = previous
            if at is None or len(moves) <= at:
                shown, shown_move = state, None
        elif event_type == events.MOVE and state is not None:
            previous = (state, before)
            state = engine.apply(state, payload["player"], payload["move"])
            after = public_position(engine.view(state, viewer))
            moves.append(
                {
                    "number": len(moves) + 1,
                    "seq": seq,
                    "player": player_label(payload["player"], viewer),
                    "words": move_words(payload["move"], before, after, viewer),
                    "auto": bool(payload.get("auto")),
                }
            )
            before = after
            if at is None or len(moves) <= at:
                shown, shown_move = state, payload["move"]
        line = event_line(event_type, payload)
        if line:
            notes.append({"seq": seq, "after": len(moves), "words": line})
    count = len(moves)
    at = count if at is None else max(0, min(at, count))
    view = engine.view(shown, viewer)
    marks = player_marks(view)
    highlight = move_highlight(shown_move) if shown_move and at else set()
    return {
        "moves": moves,
        "notes": notes,
        "at": at,
        "count": count,
        "shown": moves[at - 1] if at else None,
        "view": view,
        "drawing": board_drawing(view, marks, last=highlight),
        "players": [
            {
                "name": name,
                "label": player_label(name, viewer),
                "mark": marks[name],
                "score": view["scores"][name],
                "chests": player["chests"],
                "credit": player["credit"],
                "supply": player["supply"],
                "ships": player["ships"],
                "hand": player.get("hand"),
            }
            for name, player in sorted(view["players"].items(), key=lambda item: item[1]["seat"])
        ],
        "revealed": game_revealed(game) if game.is_over else None,
    }


def game_revealed(game: Game) -> dict[str, Any]:
    """The finished game's deal, record and the salt of its commitment (never before the end)."""
    record = selectors.game_record(game=game)
    return {
        "record": record,
        "hands": list(record["setup"]["hands"].items()),
        "sea_deck": record["setup"]["sea_deck"],
        "dutchman_deck": record["setup"]["dutchman_deck"],
        "fairness": selectors.game_fairness(game=game),
    }
