"""Which emails a recorded change causes: the receivers of ``games.play.signals``.

Each runs inside the transaction that recorded the change (connected in
``games.consequences``) and writes outbox rows (``games.mail.outbox``), so an email
exists exactly when its event does, and states only what has been recorded. What an
email about a game says comes from ``games.mail.turn_content``: the seat's view and the
public event payloads, never the omniscient state.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.utils import translation

from engine.base import Move, Rules, get_game
from games.event_lines import event_line
from games.mail.outbox import mail_queue
from games.mail.turn_content import in_words, seat_context, turn_context
from games.models import Game, Invitation, MailPreference, OutboundMail, Seat, Table
from games.play.links import reply_address, seat_link
from games.play.lobby import invitation_link
from games.play.orders import Order, turn_begun_players
from games.store.loading import engine_for
from games.timecontrol.deadlines import time_control
from games.timecontrol.hours import notice_wait


def _reachable(seat: Seat, *, bot_too: bool = False) -> bool:
    """Whether ``seat`` gets game emails (a player whose seat a bot took over only hears why)."""
    wanted = bool(seat.email) and seat.mail_preference != MailPreference.NONE
    return wanted and (bot_too or not seat.is_bot)


def _queue(
    game: Game,
    seat: Seat,
    kind: str,
    context: dict[str, Any],
    now: datetime,
    *,
    unless_told: bool = False,
    wait: datetime | None = None,
) -> None:
    """Write ``seat``'s email with the change of ``game`` (``unless_told``: not if it was told
    of its turn since its own last move; ``wait``: sent only then)."""
    mail_queue(
        to=seat.email,
        kind=kind,
        context=context,
        language=seat.language,
        game=game,
        seat=seat,
        hold=kind == "turn" and seat.mail_preference == MailPreference.DIGEST,
        now=now,
        unless_told=unless_told,
        with_change=True,
        wait=wait,
    )


def _turn_queue(
    game: Game, seat: Seat, now: datetime, *, unless_told: bool = False, hours: bool = False
) -> None:
    """Write ``seat``'s turn email (its content is composed after the commit:
    ``turn_content.turn_context_of``); with ``hours``, outside the seat's playing hours it
    waits for them (``games.timecontrol.hours``), marked ``waited`` so the outbox drops it
    if the seat played meanwhile."""
    deadline = seat.deadline_at.isoformat() if seat.deadline_at else None
    context = {"game_kind": game.kind, "seq": game.last_seq, "deadline": deadline}
    wait = notice_wait(seat, now) if hours else None
    if wait is not None:
        context["waited"] = True
    _queue(game, seat, "turn", context, now, unless_told=unless_told, wait=wait)


def turn_mails_queue(
    *,
    game: Game,
    seats: list[Seat],
    state: Any,
    moved: str | None,
    waited: list[str],
    orders: Sequence[Order] = (),
    now: datetime,
    **_signal: object,
) -> None:
    """Tell each seat whose turn begins that it is its turn (or, at the end, everyone the
    result, with its board and score sheets composed after the commit:
    ``turn_content.game_over_context_of``): one turn email a turn, never held back because
    the player has the page open.

    A seat's turn begins when the game comes to wait for it (it is not in ``waited``, the
    players waited for before the change), or when another player's move (a pass the
    rules force included) came after its own. Its further steps send none: the decisions
    it makes in a row with no one else's between (a roll, then the path), and another
    player's decision in a step that waits for both (the deploy, a rowing test).
    ``moved`` names who moved, whose seat changed hands or whose move was taken back
    (``None``: the deal, a resume). After another's change, or on its own step, a seat
    is told unless its address was told since its turn began, as the outbox's row finds
    (``repository.outbox_insert``, ``unless_told``): so a seat's new holder is told, and
    a player told before another's takeback is not told twice. A step made by a reply is
    answered with the next step's turn email (:func:`reply_mail_queue`). A turn another's
    change begins waits for the seat's playing hours (``games.timecontrol.hours``); the next
    step of a player's own move does not, nor does the reminder. A seat whose standing order
    is about to play (``orders``, worked out by the move: ``games.play.orders``) is not
    asked: its next turn email tells it what the order played.
    """
    by_name = {seat.display_name: seat for seat in seats}
    if game.status == Game.Status.FINISHED:
        for seat in seats:
            if _reachable(seat):
                context = {**seat_context(game, seat), "seq": game.last_seq}
                context.update(winners=game.winners, scores=game.scores)
                _queue(game, seat, "game_over", context, now)
        return
    for name in turn_begun_players(game, moved=moved, waited=waited, orders=orders):
        seat = by_name[name]
        if not _reachable(seat):
            continue
        told = moved not in (None, name) or name in waited
        _turn_queue(game, seat, now, unless_told=told, hours=moved != name)


def reminder_mail_queue(
    *, game: Game, seat: Seat, engine: Rules, state: Any, now: datetime, **_signal: object
) -> None:
    """Remind ``seat`` that its deadline is near (digest and link-only players are not)."""
    if _reachable(seat) and seat.mail_preference == MailPreference.EVERY_TURN:
        context = turn_context(game=game, seat=seat, engine=engine, state=state, seq=game.last_seq)
        _queue(game, seat, "reminder", context, now)


def timeout_mails_queue(
    *,
    game: Game,
    seat: Seat,
    move: Move | None,
    replaced: bool,
    paused: bool,
    now: datetime,
    **_signal: object,
) -> None:
    """Tell ``seat`` what its timeout led to (the ``move`` played for it, in words and
    notation); when the game paused, tell the others too."""
    context = {**seat_context(game, seat), "replaced": replaced, "paused": paused}
    context["move"] = engine_for(game).format_move(move) if move is not None else None
    context["words"] = in_words(game, seat, move) if move is not None else None
    context["replace_after"] = time_control(game.options).replace_after
    if _reachable(seat, bot_too=True):
        _queue(game, seat, "timed_out", context, now)
    if paused:
        for other in game.seats.exclude(pk=seat.pk):
            if _reachable(other):
                notice = {**seat_context(game, other), "late_player": seat.display_name}
                _queue(game, other, "paused", notice, now)


def order_played_mail_queue(
    *, game: Game, seat: Seat, move: Move, kind: str, now: datetime, **_signal: object
) -> None:
    """Tell ``seat`` that its standing order played ``move`` for it (``kind``: its standing
    ``answer`` or a ``queued`` move), in words and notation, in its language, with the reply
    line that cancels its orders: not to a seat that wants no email or that a bot plays,
    waiting for its playing hours as a turn email does. A digest player's is not held for
    his digest, which lists only the games waiting for him: it would be lost there.

    A seat whose turn goes on after the order's move (a queued walk, then the walk's path)
    is not told twice: its turn email of that next step lists
    the move "played by standing order" among what happened since its previous turn email
    (:func:`_told_by_turn_email`)."""
    if not _reachable(seat) or _told_by_turn_email(game, seat):
        return
    context = {**seat_context(game, seat), "order": kind, "reply_to": reply_address(seat)}
    context["words"] = in_words(game, seat, move)
    context["notation"] = engine_for(game).format_move(move)
    _queue(game, seat, "order_played", context, now, wait=notice_wait(seat, now))


def _told_by_turn_email(game: Game, seat: Seat) -> bool:
    """Whether a turn email to ``seat`` (an every-turn player) tells it of the last move of
    ``game`` (as that move left it: the signal comes on its commit): one at that move's seq,
    whose "since" (``repository.events_since_told``) begins at the seat's earlier turn
    email, so the move is in it."""
    if seat.mail_preference != MailPreference.EVERY_TURN:
        return False
    told = OutboundMail.objects.filter(game=game, seat=seat, kind="turn")
    seqs = set(told.values_list("context__seq", flat=True))
    return game.last_seq in seqs and any(seq < game.last_seq for seq in seqs)


def notice_mails_queue(
    *,
    game: Game,
    event_type: str,
    payload: dict[str, Any],
    now: datetime,
    seats: list[Seat] | None = None,
    **_signal: object,
) -> None:
    """Tell ``seats`` (default: everyone) of a takeback, moderation or adjudication event, in
    their language."""
    for seat in game.seats.all() if seats is None else seats:
        if _reachable(seat, bot_too=True):
            with translation.override(seat.language):
                line = event_line(event_type, payload)
            context = {**seat_context(game, seat), "line": line, "event": event_type}
            context["reply_to"] = reply_address(seat)
            _queue(game, seat, "notice", context, now)


def reply_mail_queue(
    *,
    game: Game,
    seat: Seat,
    accepted: bool,
    text: str,
    move: Move | None = None,
    message: str = "",
    legal: list[Move] | None = None,
    cancelled: dict[str, list[str]] | None = None,
    in_reply_to: str = "",
    now: datetime,
    **_signal: object,
) -> OutboundMail | None:
    """Answer a reply email: the move is recorded (``move``, said in words too), the standing
    orders it cancelled (``cancelled``: their words, ``turn_content.standing_orders``'s
    shape), or why not and what is legal (each move in its notation, the reply syntax,
    and in words). When the recorded move was a step of the seat's turn and its turn goes
    on, the turn email of the next step follows: a player who plays by email sees that step
    nowhere else."""
    if not seat.email:
        return None
    engine = engine_for(game)
    context = {
        **seat_context(game, seat),
        "text": text,
        "words": in_words(game, seat, move) if move is not None else "",
        "message": message,
        "legal": [
            {"notation": engine.format_move(option), "words": in_words(game, seat, option)}
            for option in legal or []
        ],
        "reply_to": reply_address(seat),
        "in_reply_to": in_reply_to,
    }
    if cancelled is not None:
        context["cancelled"] = cancelled
    answer = mail_queue(
        to=seat.email,
        kind="move_accepted" if accepted else "move_refused",
        context=context,
        language=seat.language,
        game=game,
        seat=seat,
        now=now,
    )
    if accepted and cancelled is None:
        _next_step_queue(game, seat, now)
    return answer


def _next_step_queue(game: Game, seat: Seat, now: datetime) -> None:
    """Write ``seat``'s turn email if the game, after its move, waits for it again and no turn
    email of this position went to it."""
    game.refresh_from_db(fields=["status", "to_move", "last_seq"])
    seat.refresh_from_db(fields=["deadline_at", "is_bot", "mail_preference"])
    if game.status != Game.Status.ACTIVE or seat.display_name not in game.to_move:
        return
    told = OutboundMail.objects.filter(game=game, seat=seat, kind="turn")
    if _reachable(seat) and not told.filter(context__seq=game.last_seq).exists():
        _turn_queue(game, seat, now)


def sign_in_mail_queue(
    *, email: str, link: str, language: str, now: datetime, **_signal: object
) -> OutboundMail:
    """Send a "my games" sign-in link."""
    context = {"link": link, "site_url": settings.SITE_URL, "minutes": 15}
    return mail_queue(to=email, kind="sign_in", context=context, language=language, now=now)


def _table_label(table: Table) -> str:
    return table.name or f"{get_game(table.kind).TITLE} #{table.pk}"


def _table_mail_queue(
    *, table: Table, to: str, kind: str, language: str, **context: object
) -> None:
    """Queue an email about ``table`` to an address that never gave it to the service."""
    context.update(
        game=_table_label(table), title=get_game(table.kind).TITLE, site_url=settings.SITE_URL
    )
    mail_queue(to=to, kind=kind, language=language, context=context)


def invitation_mail_queue(*, table: Table, invitation: Invitation, **_signal: object) -> None:
    """Invite a player to a table."""
    players = [other.display_name or "?" for other in table.invitations.order_by("position")]
    _table_mail_queue(
        table=table,
        to=invitation.email,
        kind="invitation",
        language=invitation.language,
        player=invitation.display_name,
        players=players,
        link=invitation_link(invitation),
    )


def seat_confirmation_mail_queue(
    *, table: Table, invitation: Invitation, link: str, **_signal: object
) -> None:
    """Ask the address typed for an open seat to confirm it; like an invitation it carries a
    "never invite me" link (``games.mail.compose``)."""
    _table_mail_queue(
        table=table,
        to=invitation.pending_email,
        kind="seat_confirmation",
        language=invitation.language,
        seat_name=invitation.display_name,
        link=link,
    )


def game_started_mails_queue(
    *, table: Table, game: Game, invitations: list[Invitation], **_signal: object
) -> None:
    """Tell each invited player not to move first that the game has begun, with his seat's
    link: the players to move first get their turn email instead, so everyone gets one email
    at the start (all of them turn emails when the first step is everyone's, as in a game
    whose players all deploy at once)."""
    first = ", ".join(game.to_move)
    for invitation in invitations:
        seat = invitation.seat
        if seat is None or seat.display_name in game.to_move:
            continue
        if invitation.email and invitation.kind != "bot":
            mail_queue(
                to=invitation.email,
                kind="game_started",
                language=invitation.language,
                game=game,
                seat=seat,
                context={
                    "game": _table_label(table),
                    "player": invitation.display_name,
                    "seat_link": seat_link(seat),
                    "first": first,
                },
            )
