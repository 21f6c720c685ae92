"""The table's own talk on the game page: chat (post, report) and takeback requests and answers.

The chat fragment is read by everyone at ``/games/<id>/chat/`` and by a seat
at ``/play/<token>/chat/``; posting, reporting and takebacks are POSTs with
CSRF from a seat's page, and come back to it. Chat text is escaped by the
template like any other text; a hidden message is never sent again.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.errors import GameError
from games.models import Game, Seat
from games.play.chat import MAX_LENGTH, chat_messages, chat_post, chat_report
from games.play.refusals import refusal_text
from games.play.takebacks import (
    takeback_answer,
    takeback_pending,
    takeback_possible,
    takeback_request,
)
from games.web.views import link_seat


def _chat(request: HttpRequest, game: Game, seat: Seat | None) -> HttpResponse:
    context = {
        "game": game,
        "seat": seat,
        "chat": chat_messages(game=game),
        "max_length": MAX_LENGTH,
        "takeback": takeback_pending(game) if seat is not None else None,
        "takeback_possible": seat is not None and takeback_possible(game=game, seat=seat),
    }
    return render(request, "games/_chat.html", context)


@require_GET
def game_chat(request: HttpRequest, pk: int) -> HttpResponse:
    """The table chat as a spectator reads it."""
    return _chat(request, get_object_or_404(Game, pk=pk), None)


@require_http_methods(["GET", "POST"])
def play_chat(request: HttpRequest, token: str) -> HttpResponse:
    """The table chat for a seat; a POST posts its message."""
    seat = link_seat(request, token)
    if request.method == "POST":
        try:
            chat_post(game=seat.game, seat=seat, text=request.POST.get("text", ""))
        except GameError as error:
            messages.error(request, refusal_text(error))
        return redirect("play", token=token)
    return _chat(request, seat.game, seat)


@require_POST
def play_chat_report(request: HttpRequest, token: str, seq: int) -> HttpResponse:
    """Report a chat message to the moderators."""
    seat = link_seat(request, token)
    try:
        chat_report(
            game=seat.game, seat=seat, message_seq=seq, reason=request.POST.get("reason", "")
        )
    except GameError as error:
        messages.error(request, refusal_text(error))
    return redirect("play", token=token)


@require_POST
def play_takeback(request: HttpRequest, token: str) -> HttpResponse:
    """Ask to take back the last move (``answer=ask``), or accept or decline the open request."""
    seat = link_seat(request, token)
    answer = request.POST.get("answer", "")
    try:
        if answer == "ask":
            takeback_request(game=seat.game, seat=seat)
        else:
            takeback_answer(game=seat.game, seat=seat, accept=answer == "accept")
    except GameError as error:
        messages.error(request, refusal_text(error))
    return redirect("play", token=token)
