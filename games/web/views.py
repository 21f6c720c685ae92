"""The game page: a seat's at ``/play/<token>/``, a spectator's at ``/games/<id>/``.

A GET never changes anything (mail scanners open links); a move is a POST
with CSRF that calls ``move_submit`` with the ``expected_seq`` and a
``move_id`` the page was rendered with, so a double click is applied once.
Fragments: ``poll/`` answers 204 while nothing has happened and the fresh
play area once someone moved; ``confirm/`` says in words what a move would do.
"""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.db.models import Prefetch, prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from engine.base import IllegalMove
from games.display import deadline_local, game_label
from games.errors import GameError
from games.kinds import kind_of
from games.models import Game, Seat
from games.people.profiles import profile_links
from games.play import services
from games.play.links import seat_from_token
from games.play.refusals import refusal_text
from games.play.tables import table_for
from games.play.takebacks import takeback_pending
from games.store.loading import engine_for
from games.timecontrol.deadlines import deadline_for
from games.timecontrol.hours import hours_shown
from games.web.queued_form import queued_context
from games.web.standing_form import standing_context

SELECTION_KEYS = ("card", "field", "move", "stack")


def speak(request: HttpRequest, language: str) -> None:
    """Speak ``language`` unless the reader chose one on the page (the language cookie)."""
    if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
        translation.activate(language)
        request.LANGUAGE_CODE = language


def link_seat(request: HttpRequest, token: str) -> Seat:
    """The seat of the play link ``token`` (404 if none), speaking the seat's language."""
    seat = seat_from_token(token)
    if seat is None:
        raise Http404("This play link is not valid (any more).")
    speak(request, seat.language)
    return seat


def _context(request: HttpRequest, game: Game, seat: Seat | None) -> dict[str, Any]:
    selection = {key: request.GET[key][:80] for key in SELECTION_KEYS if key in request.GET}
    base = request.path.removesuffix("poll/").removesuffix("confirm/")
    # One read of the seats (with their accounts) for the table and the profile links.
    prefetch_related_objects([game], Prefetch("seats", Seat.objects.select_related("player")))
    table = table_for(game=game, seat=seat)
    kind = kind_of(game.kind)
    context = kind.page_context(table=table, selection=selection)
    refusal = context.get("refusal")
    if refusal is not None:
        context["confirmation"] = refusal_text(refusal)
    context.update(
        game=game,
        seat=seat,
        your_turn=bool(table.legal),
        game_stylesheet=kind.STYLESHEET,
        play_area_template=f"games/{game.kind}/_play_area.html",
        deadline=deadline_for(game, seat),
        deadline_local=deadline_local(game, seat),
        time_zone=seat.time_zone if seat is not None else "UTC",
        label=game_label(game),
        base=base,
        poll_url=f"{base}poll/?{urlencode({'seq': game.last_seq, **selection})}",
        confirm_url=f"{base}confirm/",
        history_url=f"{base}history/",
        move_id=secrets.token_hex(12),
        live=game.status in (Game.Status.ACTIVE, Game.Status.PAUSED),
        # How the scores came about, once the game ended by its rules (not adjudicated)
        score_sheets=kind.score_sheets(table) if table.engine.result(table.state) else [],
        profiles=profile_links(seats=game.seats.all()),
        playing_hours=[
            (each.display_name, shown) for each in game.seats.all() if (shown := hours_shown(each))
        ],
        # A seat asked to agree to a takeback answers it in the banner, above the controls.
        takeback=takeback_pending(game)
        if seat is not None and game.status == Game.Status.ACTIVE
        else None,
        **standing_context(game, seat),
        **queued_context(game, seat, table),
    )
    return context


def seat_page(request: HttpRequest, seat: Seat, *, status: int = 200, **extra: Any) -> HttpResponse:
    """The seat's game page with ``extra`` in its context: a refused form's input and why."""
    context = _context(request, seat.game, seat)
    context.update(extra)
    return render(request, f"games/{seat.game.kind}/game.html", context, status=status)


def _submit(request: HttpRequest, seat: Seat) -> str | None:
    """Submit the posted move; the refusal's words when it is refused, else ``None``."""
    engine = engine_for(seat.game)
    try:
        services.move_submit(
            game=seat.game,
            seat=seat,
            move=engine.parse_move(request.POST.get("move", "")),
            expected_seq=int(request.POST.get("expected_seq", "-1")),
            move_id=request.POST.get("move_id", "")[:64] or None,
        )
    except (IllegalMove, GameError) as error:
        return refusal_text(error)
    except ValueError:
        return _("The form was incomplete; reload the page and try again.")
    return None


@require_http_methods(["GET", "POST"])
def play(request: HttpRequest, token: str) -> HttpResponse:
    """The seat's game page; a POST submits its move (text notation) and comes back here.

    A refused move comes back as a message above the board, a refused typed move as
    the page itself with the text typed and why beside it."""
    seat = link_seat(request, token)
    if request.method == "POST":
        refusal = _submit(request, seat)
        if refusal is None:
            return redirect(request.path)
        if "typed" not in request.POST:
            messages.error(request, refusal)
            return redirect(request.path)
        # A typed move comes back with its text and the refusal beside it, so the
        # player can mend what they typed.
        return seat_page(
            request, seat, typed_move=request.POST.get("move", "")[:200], typed_error=refusal
        )
    return render(request, f"games/{seat.game.kind}/game.html", _context(request, seat.game, seat))


def _poll(request: HttpRequest, game: Game, seat: Seat | None) -> HttpResponse:
    if request.GET.get("seq") == str(game.last_seq):
        return HttpResponse(status=204)
    context = _context(request, game, seat)
    return render(request, context["play_area_template"], context)


@require_GET
def play_poll(request: HttpRequest, token: str) -> HttpResponse:
    """204 while the game is where the page saw it; else the seat's fresh play area."""
    seat = link_seat(request, token)
    return _poll(request, seat.game, seat)


@require_GET
def play_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """What the move in ``?move=`` would do, in words, with the button that makes it."""
    seat = link_seat(request, token)
    context = _context(request, seat.game, seat)
    controls = context["controls"]
    if controls is None or controls.move is None:
        context["confirmation"] = context.get("confirmation") or _(
            "That is not one of your moves now."
        )
    return render(request, "games/_confirm.html", context)


@require_GET
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A spectator's game page: the board and the players, no hand."""
    game = get_object_or_404(Game, pk=pk)
    return render(request, f"games/{game.kind}/game.html", _context(request, game, None))


@require_GET
def game_poll(request: HttpRequest, pk: int) -> HttpResponse:
    """204 while the game is unchanged; else the spectator's fresh play area."""
    return _poll(request, get_object_or_404(Game, pk=pk), None)
