"""What the service's refusals mean, and the refusals about a game itself.

The engine refuses a move with ``IllegalMove``; anything else the service
refuses is a :class:`GameError`, with a stable ``code`` (clients and the
sentences of ``games.play.refusals`` rely on it) and a message a player can act
on. Each error subclasses the one meaning that says what it is, and the API
answers with that meaning's status (``games.api.errors``).

An error lives in the module that owns what it refuses, beside the code that
raises it (chat's in ``play/chat.py``); other modules import it from there. Only
the meanings and the errors about a game itself (its sequence, state, seats and
record) live here.
"""

from __future__ import annotations


class GameError(Exception):
    """A request the service refuses for a reason other than the rules.

    Raise a subclass of one of the meanings below, never this class itself.
    ``params`` are the figures its message names (a limit, a count), for the
    translated sentence of its code (``games.play.refusals``).
    """

    code = "game_error"

    def __init__(self, message: str, **params: int | str) -> None:
        super().__init__(message)
        self.message = message
        self.params = params


class Refused(GameError):
    """Refused as sent: bad input, or a choice not allowed (a name taken); raised as it is
    for input with no error of its own. Sending something else may succeed."""

    code = "not_allowed"


class Forbidden(GameError):
    """The caller may not do this: it holds no seat, or the wrong one, or lacks what is asked."""


class NotFound(GameError):
    """The request names a thing the game does not have (a chat message)."""


class Conflict(GameError):
    """The state of the game, table or league refuses it now: it moved on, ended or is
    paused, or the thing is already done or asked for. Reloading may show why."""


class TooMany(GameError):
    """The caller asked too often; it may ask again later."""


class StaleSeq(Conflict):
    """The client's ``expected_seq`` is not the game's last seq; ``seq`` is the current one."""

    code = "stale_seq"

    def __init__(self, seq: int) -> None:
        super().__init__(f"The game has moved on (it is at seq {seq}); reload it and try again.")
        self.seq = seq


class MoveIdReused(Conflict):
    """A ``move_id`` already used for a different move or seat."""

    code = "move_id_reused"


class NotYourSeat(Forbidden):
    """The caller holds no seat in this game, or not the one it acts for."""

    code = "not_your_seat"


class RecordHidden(Forbidden):
    """The record holds hidden information and the game is not over yet."""

    code = "record_hidden"


class GameNotActive(Conflict):
    """Moves are refused while a game is paused, aborted or finished."""

    code = "game_not_active"


class GameOver(Conflict):
    """A finished or aborted game takes no more moderator actions, chat or takebacks."""

    code = "game_over"
