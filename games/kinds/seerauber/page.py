"""The Seeräuber game page and replay: the table as pieces, the viewer's controls, moves in words.

The table is all public [S6]: the displayed ships as cards, every stack as a
column of discs in its pirates' seat colours (top first, the captain's mark
above it), and each player's ducats, booty, boarded ships and free pirates.
Everything comes from ``view(state, viewer)``; a confirmation applies the
chosen move to a copy of the state and tells the difference between the two
views in words.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.seerauber.board import BOOTY, COLOURS, SHIPS
from games.kinds.base import PlayedMove, TableView, ToldMove, player_label, query, replay_fields
from games.kinds.seerauber.controls import Controls, controls_for
from games.kinds.seerauber.describe import (
    booty_count,
    colour_word,
    move_action,
    move_effect,
    pirate_words,
)
from games.kinds.seerauber.table_png import INK, PAPER, SEAT_COLOURS
from games.pictures import marks
from games.pictures.marks import Mark


def seat_marks(names: list[str]) -> dict[str, Mark]:
    """Marks of players given in seat order, in their pirates' colours (as on the table)."""
    return marks.seat_marks(names, list(SEAT_COLOURS.values()))


def _disc(pirate: str) -> dict[str, str]:
    letter = pirate[0]
    return {
        "name": pirate,
        "value": pirate[1],
        "words": pirate_words(pirate),
        "fill": SEAT_COLOURS[letter],
        "ink": INK if letter == "Y" else PAPER,
    }


def _ships(table: dict[str, Any], boarding: set[str]) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "crew": SHIPS[name].crew,
            "ducats": SHIPS[name].ducats,
            "wage": SHIPS[name].wage,
            "booty": [{"kind": kind, "words": gettext(kind)} for kind in SHIPS[name].booty],
            "reachable": name in boarding,
        }
        for name in table["display"]
    ]


def _stacks(
    table: dict[str, Any], marked: dict[str, Mark], chosen: str | None, picks: list[str]
) -> list[dict[str, Any]]:
    return [
        {
            "name": name,
            "captain": stack["captain"],
            "mark": marked[stack["captain"]],
            "size": len(stack["pirates"]),
            "discs": [_disc(p) for p in reversed(stack["pirates"])],
            "words": ", ".join(pirate_words(p) for p in stack["pirates"]),
            "chosen": name == chosen,
            "query": query(stack=name) if name in picks else "",
        }
        for name, stack in sorted(table["stacks"].items())
    ]


def _players(
    view: dict[str, Any],
    table: TableView,
    marked: dict[str, Mark],
    picks: list[str],
    chosen: str | None,
) -> list[dict[str, Any]]:
    bots = {player.name for player in table.players if player.is_bot}
    return [
        {
            "name": name,
            "mark": marked[name],
            "colour": colour_word(COLOURS[seat]),
            "ducats": info["ducats"],
            "booty": [
                {
                    "kind": kind,
                    "count": info["booty"][kind],
                    "words": booty_count(kind, info["booty"][kind]),
                }
                for kind in BOOTY
            ],
            "ships": view["table"]["boarded"][name],
            "score": view["scores"][name],
            "free": [
                {**_disc(p), "query": query(stack=p) if p in picks else "", "chosen": p == chosen}
                for p in info["free"]
            ],
            "to_move": name == view["to_move"],
            "is_viewer": name == view.get("viewer"),
            "is_bot": name in bots,
            "winner": name in view["winners"],
        }
        for seat, (name, info) in enumerate(view["players"].items())
    ]


def table_context(
    view: dict[str, Any], table: TableView, controls: Controls | None = None
) -> dict[str, Any]:
    """The table of ``view`` for the templates: ship cards, stacks of discs, players' cards."""
    marked = seat_marks(list(view["players"]))
    picks = controls.stacks if controls is not None and controls.stage == "stack" else []
    chosen = controls.stack if controls is not None else None
    boarding = {option.ship for option in controls.boardings} if controls else set()
    sizes = {name: len(stack["pirates"]) for name, stack in view["table"]["stacks"].items()}
    return {
        "view": view,
        "picks": [
            {
                "name": name,
                "words": pirate_words(name),
                "size": sizes.get(name, 1),
                "disc": _disc(name),
                "query": query(stack=name),
            }
            for name in picks
        ],
        "ships": _ships(view["table"], boarding),
        "stacks": _stacks(view["table"], marked, chosen, picks),
        "players": _players(view, table, marked, picks, chosen),
        "deck": view["table"]["deck"],
    }


def stacking_groups(view: dict[str, Any], controls: Controls | None) -> list[dict[str, Any]]:
    """The stacks the chosen one may go on, by their captains in seat order (no wall of buttons)."""
    if controls is None:
        return []
    names = list(view["players"])
    groups: dict[int, list[dict[str, Any]]] = {}
    for option in controls.stackings:
        seat = COLOURS.index(option.onto[0])
        groups.setdefault(seat, []).append(
            {"option": option, "disc": _disc(option.onto), "words": pirate_words(option.onto)}
        )
    return [{"captain": names[seat], "targets": groups[seat]} for seat in sorted(groups)]


def turn_detail(view: dict[str, Any]) -> str:
    """What the table waits for beyond whose turn it is: a mutiny question or a forced boarding,
    said to the viewer as "you" where he is the one asked, the mutineer or the captain."""
    pending = view["table"]["pending"]
    if not pending:
        return ""
    viewer, captain = view.get("viewer"), pending["captain"]
    if "mutiny_asked" in pending:
        if pending["mutiny_asked"] == viewer:
            return gettext("You may mutiny against %(captain)s.") % {"captain": captain}
        return gettext("%(asked)s may mutiny against %(captain)s.") % {
            "asked": pending["mutiny_asked"],
            "captain": captain,
        }
    if pending["mutiny_by"] == viewer:
        return gettext("You mutinied: %(captain)s must board with that stack.") % {
            "captain": captain
        }
    if captain == viewer:
        return gettext("%(by)s mutinied: you must board with that stack.") % {
            "by": pending["mutiny_by"]
        }
    return gettext("%(by)s mutinied: %(captain)s must board with that stack.") % {
        "by": pending["mutiny_by"],
        "captain": captain,
    }


def shown(table: TableView, played: PlayedMove, number: int = 0) -> ToldMove:
    """A played move for the templates: who, in words, its notation, and if the service made it."""
    notation = table.engine.format_move(played.move)
    player = player_label(played.player, table.viewer)
    return ToldMove(
        player, move_action(played.move), played.auto, number, notation, played.standing
    )


def confirmation(table: TableView, controls: Controls) -> str:
    """What the selected move would do, in words ("" until a move is chosen)."""
    engine, viewer = table.engine, table.viewer
    if controls.move is None or viewer is None:
        return ""
    after = engine.apply(table.state, viewer, controls.move)
    return move_effect(controls.move, engine.view(table.state, viewer), engine.view(after, viewer))


def page_context(*, table: TableView, selection: dict[str, str]) -> dict[str, Any]:
    """The Seeräuber table as the viewer sees it (everything is public [S6]) and his controls."""
    view = table.engine.view(table.state, table.viewer)
    controls = controls_for(table, selection)
    latest = table.last_move()
    return {
        **table_context(view, table, controls),
        "controls": controls,
        "stacking_groups": stacking_groups(view, controls),
        "confirmation": confirmation(table, controls) if controls else "",
        "refusal": controls.refusal if controls else None,
        "turn_detail": turn_detail(view),
        "last_move": None if latest is None else shown(table, latest),
    }


def history_context(*, table: TableView, at: int | None) -> dict[str, Any]:
    """Every move in words and the table after move ``at`` (default: the latest)."""
    history = table.history()
    moves = [shown(table, played, number) for number, played in enumerate(history.moves, start=1)]
    at, state = history.after(at)
    view = table.engine.view(state, table.viewer)
    return {**table_context(view, table), **replay_fields(moves, at)}
