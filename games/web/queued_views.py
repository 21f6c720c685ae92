"""The game page's queued moves: its player queues a move for his next turn, cancels one or
all (``games.web.queued_form``, ``games.play.queued``).

A plain POST that comes back to the panel; a refused move comes back as the page with the
move and condition as posted and why beside them."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from engine.base import IllegalMove
from games.errors import GameError
from games.play.queued import queue_add, queue_cancel
from games.play.refusals import refusal_text
from games.store.loading import engine_for
from games.web.queued_form import WATCHES, form_fields, watchable_fields
from games.web.views import link_seat, seat_page

TEXT_LIMIT = 200
"""The longest posted move or field name read."""


def _panel(token: str) -> HttpResponseRedirect:
    return HttpResponseRedirect(f"{reverse('play', kwargs={'token': token})}#queued")


@require_POST
def play_queue(request: HttpRequest, token: str) -> HttpResponse:
    """Queue the posted move last, watching the posted condition's fields."""
    seat = link_seat(request, token)
    game = seat.game
    text = request.POST.get("move", "")[:TEXT_LIMIT]
    watch = request.POST.get("watch", "move")
    chosen = [name[:TEXT_LIMIT] for name in request.POST.getlist("fields")]
    try:
        if watch not in WATCHES:
            raise IllegalMove("bad_move", "Choose what the condition watches.")
        move = engine_for(game).parse_move(text)
        fields = form_fields(move, watch, chosen, watchable_fields(game, seat))
        queue_add(game=game, seat=seat, move=move, fields=fields)
    except (IllegalMove, GameError) as error:
        return seat_page(
            request,
            seat,
            status=400,
            queued_error=refusal_text(error),
            queued_move=text,
            queued_watch=watch,
            queued_chosen=chosen,
        )
    messages.success(request, _("Your move is queued for your next turn."))
    return _panel(token)


@require_POST
def play_queue_cancel(request: HttpRequest, token: str) -> HttpResponse:
    """Cancel the queued move whose button was pressed (``index`` from 0), or all."""
    seat = link_seat(request, token)
    which = request.POST.get("index", "")
    try:
        index = None if which == "all" else int(which)
        queue_cancel(game=seat.game, seat=seat, index=index)
    except (ValueError, GameError) as error:
        words = (
            refusal_text(error)
            if isinstance(error, GameError)
            else _("Choose a queued move to cancel.")
        )
        return seat_page(request, seat, status=400, queued_error=words)
    messages.success(
        request,
        _("Your queued moves are cancelled.") if index is None else _("The move is cancelled."),
    )
    return _panel(token)
