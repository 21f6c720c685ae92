"""The history page of a game: the moves in words and a replay slider, for a seat or anyone.

``?at=N`` shows the board after move N; ``board/`` is the htmx fragment the
slider and the Previous/Next links swap in, which pushes the page's ``?at=N`` to
the address bar and moves the slider with it. One page for every game: its kind
gives the moves in words and the board (``history_context``), the page adds the
notes at the table (chat, moderators' actions, timeouts), its hash chain (the
hash after each event and the head, ``games.store.hashes``) and, once the game is
over, its revealed deal (the kind's ``_deal.html``), its record to download and
the salt that opens its fairness commitment.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET
from django_htmx.http import push_url, trigger_client_event

from games.display import game_label
from games.kinds import kind_of
from games.models import Game, Seat
from games.people.profiles import profile_links
from games.play.levels import LEVEL_NAMES, bot_levels
from games.play.selectors import VERIFY_CHAIN_COMMAND, game_record
from games.play.tables import table_for
from games.store.hashes import chain_hashes
from games.web.views import link_seat


def _at(request: HttpRequest) -> int | None:
    try:
        return int(request.GET["at"])
    except (KeyError, ValueError):
        return None


def _page(request: HttpRequest, game: Game, seat: Seat | None, fragment: bool) -> HttpResponse:
    base = request.path.removesuffix("board/")
    kind = kind_of(game.kind)
    table = table_for(game=game, seat=seat)
    context = kind.history_context(table=table, at=_at(request))
    context.update(
        game=game,
        seat=seat,
        label=game_label(game),
        base=base,
        profiles=profile_links(seats=game.seats.select_related("player")),
        bots=[(name, LEVEL_NAMES[level]) for name, level in bot_levels(game).items()],
        game_stylesheet=kind.STYLESHEET,
        game_url=base.removesuffix("history/"),
        replay_template=f"games/{game.kind}/_replay.html",
    )
    if fragment:
        return _replay_moved(request, render(request, context["replay_template"], context), context)
    context.update(
        notes=table.history().notes,
        revealed=table.revealed(),
        deal_template=f"games/{game.kind}/_deal.html",
        chain=chain_hashes(game=game),
        verify_chain=VERIFY_CHAIN_COMMAND,
    )
    return render(request, "games/history.html", context)


def _replay_moved(
    request: HttpRequest, response: HttpResponse, context: dict[str, Any]
) -> HttpResponse:
    """Keep the address bar and the slider at the board the fragment shows.

    htmx pushes the page's own ``?at=N`` (so the position can be shared and the back
    button returns to the one before), and ``history.js`` moves the slider there.
    """
    if not request.htmx:  # type: ignore[attr-defined]
        return response
    at, count = context["at"], context["count"]
    push_url(response, f"{context['base']}?{urlencode({'at': at})}")
    label = gettext("move %(at)s of %(count)s") % {"at": at, "count": count}
    trigger_client_event(response, "replay-moved", {"at": at, "label": label}, after="settle")
    return response


@require_GET
def play_history(request: HttpRequest, token: str) -> HttpResponse:
    """The history as the seat saw it (its own past hands included)."""
    seat = link_seat(request, token)
    return _page(request, seat.game, seat, fragment=False)


@require_GET
def play_history_board(request: HttpRequest, token: str) -> HttpResponse:
    """The seat's board after move ``?at=N`` (the slider's fragment)."""
    seat = link_seat(request, token)
    return _page(request, seat.game, seat, fragment=True)


@require_GET
def game_history(request: HttpRequest, pk: int) -> HttpResponse:
    """The history as a spectator sees it."""
    return _page(request, get_object_or_404(Game, pk=pk), None, fragment=False)


@require_GET
def game_history_board(request: HttpRequest, pk: int) -> HttpResponse:
    """A spectator's board after move ``?at=N``."""
    return _page(request, get_object_or_404(Game, pk=pk), None, fragment=True)


@require_GET
def game_record_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The finished game's ``pbem-record/1`` as a file (every hand and the salt included)."""
    game = get_object_or_404(Game, pk=pk)
    if not game.is_over:
        raise Http404("The record is published when the game is over.")
    response = HttpResponse(
        json.dumps(game_record(game=game), indent=1), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-{game.pk}.json"'
    return response
