"""Seeräuber on the site: everything particular to it, in one package.

The game page with its controls (``page``, ``controls``), pieces and moves
in words (``describe``), the table as a PNG for emails (``table_png``);
here the table as text for emails, money rows and the timeout move. Its
templates are in ``templates/games/seerauber/``. The table is all public [S6].
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, pgettext

from engine.base import Move, Rules
from engine.seerauber.board import COLOURS, SHIPS
from games.kinds.seerauber.describe import (
    booty_held,
    colour_word,
    move_action,
    pirate_words,
    ship_booty,
)
from games.kinds.seerauber.page import history_context, page_context, seat_marks
from games.kinds.seerauber.queued import queue_choices, queue_field_words
from games.kinds.seerauber.result import score_sheets
from games.kinds.seerauber.table_png import board_png

__all__ = [
    "STYLESHEET",
    "TAKEBACK_MOVES",
    "board_png",
    "history_context",
    "move_action",
    "page_context",
    "player_rows",
    "position_text",
    "queue_choices",
    "queue_field_words",
    "score_sheets",
    "seat_marks",
    "timeout_move",
]

NO_MUTINY: Move = {"type": "no_mutiny"}


def ship_line(name: str) -> str:
    """A ship card in words: ``S07: crew 4, 12 ducats, chest, ? wage 3``."""
    ship = SHIPS[name]
    return gettext("%(ship)s: crew %(crew)s, %(ducats)s ducats, %(booty)s, ? wage %(wage)s") % {
        "ship": name,
        "crew": ship.crew,
        "ducats": ship.ducats,
        "booty": ship_booty(name),
        "wage": ship.wage,
    }


def position_text(view: dict[str, Any]) -> str:
    """The table as text: ships on display, stacks (bottom to top), free pirates, the deck."""
    table = view["table"]
    lines = [gettext("Ships:")] + [f"  {ship_line(ship)}" for ship in table["display"]]
    lines.append(gettext("Stacks (bottom to top):"))
    for name, stack in sorted(table["stacks"].items()):
        pirates = ", ".join(f"{pirate_words(p)} ({p})" for p in stack["pirates"])
        lines.append(
            "  "
            + gettext("%(stack)s: %(pirates)s (captain %(captain)s)")
            % {"stack": name, "pirates": pirates, "captain": stack["captain"]}
        )
    if not table["stacks"]:
        lines.append("  " + pgettext("no stacks", "none"))
    lines.append(gettext("Free pirates:"))
    for player, info in view["players"].items():
        lines.append(f"  {player}: {' '.join(info['free']) or '-'}")
    lines.append(gettext("Ships left in the deck: %(count)s") % {"count": table["deck"]})
    return "\n".join(lines)


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Ducats, booty (in words), boarded ships and score of each player, in seat order.

    ``letter`` and ``colour`` are the player's mark and pirates' colour, as on the page;
    ``booty`` is said as the email's row reads it: "booty: 2 chests" or "no booty".
    """
    marks = seat_marks(list(view["players"]))
    return [
        {
            "name": name,
            "number": number,
            "letter": marks[name].letter,
            "colour": colour_word(COLOURS[number - 1]),
            "ducats": info["ducats"],
            "booty": booty_held(info["booty"]),
            "ships": ", ".join(view["table"]["boarded"][name]),
            "score": view["scores"][name],
        }
        for number, (name, info) in enumerate(view["players"].items(), start=1)
    ]


def timeout_move(engine: Rules, state: Any, player: str) -> Move:
    """A mutineer who does not answer in time declines; any other late turn is the bot's."""
    if NO_MUTINY in engine.legal_moves(state, player):
        return dict(NO_MUTINY)
    return engine.bot_move(state, player)


TAKEBACK_MOVES: frozenset[str] = frozenset({"stack"})
"""A boarding lays out new ships; stacking reveals nothing."""
STYLESHEET: str | None = "games/seerauber.css"
