"""Seeräuber on the site: its table as text for emails, money rows and the timeout move.

The table is all public [S6]: the displayed ships, every stack bottom to top
with its captain, the free pirates, ducats and booty.
"""

from __future__ import annotations

from typing import Any

from engine.base import Game as Engine
from engine.base import Move
from engine.seerauber.board import BOOTY, SHIPS

NO_MUTINY: Move = {"type": "no_mutiny"}


def ship_line(name: str) -> str:
    """A ship card in words: ``S07  crew 4  12 ducats  chest  ? wage 3``."""
    ship = SHIPS[name]
    booty = " + ".join(ship.booty)
    return f"{name}  crew {ship.crew}  {ship.ducats} ducats  {booty}  ? wage {ship.wage}"


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


def board_png(view: dict[str, Any]) -> bytes | None:
    """Seeräuber emails carry the table as text only."""
    return None


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
