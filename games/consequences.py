"""What each change causes: the one table of the signals (``games.play.signals``) and their
receivers, connected by ``GamesConfig.ready``.

==================  ===================================  ====================================
signal              sent by                              receiver: the consequence
==================  ===================================  ====================================
turn_begun          ``turn_begin``: a move, a takeback,  ``notices.turn_mails_queue``: the
                    a seat changing hands (moderator,    turn emails, or the result to all;
                    timeouts, replacement), a resume,    ``delivery.turn_notices_queue``:
                    the deal, a league's deal            the webhooks' turn notices
turn_begun          (as above)                           ``standing.standing_due``: the
                                                         standing orders the move left due
                                                         (``orders``: an answer to a question
                                                         asked, a queued move at a turn's
                                                         start) are played on commit
bot_to_move         ``turn_begin``, on commit            ``tasks.bot_move_soon``: a worker
                                                         plays the bot now, not at the next
                                                         beat
event_announced     takebacks (web, API, reply by        ``notices.notice_mails_queue``: the
                    email), moderator actions, an        seats it concerns are told
                    adjudication (moderator, league)
deadline_near       the deadline sweep                   ``notices.reminder_mail_queue``
turn_timed_out      the deadline sweep                   ``notices.timeout_mails_queue``: the
                                                         seat, and the others if it paused
reply_answered      a reply by email                     ``notices.reply_mail_queue``
order_played        ``move_submit``, on commit, for a    ``notices.order_played_mail_queue``:
                    move a standing order made           the seat is told what its order
                                                         played
round_dealt         a league's round                     ``leagues.mail.round_mails_queue``
seat_invited        the lobby                            ``notices.invitation_mail_queue``
table_started       the lobby's deal                     ``notices.game_started_mails_queue``;
                                                         ``delivery.table_notice_queue``: the
                                                         first turn to the table's webhook
confirmation_asked  an open seat's typed address         ``notices.seat_confirmation_mail_queue``
sign_in_requested   "my games" sign-in                   ``notices.sign_in_mail_queue``
mail_committed      the outbox, on commit (SQLite)       ``tasks.mail_send_soon``
notice_committed    a test notice, turn notices on       ``tasks.notice_sweep_soon``
                    commit (SQLite)
==================  ===================================  ====================================

What a service does itself is not here: the clocks follow the turn in ``turn_begin`` (a
vacation only pauses one, and sends nothing), a finished game's results and ratings are
recorded by ``move_submit`` (``games.people.results``), and league standings are counted
by the league when its round ends (``games.leagues.services``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.dispatch import Signal

from games import tasks
from games.leagues.mail import round_mails_queue
from games.mail import notices
from games.notices import delivery
from games.play import signals, standing

CONSEQUENCES: tuple[tuple[Signal, Callable[..., object]], ...] = (
    (signals.turn_begun, notices.turn_mails_queue),
    (signals.turn_begun, delivery.turn_notices_queue),
    (signals.turn_begun, standing.standing_due),
    (signals.bot_to_move, tasks.bot_move_soon),
    (signals.event_announced, notices.notice_mails_queue),
    (signals.deadline_near, notices.reminder_mail_queue),
    (signals.turn_timed_out, notices.timeout_mails_queue),
    (signals.reply_answered, notices.reply_mail_queue),
    (signals.order_played, notices.order_played_mail_queue),
    (signals.round_dealt, round_mails_queue),
    (signals.seat_invited, notices.invitation_mail_queue),
    (signals.table_started, notices.game_started_mails_queue),
    (signals.table_started, delivery.table_notice_queue),
    (signals.confirmation_asked, notices.seat_confirmation_mail_queue),
    (signals.sign_in_requested, notices.sign_in_mail_queue),
    (signals.mail_committed, tasks.mail_send_soon),
    (signals.notice_committed, tasks.notice_sweep_soon),
)


def receivers_connect() -> None:
    """Connect every receiver of :data:`CONSEQUENCES` to its signal (once however often
    called: a signal keeps one connection per receiver)."""
    for signal, receiver in CONSEQUENCES:
        signal.connect(receiver)
