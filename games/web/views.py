"""The seat's play page, ``/play/<token>/``: the position, the hand, the legal moves.

A GET never changes anything (mail scanners open links); a move is a POST with
CSRF, then a redirect back to the page.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from engine.base import IllegalMove
from games import selectors, services
from games.errors import GameError
from games.links import seat_from_token
from games.loading import engine_for
from games.models import Seat

HISTORY = 12


def _seat(token: str) -> Seat:
    seat = seat_from_token(token)
    if seat is None:
        raise Http404("This play link is not valid (any more).")
    return seat


@require_http_methods(["GET", "POST"])
def play(request: HttpRequest, token: str) -> HttpResponse:
    """Show the seat's view of its game; on POST, submit the move in text notation."""
    seat = _seat(token)
    game = seat.game
    engine = engine_for(game)
    if request.method == "POST":
        try:
            services.move_submit(
                game=game,
                seat=seat,
                move=engine.parse_move(request.POST.get("move", "")),
                expected_seq=int(request.POST.get("expected_seq", "-1")),
            )
        except (IllegalMove, GameError) as error:
            messages.error(request, error.message)
        except ValueError:
            messages.error(request, "The form was incomplete; reload the page and try again.")
        return redirect(request.path)
    view = selectors.game_state(game=game, seat=seat)
    legal = selectors.game_legal_moves(game=game, seat=seat)
    history = selectors.game_history(game=game, after=max(game.last_seq - HISTORY, 0))
    context = {
        "game": game,
        "seat": seat,
        "view": view,
        "me": view["players"][seat.display_name],
        "legal": [engine.format_move(move) for move in legal],
        "history": [
            {**event, "notation": engine.format_move(event["payload"]["move"])}
            if event["type"] == "move"
            else event
            for event in reversed(history)
        ],
    }
    return render(request, "games/play.html", context)
