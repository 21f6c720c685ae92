"""What happened: the signals every change of a game, a table or an account sends.

A service says what it did by sending one of these, never by calling what follows
from it: the emails, the bots' moves and the sends live in packages above it.
``games.consequences`` connects each to its receivers, in one table. A signal sent
inside a transaction has its receivers write in it, so an email commits with its
event; those sent on commit (:data:`bot_to_move`, :data:`mail_committed`,
:data:`notice_committed`) start work that a sweep would otherwise find later. Each is sent
with ``sender`` the model it concerns and the named arguments below.
"""

from __future__ import annotations

from django.dispatch import Signal

turn_begun = Signal()
"""A turn began or the game ended (a move, a takeback, a seat changing hands, a resume, the
deal): ``game``, ``engine``, ``state``, ``seats`` (all of the game's, their clocks followed),
``moved`` (the player who moved or whose seat changed hands, or ``None``), ``waited`` (the
players the game waited for before the change), ``orders`` (the standing orders a move left
due, played on commit: ``games.play.orders``) and ``now``."""
bot_to_move = Signal()
"""Committed: a change left a bot seat to move, so it can play at once: ``game_id``."""
event_announced = Signal()
"""An event the players are told of was appended (a takeback's, a moderator's, an
adjudication): ``game``, ``event_type``, ``payload``, ``now`` and ``seats``, the seats it
concerns (``None``: all)."""
deadline_near = Signal()
"""A seat's reminder is due (``reminder_sent`` appended): ``game``, ``seat``, ``engine``,
``state`` and ``now``."""
turn_timed_out = Signal()
"""A seat's deadline passed (``turn_timed_out`` appended): ``game``, ``seat``, ``move`` (the
one played for it, or ``None``), ``replaced`` (a bot took the seat), ``paused`` (the game
paused instead) and ``now``."""
reply_answered = Signal()
"""A reply by email was played, cancelled standing orders or was refused: ``game``, ``seat``,
``accepted``, ``text``, ``move``, ``cancelled`` (the orders it cancelled, in words),
``message`` (why not), ``legal`` (the moves that are), ``in_reply_to`` and ``now``."""
round_dealt = Signal()
"""A league's round was dealt, each table a new game: ``league``, ``dealt`` (each table with
its entries, in seat order) and ``now``."""
seat_invited = Signal()
"""A seat was invited by email: ``table`` and ``invitation``."""
table_started = Signal()
"""A table's last seat was taken and its game dealt: ``table``, ``game`` and ``invitations``
(each led to its seat)."""
confirmation_asked = Signal()
"""An address typed for an open seat is to confirm it: ``table``, ``invitation`` and ``link``."""
sign_in_requested = Signal()
"""A sign-in token was stored: ``email``, ``link``, ``language`` and ``now``."""
order_played = Signal()
"""Committed: a standing order played a move for its seat: ``game``, ``seat``, ``move``, ``kind``
(``"answer"`` or ``"queued"``) and ``now``."""
mail_committed = Signal()
"""Committed: an outbox row to send now, where the database has no ``NOTIFY`` (SQLite):
``mail_id``."""
notice_committed = Signal()
"""Committed: notices to send now (a player's test, or turn notices where the database has no
``NOTIFY``, SQLite); no arguments."""
