"""Which emails a recorded change causes, and what each may say.

Every function here runs inside the transaction that recorded the change and
writes outbox rows (``games.mail.outbox``), so an email exists exactly when its
event does, and states only what has been recorded. Play does not call them:
it sends a signal of what it did (a turn begun, a takeback, an invitation, a
deal, a sign-in asked for), and ``GamesConfig.ready`` connects the functions
here to those signals; a receiver runs in the sender's transaction. Contexts are built from
``view(state, seat)`` and public event payloads, never from the omniscient
state (STYLE habit 3). A turn email's row holds only what it is (seat, seq, deadline),
so a move's locked transaction builds no view for it: :func:`turn_context_of`
composes its content after the commit, as the seat could see the game at that seq.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.utils import translation

from engine.base import Game as Engine
from engine.base import Move, get_game
from games.display import game_label
from games.event_lines import event_line
from games.kinds import kind_of
from games.mail.outbox import mail_queue, mail_queue_unless
from games.models import Event, Game, Invitation, MailPreference, OutboundMail, Seat, Table
from games.play.links import preferences_link, reply_address, seat_link
from games.play.lobby import invitation_link
from games.play.selectors import hidden_seqs, sealed_seq
from games.store import events
from games.store.loading import engine_for
from games.store.repository import state_at
from games.store.rows import column_loader, json_text, rows_read
from games.timecontrol.deadlines import time_control

EXAMPLES = 3
SINCE_LIMIT = 40


def _reachable(seat: Seat, *, bot_too: bool = False) -> bool:
    """Whether ``seat`` gets game emails (a player whose seat a bot took over only hears why)."""
    wanted = bool(seat.email) and seat.mail_preference != MailPreference.NONE
    return wanted and (bot_too or not seat.is_bot)


def _seat_context(game: Game, seat: Seat) -> dict[str, Any]:
    return {
        "game": game_label(game),
        "game_id": game.pk,
        "game_kind": game.kind,
        "player": seat.display_name,
        "seat_link": seat_link(seat),
        "preferences_link": preferences_link(seat),
        "unsubscribe_link": preferences_link(seat) + "unsubscribe/",
        "time_zone": seat.time_zone,
        "site_url": settings.SITE_URL,
    }


def _queue(
    game: Game,
    seat: Seat,
    kind: str,
    context: dict[str, Any],
    now: datetime,
    *,
    unless: tuple[str, list[Any]] | None = None,
) -> None:
    """Write ``seat``'s email, unless the fixed query ``unless`` finds a row."""
    mail_queue_unless(
        unless,
        to=seat.email,
        kind=kind,
        context=context,
        language=seat.language,
        game=game,
        seat=seat,
        hold=kind == "turn" and seat.mail_preference == MailPreference.DIGEST,
        now=now,
    )


def _last_own_move_sql() -> str:
    """The fixed query of the seq of a seat's last move up to a seq (``None``: it has made
    none); its parameters: the game's id, the seat's name, the seq."""
    return (
        "SELECT MAX(seq) FROM games_event WHERE game_id = %s AND type = 'move'"
        f" AND {json_text('payload', 'player')} = %s AND seq <= %s"
    )


def _since_own_move(
    game: Game, seat: Seat, seq: int
) -> tuple[int | None, list[tuple[int, str, int, dict[str, Any]]]]:
    """The seq of ``seat``'s last move up to event ``seq`` (``None``: it has made none) and the
    events after it up to ``seq`` (at most :data:`SINCE_LIMIT`, as seq, type, version and
    payload): fixed queries, in one call where the database takes several."""
    last_own = (_last_own_move_sql(), [game.pk, seat.display_name, seq])
    since = (
        "SELECT seq, type, version, payload FROM games_event WHERE game_id = %s"
        f" AND seq > COALESCE(({last_own[0]}), 1) AND seq <= %s ORDER BY seq LIMIT {SINCE_LIMIT}",
        [game.pk, *last_own[1], seq],
    )
    ((last,),), stored = rows_read([last_own, since])
    payload = column_loader(Event, "payload")
    return last, [
        (event_seq, event_type, version, payload(raw))
        for event_seq, event_type, version, raw in stored
    ]


def _in_words(game: Game, seat: Seat, move: Move) -> str:
    """``move`` in words in ``seat``'s language, by the game's kind."""
    with translation.override(seat.language):
        return kind_of(game.kind).move_action(move)


def since_last_turn(
    game: Game,
    seat: Seat,
    engine: Engine,
    state: Any,
    seq: int,
    stored: list[tuple[int, str, int, dict[str, Any]]],
) -> list[dict[str, Any]]:
    """What happened in ``game`` from ``seat``'s last move up to event ``seq`` (``state`` is
    the state after it), from the public events ``stored`` in between: moves in words in the
    seat's language (by the game's kind) with their notation, the reply syntax, beside them;
    a sealed one unsaid."""
    entries = []
    sealed = sealed_seq(game, state=state, seq=seq)
    hidden: set[int] | None = None  # read with the first chat message
    for event_seq, event_type, version, raw in stored:
        payload = events.upcast(event_type, version, raw)
        entry = {"type": event_type, "seq": event_seq, "player": payload.get("player")}
        if event_type == events.MOVE and event_seq == sealed:
            entry.update(move=None, sealed=True, auto=payload.get("auto", False))
        elif event_type == events.MOVE:
            entry.update(
                move=_in_words(game, seat, payload["move"]),
                notation=engine.format_move(payload["move"]),
                auto=payload.get("auto", False),
            )
        elif event_type == events.SEAT_REPLACED:
            entry["by"] = payload["by"]
        elif event_type == events.VACATION_STARTED:
            entry["days"] = payload["days"]
        elif event_type == events.CHAT_POSTED:
            hidden = hidden_seqs(game) if hidden is None else hidden
            unsaid = event_seq in hidden
            entry.update(text=None if unsaid else payload["text"], hidden=unsaid)
        elif event_type not in (events.TURN_TIMED_OUT, events.GAME_PAUSED):
            continue
        entries.append(entry)
    return entries


def _examples(engine: Engine, legal: list[dict[str, Any]]) -> list[str]:
    """Two or three legal moves in text notation, of different kinds where there are."""
    chosen: list[dict[str, Any]] = []
    for move in legal:
        if all(move["type"] != other["type"] for other in chosen):
            chosen.append(move)
    for move in legal:
        if len(chosen) >= EXAMPLES:
            break
        if move not in chosen:
            chosen.append(move)
    return [engine.format_move(move) for move in chosen[:EXAMPLES]]


def turn_context(*, game: Game, seat: Seat, engine: Engine, state: Any, seq: int) -> dict[str, Any]:
    """What a turn email (or its reminder) tells ``seat`` after event ``seq`` (``state`` is the
    state after it): all from its own view and the public events up to it."""
    view = engine.view(state, seat.display_name)
    legal = engine.legal_moves(state, seat.display_name)
    kind = kind_of(game.kind)
    rows = kind.player_rows(view)
    marks = kind.seat_marks([row["name"] for row in rows])
    last, stored = _since_own_move(game, seat, seq)
    return {
        **_seat_context(game, seat),
        "view": view,
        "hand": view["players"][seat.display_name].get("hand", []),
        "players": [{**row, "letter": marks[row["name"]].letter} for row in rows],
        "since": since_last_turn(game, seat, engine, state, seq, stored),
        "moved_before": last is not None,
        "deadline": seat.deadline_at.isoformat() if seat.deadline_at else None,
        "reply_to": reply_address(seat),
        "examples": _examples(engine, legal),
        "commitment": game.commitment,
        "seq": seq,
        "head_hash": (
            game.head_hash
            if seq == game.last_seq
            else Event.objects.values_list("hash", flat=True).get(game=game, seq=seq)
        ),
    }


def turn_context_of(row: OutboundMail) -> dict[str, Any]:
    """The content of a turn email whose row holds only what it is (seat, seq, deadline):
    composed after its commit, from the committed events and the seat's view at that seq
    (registered in ``games.mail.compose.COMPOSED_LATER`` by ``GamesConfig.ready``)."""
    game, seat, seq = row.game, row.seat, row.context["seq"]
    assert game is not None and seat is not None, "a turn email belongs to a seat of a game"
    engine = engine_for(game)
    context = turn_context(game=game, seat=seat, engine=engine, state=state_at(game, seq), seq=seq)
    return {**context, "deadline": row.context["deadline"]}


def _told(game: Game, seat: Seat) -> tuple[str, list[Any]]:
    """The fixed query that finds a turn email of ``seat`` since its own last move."""
    told = (
        "SELECT 1 FROM games_outboundmail WHERE game_id = %s AND seat_id = %s AND kind = 'turn'"
        f" AND CAST({json_text('context', 'seq')} AS INTEGER)"
        f" >= COALESCE(({_last_own_move_sql()}), 0)"
    )
    return told, [game.pk, seat.pk, game.pk, seat.display_name, game.last_seq]


def turn_mails_queue(
    *,
    game: Game,
    engine: Engine,
    state: Any,
    seats: list[Seat],
    moved: str | None,
    now: datetime,
    **_signal: object,
) -> None:
    """Tell each seat now to move that it is its turn (or, at the end, everyone the result):
    the receiver of ``games.play.turns.turn_begun``.

    A turn email's row holds only what it is (seat, seq, deadline): its content is
    composed after the commit by whoever renders it (:func:`turn_context_of`), so
    the locked transaction builds no view and reads no history for it.

    After another player's move (or seat change: ``moved``), a player who was told since
    his own last move still waits at the same step (the deploy, a rowing test) and is
    not told twice.
    """
    by_name = {seat.display_name: seat for seat in seats}
    if game.status == Game.Status.FINISHED:
        for seat in seats:
            if _reachable(seat):
                context = {**_seat_context(game, seat), "view": engine.view(state, None)}
                context.update(winners=game.winners, scores=game.scores)
                _queue(game, seat, "game_over", context, now)
        return
    for name in game.to_move:
        seat = by_name[name]
        if not _reachable(seat):
            continue
        deadline = seat.deadline_at.isoformat() if seat.deadline_at else None
        context = {"game_kind": game.kind, "seq": game.last_seq, "deadline": deadline}
        # After another's move, the INSERT writes it only if he was not told since his own.
        told = None if moved in (None, name) else _told(game, seat)
        _queue(game, seat, "turn", context, now, unless=told)


def reminder_mail_queue(
    *, game: Game, seat: Seat, engine: Engine, state: Any, now: datetime
) -> None:
    """Remind ``seat`` that its deadline is near (digest and link-only players are not)."""
    if _reachable(seat) and seat.mail_preference == MailPreference.EVERY_TURN:
        context = turn_context(game=game, seat=seat, engine=engine, state=state, seq=game.last_seq)
        _queue(game, seat, "reminder", context, now)


def timeout_mails_queue(
    *, game: Game, seat: Seat, move: Move | None, replaced: bool, paused: bool, now: datetime
) -> None:
    """Tell ``seat`` what its timeout led to (the ``move`` played for it, in words and
    notation); when the game paused, tell the others too."""
    context = {**_seat_context(game, seat), "replaced": replaced, "paused": paused}
    context["move"] = engine_for(game).format_move(move) if move is not None else None
    context["words"] = _in_words(game, seat, move) if move is not None else None
    context["replace_after"] = time_control(game.options).replace_after
    if _reachable(seat, bot_too=True):
        _queue(game, seat, "timed_out", context, now)
    if paused:
        for other in game.seats.exclude(pk=seat.pk):
            if _reachable(other):
                notice = {**_seat_context(game, other), "late_player": seat.display_name}
                _queue(game, other, "paused", notice, now)


def notice_mails_queue(
    *,
    game: Game,
    event_type: str,
    payload: dict[str, Any],
    now: datetime,
    seats: list[Seat] | None = None,
    **_signal: object,
) -> None:
    """Tell ``seats`` (default: everyone) of a moderation or takeback event, in their language
    (a takeback's by ``games.play.takebacks.takeback_recorded``)."""
    for seat in game.seats.all() if seats is None else seats:
        if _reachable(seat, bot_too=True):
            with translation.override(seat.language):
                line = event_line(event_type, payload)
            context = {**_seat_context(game, seat), "line": line, "event": event_type}
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
    in_reply_to: str = "",
    now: datetime,
) -> OutboundMail | None:
    """Answer a reply email: the move is recorded (``move``, said in words too), or why not
    and what is legal (each move in its notation, the reply syntax, and in words)."""
    if not seat.email:
        return None
    engine = engine_for(game)
    context = {
        **_seat_context(game, seat),
        "text": text,
        "words": _in_words(game, seat, move) if move is not None else "",
        "message": message,
        "legal": [
            {"notation": engine.format_move(option), "words": _in_words(game, seat, option)}
            for option in legal or []
        ],
        "reply_to": reply_address(seat),
        "in_reply_to": in_reply_to,
    }
    return mail_queue(
        to=seat.email,
        kind="move_accepted" if accepted else "move_refused",
        context=context,
        language=seat.language,
        game=game,
        seat=seat,
        now=now,
    )


def sign_in_mail_queue(
    *, email: str, link: str, language: str, now: datetime, **_signal: object
) -> OutboundMail:
    """Send a "my games" sign-in link (``games.play.accounts.sign_in_requested``)."""
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
    """Invite a player to a table (``games.play.lobby.seat_invited``)."""
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
    """Ask the address typed for an open seat to confirm it
    (``games.play.open_seats.confirmation_asked``); like an invitation it carries a "never
    invite me" link (``games.mail.compose``)."""
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
    link (``games.play.lobby.table_started``): the players to move first get their turn email
    instead, so everyone gets one email at the start (all of them turn emails when the first
    step is everyone's, as in a game whose players all deploy at once)."""
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
