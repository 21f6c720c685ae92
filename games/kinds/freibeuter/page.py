"""The Freibeuter game page and history: the position as the viewer may see it, drawn.

Everything comes from ``view(state, viewer)`` (``None`` for a spectator) and
from public move payloads (STYLE habit 3); the omniscient summary is never
read here. A confirmation applies the chosen move to a copy of the state and
describes the difference between the two *public* positions, so it can say
"you pay Anna 6" without telling which card the draw would bring. The
history replays the game: a seat sees its own past hands, never another's.
"""

from __future__ import annotations

from typing import Any

from engine.base import IllegalMove
from engine.freibeuter.board import is_dutchman_card
from games.kinds.base import (
    PlayedMove,
    TableView,
    ToldMove,
    player_label,
    query,
    replay_fields,
    told,
)
from games.kinds.freibeuter.boards import player_marks
from games.kinds.freibeuter.controls import Controls, controls_for
from games.kinds.freibeuter.describe import card_label, move_words, public_position
from games.kinds.freibeuter.drawing import board_drawing
from games.kinds.freibeuter.svg import board_svg
from games.pictures.marks import Mark


def move_highlight(move: dict[str, Any]) -> set[str]:
    """The field or tile a move acted on (drawn highlighted on the board)."""
    if move.get("type") == "board":
        return {str(move["tile"])}
    return {str(move.get("field") or move.get("card"))}


def last_move(table: TableView, latest: PlayedMove) -> ToldMove:
    """The game's latest move, described from the public positions before and after it."""
    engine, viewer = table.engine, table.viewer
    before = public_position(engine.view(latest.before, viewer))
    after = public_position(engine.view(latest.after, viewer))
    return told(latest, viewer, move_words(latest.move, before, after, viewer))


def confirmation(table: TableView, controls: Controls) -> tuple[str, IllegalMove | None]:
    """What the selected move would do, in words, or the refusal of an illegal one."""
    engine, viewer = table.engine, table.viewer
    if controls.move is None or viewer is None:
        return "", controls.refusal
    try:
        after_state = engine.apply(table.state, viewer, controls.move)
    except IllegalMove as error:
        return "", error
    before = public_position(engine.view(table.state, viewer))
    after = public_position(engine.view(after_state, viewer))
    return move_words(controls.move, before, after, viewer), None


def _players(
    view: dict[str, Any], table: TableView, marks: dict[str, Mark]
) -> list[dict[str, Any]]:
    bots = {player.name for player in table.players if player.is_bot}
    viewer = view.get("viewer")
    return [
        {
            "name": name,
            "label": player_label(name, viewer),
            "mark": marks[name],
            "chests": player["chests"],
            "credit": player["credit"],
            "supply": player["supply"],
            "ships": player["ships"],
            "score": view["scores"][name],
            "hand_size": player["hand_size"],
            "hand": player.get("hand"),
            "to_move": name in table.to_move,
            "is_viewer": name == viewer,
            "is_bot": name in bots,
            "winner": name in view["winners"],
        }
        for name, player in sorted(view["players"].items(), key=lambda item: item[1]["seat"])
    ]


SPOT = 66 / 7


def card_spot(card: str) -> tuple[str, str, str, str]:
    """Where a card points on a card's little map: its field, row or column (x, y, w, h)."""
    kind, _space, which = card.partition(" ")
    spot: tuple[float, float, float, float]
    if kind == "row":
        spot = (2, 2 + (int(which) - 1) * SPOT, 66, SPOT)
    elif kind == "col":
        spot = (2 + "ABCDEFG".index(which) * SPOT, 2, SPOT, 66)
    else:
        spot = (2 + "ABCDEFG".index(card[0]) * SPOT, 2 + (int(card[1:]) - 1) * SPOT, SPOT, SPOT)
    x, y, width, height = spot
    return f"{x:.1f}", f"{y:.1f}", f"{width:.1f}", f"{height:.1f}"


def _hand(view: dict[str, Any], controls: Controls | None) -> list[dict[str, Any]]:
    viewer = view.get("viewer")
    if viewer is None:
        return []
    cards = sorted(view["players"][viewer].get("hand", []), key=is_dutchman_card)
    playable = controls.cards if controls is not None else {}
    return [
        {
            "card": card,
            "label": card_label(card),
            "dutchman": is_dutchman_card(card),
            "playable": card in playable,
            "selected": controls is not None and controls.card == card,
            "query": query(card=card),
            "spot": card_spot(card),
        }
        for card in cards
    ]


def _board_links(controls: Controls | None) -> tuple[dict[str, str], set[str]]:
    """Links on board fields and tiles for the current step, and the fields to highlight.

    A ship's tap area reaches into the four fields around it, so ships are links only
    until a card is picked; the card's fields are then the board's only links.
    """
    if controls is None:
        return {}, set()
    links = {tile: query(move=f"board {tile}") for tile in controls.boardable}
    chosen: set[str] = set()
    if controls.card:
        fields = controls.dutchman_fields or [controls.card]
        links = {name: query(card=controls.card, field=name) for name in fields}
        chosen = set(fields)
    if controls.chosen_field:
        chosen = {controls.chosen_field}
    if controls.move is not None:
        return links, move_highlight(controls.move)
    return links, chosen


def page_context(*, table: TableView, selection: dict[str, str]) -> dict[str, Any]:
    """Everything the game page shows the table's viewer (a seat or a spectator), and controls."""
    viewer = table.viewer
    view = table.engine.view(table.state, viewer)
    marks = player_marks(view)
    controls = None if viewer is None else controls_for(table.engine, table.legal, selection)
    words, refusal = confirmation(table, controls) if controls else ("", None)
    latest = table.last_move()
    links, chosen = _board_links(controls)
    last = move_highlight(latest.move) if latest else set()
    drawing = board_drawing(view, marks, links=links, chosen=chosen, last=last)
    return {
        "view": view,
        "players": _players(view, table, marks),
        "hand": _hand(view, controls),
        "controls": controls,
        "confirmation": words,
        "refusal": refusal,
        "board": board_svg(drawing),
        "last_move": last_move(table, latest) if latest else None,
        "set_aside": view["set_aside"],
        "decks": view["decks"],
    }


def history_context(*, table: TableView, at: int | None) -> dict[str, Any]:
    """The moves in words and the position after move ``at`` (default: the latest)."""
    engine, viewer = table.engine, table.viewer
    history = table.history()
    moves: list[ToldMove] = []
    state, position = history.start, public_position(engine.view(history.start, viewer))
    for number, played in enumerate(history.moves, start=1):
        before = (
            position
            if played.before is state
            else public_position(engine.view(played.before, viewer))
        )
        state, position = played.after, public_position(engine.view(played.after, viewer))
        words = move_words(played.move, before, position, viewer)
        moves.append(told(played, viewer, words, number))
    at, state = history.after(at)
    view = engine.view(state, viewer)
    marks = player_marks(view)
    highlight = move_highlight(history.moves[at - 1].move) if at else set()
    return {
        **replay_fields(moves, at),
        "view": view,
        "board": board_svg(board_drawing(view, marks, last=highlight)),
        "players": _players(view, table, marks),
    }
