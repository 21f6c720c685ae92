"""Players' pages: the handle chosen at the first sign-in, profiles and the leaderboards."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from engine.base import GAMES, get_game
from games.errors import GameError
from games.play.refusals import refusal_text
from games.players import accounts
from games.players.profiles import LEADERBOARD_MIN_GAMES, leaderboard, player_profile


@require_http_methods(["GET", "POST"])
def handle_choose(request: HttpRequest) -> HttpResponse:
    """The signed-in address picks its public handle; a POST (CSRF) makes the account."""
    address = request.session.get("email")
    if not address:
        return redirect("sign-in")
    if accounts.player_of_email(email=address) is not None:
        return redirect("my-games")
    handle, error = "", ""
    if request.method == "POST":
        handle = request.POST.get("handle", "")[:200]
        try:
            player = accounts.player_create(email=address, handle=handle)
        except GameError as refusal:
            error = refusal_text(refusal)
        else:
            return redirect("player-profile", handle=player.handle)
    return render(
        request,
        "games/players/handle.html",
        {"handle": handle, "error": error},
        status=400 if error else 200,
    )


def player_page(request: HttpRequest, handle: str) -> HttpResponse:
    """A player's public profile: figures per game kind and his games."""
    player = accounts.player_of_handle(handle=handle)
    if player is None:
        raise Http404("No player has that handle.")
    return render(request, "games/players/profile.html", {"profile": player_profile(player=player)})


def leaderboard_page(request: HttpRequest, kind: str = GAMES[0]) -> HttpResponse:
    """The leaderboard of one game kind (``/leaderboard/``: the first game's)."""
    if kind not in GAMES:
        raise Http404("No such game.")
    kinds = [(name, get_game(name).TITLE) for name in GAMES]
    return render(
        request,
        "games/players/leaderboard.html",
        {
            "kind": kind,
            "title": get_game(kind).TITLE,
            "kinds": kinds,
            "ratings": leaderboard(kind=kind),
            "min_games": LEADERBOARD_MIN_GAMES,
        },
    )
