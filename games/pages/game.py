"""Reads for the game page: the position as the viewer may see it, drawn, with its controls.

Everything comes from ``view(state, viewer)`` (``None`` for a spectator) and
from public move payloads (STYLE habit 3); the omniscient summary is never
read here. A confirmation applies the chosen move to a copy of the state and
describes the difference between the two *public* positions, so it can say
"you pay Anna 6" without telling which card the draw would bring.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from engine.base import IllegalMove
from engine.freibeuter.board import is_dutchman_card
from games.display import deadline_local
from games.models import Event, Game, Seat
from games.pages.controls import Controls, controls_for, query
from games.pages.describe import card_label, move_words, player_label, public_position
from games.pictures.drawing import board_drawing, player_marks
from games.play.refusals import refusal_text
from games.store import events
from games.store.loading import engine_for, load_state
from games.timecontrol.deadlines import deadline_for


def state_at(game: Game, seq: int) -> Any:
    """The engine state of ``game`` after event ``seq`` (snapshots make recent ones cheap)."""
    if seq == game.last_seq:
        return load_state(game)
    earlier = copy.copy(game)
    earlier.last_seq = seq
    return load_state(earlier)


@dataclass
class LastMove:
    """The latest move in words."""

    seq: int
    player: str
    words: str
    auto: bool
    highlight: set[str]


def move_highlight(move: dict[str, Any]) -> set[str]:
    """The field or tile a move acted on (drawn highlighted on the board)."""
    if move.get("type") == "board":
        return {str(move["tile"])}
    return {str(move.get("field") or move.get("card"))}


def last_move(game: Game, state: Any, viewer: str | None) -> LastMove | None:
    """The game's latest move, described from the public positions before and after it."""
    found = (
        Event.objects.filter(game=game, type=events.MOVE)
        .order_by("-seq")
        .values_list("seq", "version", "payload")
        .first()
    )
    if found is None:
        return None
    seq, version, raw = found
    payload = events.upcast(events.MOVE, version, raw)
    engine = engine_for(game)
    before = public_position(engine.view(state_at(game, seq - 1), viewer))
    after = public_position(engine.view(state, viewer))
    return LastMove(
        seq=seq,
        player=player_label(payload["player"], viewer),
        words=move_words(payload["move"], before, after, viewer),
        auto=bool(payload.get("auto")),
        highlight=move_highlight(payload["move"]),
    )


def confirmation(game: Game, seat: Seat, controls: Controls) -> str:
    """What the selected move would do, in words; an illegal one says why, in the reader's
    language."""
    if controls.move is None:
        return controls.error
    engine = engine_for(game)
    state = load_state(game)
    try:
        after_state = engine.apply(state, seat.display_name, controls.move)
    except IllegalMove as error:
        return refusal_text(error)
    viewer = seat.display_name
    before = public_position(engine.view(state, viewer))
    after = public_position(engine.view(after_state, viewer))
    return move_words(controls.move, before, after, viewer)


def _players(
    view: dict[str, Any], game: Game, seats: list[Seat], marks: dict[str, Any]
) -> list[dict[str, Any]]:
    bots = {seat.display_name for seat in seats if seat.is_bot}
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
            "to_move": name in game.to_move,
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
    """Links on board fields and tiles for the current step, and the fields to highlight."""
    if controls is None:
        return {}, set()
    links = {tile: query(move=f"board {tile}") for tile in controls.boardable}
    chosen: set[str] = set()
    if controls.card and controls.dutchman_fields:
        for name in controls.dutchman_fields:
            links[name] = query(card=controls.card, field=name)
        chosen = set(controls.dutchman_fields)
    elif controls.card:
        links[controls.card] = query(card=controls.card, field=controls.card)
        chosen = {controls.card}
    if controls.chosen_field:
        chosen = {controls.chosen_field}
    if controls.move is not None:
        return links, move_highlight(controls.move)
    return links, chosen


def game_page(*, game: Game, seat: Seat | None, selection: dict[str, str]) -> dict[str, Any]:
    """Everything the game page shows ``seat`` (``None``: a spectator), and its controls."""
    engine = engine_for(game)
    state = load_state(game)
    viewer = None if seat is None else seat.display_name
    view = engine.view(state, viewer)
    seats = list(game.seats.all())
    marks = player_marks(view)
    controls = None
    if seat is not None:
        moving = game.status == Game.Status.ACTIVE and viewer in game.to_move
        legal = engine.legal_moves(state, viewer) if moving else []
        controls = controls_for(engine, legal, selection)
    latest = last_move(game, state, viewer)
    links, chosen = _board_links(controls)
    time_zone = seat.time_zone if seat is not None else "UTC"
    return {
        "game": game,
        "seat": seat,
        "view": view,
        "players": _players(view, game, seats, marks),
        "hand": _hand(view, controls),
        "controls": controls,
        "confirmation": confirmation(game, seat, controls) if seat and controls else "",
        "drawing": board_drawing(
            view, marks, links=links, chosen=chosen, last=latest.highlight if latest else set()
        ),
        "last_move": latest,
        "deadline": deadline_for(game, seat),
        "deadline_local": deadline_local(game, seat),
        "time_zone": time_zone,
        "set_aside": view["set_aside"],
        "decks": view["decks"],
    }
