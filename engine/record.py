"""Game records (``pbem-record/1``): create them, check them, replay them.

A record fully determines a game: players, the complete setup, every move.
Replay folds the game's ``apply`` over the moves; an error names the move
that broke (its 0-based index) or ``None`` for the envelope and setup.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from engine.base import IllegalMove, Rules, get_game
from engine.search import LEVELS

FORMAT = "pbem-record/1"


class RecordError(IllegalMove):
    """An invalid record or an illegal move in it; ``move`` is the index or ``None``."""

    def __init__(self, code: str, message: str, move: int | None) -> None:
        super().__init__(code, message)
        self.move = move

    def as_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "move": self.move}}


def new_record(game_name: str, players: Sequence[str], rng: Random) -> dict[str, Any]:
    """Deal a new game of ``game_name`` with ``rng``; the record has no moves."""
    try:
        game = get_game(game_name)
        game.start(players, setup := game.new_setup(players, rng))
    except IllegalMove as error:
        raise RecordError(error.code, error.message, None) from None
    return {
        "format": FORMAT,
        "game": game_name,
        "players": list(players),
        "setup": setup,
        "moves": [],
    }


def open_record(record: object) -> tuple[Rules, Any, list[Any]]:
    """Check the envelope and setup; return the game, its opening state and the moves."""
    try:
        if not isinstance(record, dict):
            raise IllegalMove("invalid_record", "A record must be a JSON object.")
        if record.get("format") != FORMAT:
            raise IllegalMove(
                "invalid_record",
                f"The record format must be {FORMAT!r}, not {record.get('format')!r}.",
            )
        game = get_game(record.get("game"))
        if "setup" not in record:
            raise IllegalMove("invalid_setup", "The record has no setup.")
        players: Any = record.get("players")
        state = game.start(players, record["setup"])
        moves = record.get("moves", [])
        if not isinstance(moves, list):
            raise IllegalMove("invalid_record", "The record's moves must be a list.")
    except IllegalMove as error:
        raise RecordError(error.code, error.message, None) from None
    return game, state, moves


def replay(record: object) -> tuple[Rules, Any]:
    """Replay a whole record; return the game and the state after its last move."""
    game, state, moves = open_record(record)
    # The opening state belongs to this replay alone, so the moves are made on it without copies.
    apply_in_place = game.apply_in_place
    for index, move in enumerate(moves):
        try:
            if not isinstance(move, dict):
                raise IllegalMove("bad_move", "Each move must be an object.")
            player: Any = move.get("player")
            apply_in_place(state, player, move)
        except IllegalMove as error:
            raise RecordError(error.code, error.message, index) from None
    return game, state


def bot_level(record: dict[str, Any], player: str) -> str:
    """The level of the bot the record's ``bots`` names for ``player``; ``easy`` when none.

    ``bots`` is an envelope key the service writes and replay ignores; a level it
    does not know is an ``invalid_record`` error here.
    """
    bots = record.get("bots")
    level = bots.get(player, LEVELS[0]) if isinstance(bots, dict) else LEVELS[0]
    if level not in LEVELS:
        known = ", ".join(LEVELS)
        raise RecordError(
            "invalid_record", f"The bot level of {player} is {level!r}, not one of {known}.", None
        )
    return str(level)
