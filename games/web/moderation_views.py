"""Staff pages: a game's moderation page and omniscient view, and the moderator audit.

Only moderators (staff with ``games.moderate_game``) get them; anyone else,
signed in or not, a player with a seat link included, gets 403. Every
action is a POST with CSRF and a reason, run by ``games.moderation.actions``.
No page shows a seat's link or token: a moderator never acts as a seat, and a
player who lost their link gets a new one mailed by the ``reissue`` action.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.display import deadline_local, game_label
from games.errors import GameError
from games.models import Game, Seat
from games.moderation.audit import (
    game_omniscient,
    game_stream,
    is_moderator,
    moderator_activity,
    moderator_of,
)
from games.moderation.requests import ACTIONS, action_run
from games.play.chat import chat_messages
from games.play.levels import LEVEL_NAMES, bot_levels

View = Callable[..., HttpResponse]


def moderator_required(view: View) -> View:
    """Refuse ``view`` with 403 to anyone but a moderator."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_moderator(request.user):
            raise PermissionDenied("Only moderators may see this page.")
        return view(request, *args, **kwargs)

    return checked


def seat_state(game: Game, seat: Seat, levels: dict[str, str]) -> str:
    """What a moderator needs to know of ``seat`` in words: who plays it (a bot at which of
    the ``levels``), whether it is to move, and how many of its links were revoked (never
    the link itself)."""
    if seat.is_bot:
        level = LEVEL_NAMES[levels[seat.display_name]]
        parts = [_("played by the bot, %(level)s") % {"level": level}]
    elif seat.user_id is not None:
        parts = [_("played by a person with an account")]
    else:
        parts = [_("played by a person by email")]
    if seat.display_name in game.to_move:
        parts.append(_("to move"))
    if seat.token_version > 1:
        parts.append(_("links revoked: %(count)d") % {"count": seat.token_version - 1})
    return ", ".join(parts)


@require_GET
@moderator_required
def moderate_game(request: HttpRequest, pk: int) -> HttpResponse:
    """A game's seats, chat and event stream, with a form for each moderator action."""
    game = get_object_or_404(Game, pk=pk)
    seats = list(game.seats.all())
    levels = bot_levels(game, seats)
    rows = [{"seat": seat, "state": seat_state(game, seat, levels)} for seat in seats]
    context = {
        "game": game,
        "label": game_label(game),
        "deadline": deadline_local(game, None),
        "seats": rows,
        "levels": LEVEL_NAMES,
        "chat": chat_messages(game=game),
        "stream": game_stream(game=game),
        "actions": ACTIONS,
    }
    return render(request, "games/moderate_game.html", context)


@require_POST
@moderator_required
def moderate_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Run one moderator action from the moderation page and come back to it."""
    game = get_object_or_404(Game, pk=pk)
    data = {**request.POST.dict(), "winners": request.POST.getlist("winners")}
    try:
        action_run(game=game, moderator=moderator_of(request.user), action=action, data=data)
    except GameError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Done: %(action)s.") % {"action": ACTIONS[action]})
    return redirect("moderate-game", pk=pk)


@require_GET
@moderator_required
def moderate_omniscient(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole position of a game, every hand and both decks: moderators only."""
    game = get_object_or_404(Game, pk=pk)
    return render(
        request,
        "games/moderate_omniscient.html",
        {"game": game, "summary": json.dumps(game_omniscient(game=game), indent=2, default=str)},
    )


@require_GET
@moderator_required
def moderate_audit(request: HttpRequest) -> HttpResponse:
    """Every moderator action: who, what, when, why and in which game."""
    return render(request, "games/moderate_audit.html", {"activity": moderator_activity()})
