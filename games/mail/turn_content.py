"""What a game's email says to a seat: its common context and a turn email's content.

Built from the seat's ``view(state, seat)`` and the public events up to the email's seq,
never from the omniscient state. A turn email's row holds only what it is (seat, seq,
deadline), so a move's locked transaction builds no view for it: :func:`turn_context_of`
composes its content after the commit (``games.mail.compose`` calls it when the row is
first rendered). This module writes nothing, so the composer can import it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.base import Move, Rules
from games.display import game_label
from games.kinds import kind_of
from games.kinds.base import player_label
from games.kinds.score_sheet import sheets_data
from games.models import Event, Game, OutboundMail, Seat
from games.play.links import preferences_link, reply_address, seat_link
from games.play.queued import queue_move_words
from games.play.selectors import hidden_seqs, sealed_seq
from games.play.tables import table_for
from games.store import events
from games.store.loading import engine_for
from games.store.repository import events_since_told, state_at

EXAMPLES = 3


def seat_context(game: Game, seat: Seat) -> dict[str, Any]:
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


def in_words(game: Game, seat: Seat, move: Move) -> str:
    """``move`` in words in ``seat``'s language, by the game's kind."""
    with translation.override(seat.language):
        return kind_of(game.kind).move_action(move)


def since_last_turn(
    game: Game,
    seat: Seat,
    engine: Rules,
    state: Any,
    seq: int,
    stored: list[tuple[int, str, int, dict[str, Any]]],
) -> list[dict[str, Any]]:
    """What happened in ``game`` up to event ``seq`` (``state`` is the state after it), from
    the events ``stored`` before it (``repository.events_since_told``: since its last move or
    its previous turn email, whichever came first): moves in words in the seat's
    language (by the game's kind) with their notation, the reply syntax, beside them; the
    seat's own marked as his, another's sealed choice unsaid (his own he may read), a move
    played by a standing answer said so."""
    entries = []
    sealed = sealed_seq(game, state=state, seq=seq)
    hidden: set[int] | None = None  # read with the first chat message
    for event_seq, event_type, version, raw in stored:
        payload = events.upcast(event_type, version, raw)
        player = payload.get("player")
        own = event_type == events.MOVE and player == seat.display_name
        if own:  # the reader's own move, marked as the page marks it
            with translation.override(seat.language):
                player = player_label(seat.display_name, seat.display_name)
        entry = {"type": event_type, "seq": event_seq, "player": player}
        if event_type == events.MOVE and event_seq == sealed and not own:
            entry.update(move=None, sealed=True, auto=payload.get("auto", False))
        elif event_type == events.MOVE:
            entry.update(
                move=in_words(game, seat, payload["move"]),
                notation=engine.format_move(payload["move"]),
                auto=payload.get("auto", False),
                standing=payload.get("standing", False),
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


def answer_words(question: str, rule: dict[str, Any]) -> str:
    """A standing answer in words, in the active language: the question, then the rule (the
    words of the game page's form, ``games.web.standing_form``)."""
    if question == "mutiny":
        label = _("Mutiny against another captain's stack")
        answer = {"always": _("always mutiny"), "never": _("never mutiny")}.get(rule["mutiny"])
        wages = ngettext(
            "mutiny for wages of at least %(ducats)s ducat",
            "mutiny for wages of at least %(ducats)s ducats",
            rule.get("ducats", 0),
        )
        answer = answer or wages % {"ducats": rule.get("ducats", 0)}
    elif question == "choose":
        label = _("Rowing test, as partner")
        answer = {"die": _("die"), "empty": _("empty hand"), "club": _("club")}[rule["choice"]]
    elif question == "wish":
        label = _("Wish after a departure, as partner")
        answer = _("turn the turntable") if rule["turn"] else _("leave the turntable")
    elif question == "deploy":
        label = _("Pirates on the left start (the others on the right start)")
        answer = str(rule["left"])
    elif question == "pile":
        label = _("Your pirate waiting at a ford, when a boat stops there")
        board = rule["pile"] == "board"
        answer = _("pile into the boat on the weaker current") if board else _("stay on the ford")
    else:
        assert question == "path", f"no words for a standing answer to {question}"
        label = _("Path when you row alone after a rowing test, as partner")
        answer = _("the path ending nearest the source")
    return _("%(question)s: %(answer)s") % {"question": label, "answer": answer}


def queued_words(game: Game, entry: dict[str, Any]) -> str:
    """A queued move in words, in the active language, with the fields it watches."""
    words = queue_move_words(game, entry["move"])
    if not entry["fields"]:
        return words
    watched = ", ".join(str(name) for name in entry["fields"])
    return _("%(move)s, only if nothing changed on: %(fields)s") % {
        "move": words,
        "fields": watched,
    }


def standing_orders(
    game: Game,
    seat: Seat,
    answers: dict[str, Any],
    queue: list[Any],
    view: dict[str, Any] | None = None,
) -> dict[str, list[str]]:
    """``seat``'s standing ``answers`` and ``queue`` (as stored) in words, in its language: for
    its own turn emails and reply answers only, never another seat's email or a notice. With
    its ``view`` (a turn email's), an answer to a question asked only as the game begins is
    left out once that question is no longer asked: it has played."""
    rules = engine_for(game).standing
    asked: tuple[str, ...] = tuple(rules.QUESTIONS) if rules is not None else ()
    if view is not None and rules is not None and rules.AT_THE_START:
        now_asked = rules.question(view, seat.display_name)
        asked = tuple(q for q in asked if q not in rules.AT_THE_START or q == now_asked)
    with translation.override(seat.language):
        return {
            "answers": [answer_words(q, answers[q]) for q in asked if q in answers],
            "queue": [queued_words(game, entry) for entry in queue],
        }


def _examples(engine: Rules, legal: list[dict[str, Any]]) -> list[str]:
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


def turn_context(*, game: Game, seat: Seat, engine: Rules, state: Any, seq: int) -> dict[str, Any]:
    """What a turn email (or its reminder) tells ``seat`` after event ``seq`` (``state`` is the
    state after it): all from its own view and the public events up to it."""
    view = engine.view(state, seat.display_name)
    legal = engine.legal_moves(state, seat.display_name)
    kind = kind_of(game.kind)
    rows = kind.player_rows(view)
    marks = kind.seat_marks([row["name"] for row in rows])
    told = events_since_told(game, seat, seq)
    return {
        **seat_context(game, seat),
        "view": view,
        "hand": view["players"][seat.display_name].get("hand", []),
        "players": [{**row, "letter": marks[row["name"]].letter} for row in rows],
        "since": since_last_turn(game, seat, engine, state, seq, told.events),
        "moved_before": told.last is not None,
        "deadline": seat.deadline_at.isoformat() if seat.deadline_at else None,
        "reply_to": reply_address(seat),
        "examples": _examples(engine, legal),
        "orders": standing_orders(game, seat, told.answers, told.queue, view),
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
    (the composer of ``games.mail.compose.COMPOSED_LATER``'s turn email)."""
    game, seat, seq = row.game, row.seat, row.context["seq"]
    assert game is not None and seat is not None, "a turn email belongs to a seat of a game"
    engine = engine_for(game)
    context = turn_context(game=game, seat=seat, engine=engine, state=state_at(game, seq), seq=seq)
    return {**context, "deadline": row.context["deadline"]}


def game_over_context_of(row: OutboundMail) -> dict[str, Any]:
    """The content of a game-over email whose row holds the seat's context and the result:
    the final board and how each score came about, composed after the game's last commit
    in the seat's language (everything is open at the end)."""
    game, seat = row.game, row.seat
    assert game is not None and seat is not None, "a game-over email belongs to a seat of a game"
    engine = engine_for(game)
    view = engine.view(state_at(game, row.context["seq"]), None)
    with translation.override(seat.language):
        sheets = kind_of(game.kind).score_sheets(table_for(game=game, seat=seat))
    return {**row.context, "view": view, "score_sheets": sheets_data(sheets)}
