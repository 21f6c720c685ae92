"""The service's own errors; rule violations are the engine's ``IllegalMove``.

Each carries a stable ``code`` and a message a player can act on; the API
maps them to HTTP statuses in one place (``games.api.errors``).
"""

from __future__ import annotations


class GameError(Exception):
    """A request the service refuses for a reason other than the rules.

    ``params`` are the figures its message names (a limit, a count), for the
    translated sentence of its code (``games.play.refusals``).
    """

    code = "game_error"

    def __init__(self, message: str, **params: int | str) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


class StaleSeq(GameError):
    """The client's ``expected_seq`` is not the game's last seq; ``seq`` is the current one."""

    code = "stale_seq"

    def __init__(self, seq: int) -> None:
        super().__init__(f"The game has moved on (it is at seq {seq}); reload it and try again.")
        self.seq = seq


class MoveIdReused(GameError):
    """A ``move_id`` already used for a different move or seat."""

    code = "move_id_reused"


class NotYourSeat(GameError):
    """The caller holds no seat in this game, or not the one it acts for."""

    code = "not_your_seat"


class RecordHidden(GameError):
    """The record holds hidden information and the game is not over yet."""

    code = "record_hidden"


class GameNotActive(GameError):
    """Moves are refused while a game is paused, aborted or finished."""

    code = "game_not_active"


class GameOver(GameError):
    """A finished or aborted game takes no more moderator actions, chat or takebacks."""

    code = "game_over"


class NotAllowed(GameError):
    """The request is understood but not allowed now (a takeback after a draw, a chat flood)."""

    code = "not_allowed"
