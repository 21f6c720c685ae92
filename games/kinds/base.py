"""What a game's site package offers (:class:`Kind`) and the plain data the site passes in.

A kind never reads the database: the play layer's ``table_for`` builds a
:class:`TableView` from a game and a reader's seat, and the kind turns it into
what a page, an email or the deadline sweep needs. The game's moves, its
history and its revealed deal come as functions, called only by the pages
that show them, so the game page does not replay the whole game. The words
and links every game's pages share are here too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.base import Move, Rules
from games.kinds.score_sheet import ScoreSheet
from games.pictures.marks import Mark


@dataclass(frozen=True)
class TableSeat:
    """One seat at the table, in seat order (``number`` is 1 for the first seat)."""

    name: str
    number: int
    is_bot: bool


@dataclass(frozen=True)
class PlayedMove:
    """A move still standing (not taken back) with the engine states around it."""

    seq: int
    player: str
    move: Move
    auto: bool
    before: Any
    after: Any
    standing: bool = False
    """Played by its player's standing answer (``games.play.standing``)."""


@dataclass(frozen=True)
class Note:
    """An event other than a move in words (``after``: the moves standing by then)."""

    seq: int
    after: int
    words: str


@dataclass(frozen=True)
class History:
    """The state at the game's creation, its standing moves and its other events in words."""

    start: Any
    moves: list[PlayedMove]
    notes: list[Note]

    def after(self, at: int | None) -> tuple[int, Any]:
        """``at`` moved into ``0..len(moves)`` (``None``: the latest) and the state after it."""
        count = len(self.moves)
        at = count if at is None else max(0, min(at, count))
        return at, self.moves[at - 1].after if at else self.start


def replay_fields(moves: list[Any], at: int) -> dict[str, Any]:
    """What every history page shows of its moves in words, with move ``at`` chosen."""
    return {"moves": moves, "at": at, "count": len(moves), "shown": moves[at - 1] if at else None}


@dataclass(frozen=True)
class ToldMove:
    """A standing move in words: the game page's last move, or one of the history's list."""

    player: str
    words: str
    auto: bool
    number: int = 0
    """Its place among the standing moves (1 for the first)."""
    notation: str = ""
    """The move as typed, where a page shows it."""
    standing: bool = False
    """Played by its player's standing answer."""


def told(played: PlayedMove, viewer: str | None, words: str, number: int = 0) -> ToldMove:
    """``played`` told in ``words``, its player marked when he is the reader."""
    return ToldMove(
        player_label(played.player, viewer), words, played.auto, number, standing=played.standing
    )


def query(**params: str) -> str:
    """A query string for a step of a move's selection (``?card=F4``), empty values left out."""
    return "?" + urlencode({key: value for key, value in params.items() if value})


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    return text[:1].upper() + text[1:] + "."


def player_label(name: str, viewer: str | None) -> str:
    """The player's name, marked when it is the reader's own seat."""
    return _("%(name)s (you)") % {"name": name} if name == viewer else name


def game_over(winners: list[str]) -> str:
    """The end of a game in words: ``The game is over. Winners: Anna, Ben.``"""
    names = ngettext("Winner: %(names)s.", "Winners: %(names)s.", len(winners))
    return _("The game is over.") + " " + names % {"names": ", ".join(winners)}


@dataclass(frozen=True)
class Revealed:
    """A finished game's record (with its deal) and its fairness data (with the salt)."""

    record: dict[str, Any]
    fairness: dict[str, Any]


@dataclass(frozen=True)
class TableView:
    """A game as one reader may see it (``viewer`` ``None``: a spectator), as plain data.

    ``state`` is the engine's current state: a kind shows only what
    ``engine.view(state, viewer)`` gives of it. ``legal`` are the viewer's
    moves now (empty unless the game waits for him). The functions are
    called by the pages that need them: ``sealed_seq`` gives the seq of a
    choice still sealed ([F5]), ``last_move`` the latest move event (``after``
    the current state), ``history`` replays the game and ``revealed`` is
    ``None`` until the game is over.
    """

    kind: str
    engine: Rules
    viewer: str | None
    active: bool
    paused: bool
    over: bool
    players: tuple[TableSeat, ...]
    to_move: tuple[str, ...]
    state: Any
    legal: list[Move]
    sealed_seq: Callable[[], int | None]
    last_move: Callable[[], PlayedMove | None]
    history: Callable[[], History]
    revealed: Callable[[], Revealed | None]


class Kind(Protocol):
    """The site side of one game: the module-level names of ``games.kinds.<game>``.

    Its templates are ``games/<game>/game.html`` (the page), ``_play_area.html`` (what a
    poll swaps in), ``_replay.html`` (the history's board) and ``_deal.html`` (a finished deal).
    """

    def position_text(self, view: dict[str, Any]) -> str:
        """The position as monospaced text, for emails."""

    def board_png(self, view: dict[str, Any], language: str | None = None) -> bytes | None:
        """The position as a PNG for emails, its words in ``language`` (``None``: the active
        one), or ``None`` when the text says it all."""

    def player_rows(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """One row per player in seat order (``name``, ``number`` and the kind's money)."""

    def seat_marks(self, names: list[str]) -> dict[str, Mark]:
        """The mark of each player given in seat order, in the game's seat colours."""

    def timeout_move(self, engine: Rules, state: Any, player: str) -> Move:
        """The move the service makes for ``player`` when his deadline has passed."""

    def page_context(self, *, table: TableView, selection: dict[str, str]) -> dict[str, Any]:
        """What the game page shows the table's viewer, with his controls.

        A ``refusal`` in it (an ``IllegalMove`` of the viewer's
        selection) is put in words by the page, as every refusal is.
        """

    def move_action(self, move: Move) -> str:
        """A move in a few words, for lists (the dashboard's last move)."""

    def queue_choices(self, view: dict[str, Any], player: str) -> list[tuple[str, list[Move]]]:
        """The moves the queue form offers ``player`` for his next turn, from his ``view``, in
        groups with their words (``""``: in no group)."""

    def queue_field_words(self, name: str) -> str:
        """A field a queued move's condition may watch (its engine's name), in words."""

    def history_context(self, *, table: TableView, at: int | None) -> dict[str, Any]:
        """The moves of the history page and the position after move ``at``."""

    def score_sheets(self, table: TableView) -> list[ScoreSheet]:
        """How each player's final score came about, in seat order (its rules ended the game)."""

    STYLESHEET: str | None
    """The static path of the styles of the game's pages beyond the site's (``None``: none)."""
    TAKEBACK_MOVES: frozenset[str]
    """Move types that reveal nothing hidden (no card, ship or die), so may be taken back."""
