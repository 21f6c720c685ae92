"""Seeräuber on the site: its table on the page and the history, as text and a PNG for emails.

Here the page and history contexts, moves in words, money rows, seat marks
and the timeout move; the emailed picture is ``table_png``; the templates are in
``templates/games/seerauber/`` (the history page is the shared
``games/history.html``). The table is all public [S6]: the displayed
ships, every stack bottom to top with its captain, the free pirates, ducats
and booty.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop

from engine.base import Game as Engine
from engine.base import Move
from engine.seerauber.board import BOOTY, COLOURS, SHIPS
from games.kinds.base import PlayedMove, Table, replay_fields
from games.kinds.seerauber import table_png
from games.pictures import marks
from games.pictures.marks import Mark

NO_MUTINY: Move = {"type": "no_mutiny"}


def ship_line(name: str) -> str:
    """A ship card in words: ``S07  crew 4  12 ducats  chest  ? wage 3``."""
    ship = SHIPS[name]
    booty = " + ".join(ship.booty)
    return f"{name}  crew {ship.crew}  {ship.ducats} ducats  {booty}  ? wage {ship.wage}"


ACTIONS = {
    "stack": gettext_noop("stacks %(piece)s on %(onto)s"),
    "board": gettext_noop("boards %(ship)s with %(stack)s, booty: %(booty)s"),
    "mutiny": gettext_noop("mutinies on %(stack)s"),
    "no_mutiny": gettext_noop("does not mutiny"),
    "pass": gettext_noop("passes"),
}
"""A move as what a player did (``Anne stacks R3 on B5``)."""
CHOICES = {
    "stack": gettext_noop("Stack %(piece)s on %(onto)s"),
    "board": gettext_noop("Board %(ship)s with %(stack)s, booty: %(booty)s"),
    "mutiny": gettext_noop("Mutiny on %(stack)s"),
    "no_mutiny": gettext_noop("Do not mutiny"),
    "pass": gettext_noop("Pass"),
}
"""A move as a button offers it (``Stack R3 on B5``)."""


def _words(move: Move, phrases: dict[str, str]) -> str:
    kind = move.get("type")
    values = {key: move.get(key, "") for key in ("piece", "onto", "ship", "stack")}
    if kind == "board":
        values["booty"] = gettext(move.get("booty", SHIPS[move["ship"]].booty[0]))
    return gettext(phrases.get(str(kind), phrases["pass"])) % values


def move_action(move: Move) -> str:
    """A move in words, in the active language: ``stacks R3 on B5``."""
    return _words(move, ACTIONS)


def move_choice(move: Move) -> str:
    """A move as its button says it, in the active language: ``Stack R3 on B5``."""
    return _words(move, CHOICES)


def position_text(view: dict[str, Any]) -> str:
    """The table as text: ships on display, stacks (bottom to top), free pirates, the deck."""
    table = view["table"]
    lines = ["Ships:"] + [f"  {ship_line(ship)}" for ship in table["display"]]
    lines.append("Stacks (bottom to top):")
    for name, stack in sorted(table["stacks"].items()):
        lines.append(f"  {name}: {' '.join(stack['pirates'])}  (captain {stack['captain']})")
    if not table["stacks"]:
        lines.append("  none")
    lines.append("Free pirates:")
    for player, info in view["players"].items():
        lines.append(f"  {player}: {' '.join(info['free']) or '-'}")
    lines.append(f"Ships left in the deck: {table['deck']}")
    return "\n".join(lines)


def board_png(view: dict[str, Any]) -> bytes:
    """The table of ``view`` as a PNG, shown in emails above the text table."""
    return table_png.board_png(view)


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Ducats, booty, boarded ships and score of each player, in seat order."""
    return [
        {
            "name": name,
            "number": number,
            "ducats": info["ducats"],
            "booty": ", ".join(f"{info['booty'][kind]} {kind}" for kind in BOOTY),
            "ships": ", ".join(view["table"]["boarded"][name]),
            "score": view["scores"][name],
        }
        for number, (name, info) in enumerate(view["players"].items(), start=1)
    ]


def timeout_move(engine: Engine, state: Any, player: str) -> Move:
    """A mutineer who does not answer in time declines; any other late turn is the bot's."""
    if NO_MUTINY in engine.legal_moves(state, player):
        return dict(NO_MUTINY)
    return engine.bot_move(state, player)


COLOUR_NAMES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "K": "black"}
PAGE_TEMPLATE = "games/seerauber/game.html"
PLAY_AREA_TEMPLATE = "games/seerauber/_play_area.html"
TAKEBACK_MOVES: frozenset[str] = frozenset({"stack"})
"""A boarding lays out new ships; stacking reveals nothing."""


def _disc(pirate: str) -> dict[str, str]:
    return {"name": pirate, "colour": COLOUR_NAMES[pirate[0]], "value": pirate[1]}


def seat_marks(names: list[str]) -> dict[str, Mark]:
    """Marks of players given in seat order, in their pirates' colours (as on the table)."""
    return marks.seat_marks(names, [table_png.SEAT_COLOURS[letter] for letter in COLOURS])


def _shown(played: PlayedMove) -> dict[str, Any]:
    return {"player": played.player, "words": move_action(played.move), "auto": played.auto}


def table_context(view: dict[str, Any]) -> dict[str, Any]:
    """The table of ``view`` for the templates: ship cards, stacks of discs, players' rows."""
    table = view["table"]
    colours = dict(zip(view["players"], COLOUR_NAMES.values(), strict=False))
    return {
        "view": view,
        "ships": [
            {"name": name, **SHIPS[name]._asdict(), "booty": " + ".join(SHIPS[name].booty)}
            for name in table["display"]
        ],
        "stacks": [
            {
                "name": name,
                "captain": stack["captain"],
                "discs": [_disc(p) for p in reversed(stack["pirates"])],
            }
            for name, stack in sorted(table["stacks"].items())
        ],
        "players": [
            {
                "name": name,
                "colour": colours[name],
                "ducats": info["ducats"],
                "booty": [(kind, info["booty"][kind]) for kind in BOOTY],
                "free": [_disc(p) for p in info["free"]],
                "ships": ", ".join(table["boarded"][name]),
                "score": view["scores"][name],
                "to_move": name == view["to_move"],
                "winner": name in view["winners"],
            }
            for name, info in view["players"].items()
        ],
        "pending": table["pending"],
        "deck": table["deck"],
    }


def page_context(*, table: Table, selection: dict[str, str]) -> dict[str, Any]:
    """The Seeräuber table as the viewer sees it (everything is public [S6]) and his moves."""
    latest = table.last_move()
    return {
        **table_context(table.engine.view(table.state, table.viewer)),
        "controls": None,
        "options": [
            {"notation": table.engine.format_move(move), "label": move_choice(move)}
            for move in table.legal
        ],
        "last_move": None if latest is None else _shown(latest),
    }


DEAL_TEMPLATE = "games/seerauber/_deal.html"
REPLAY_TEMPLATE = "games/seerauber/_replay.html"


def history_context(*, table: Table, at: int | None) -> dict[str, Any]:
    """Every move in words and the table after move ``at`` (default: the latest)."""
    history = table.history()
    moves = [
        {"number": number, **_shown(played)} for number, played in enumerate(history.moves, start=1)
    ]
    at = history.clamp(at)
    view = table.engine.view(history.state_after(at), table.viewer)
    return {**table_context(view), **replay_fields(moves, at)}
