"""Players' pages: the handle chosen at the first sign-in, profiles and the leaderboards, and a
signed-in player's own data: its download as JSON, the deletion of his account and signing out."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.http import require_http_methods, require_POST

from engine.base import GAMES, get_game
from games.errors import GameError
from games.models import Player
from games.people import accounts
from games.people.locales import player_locale_set
from games.people.privacy import account_delete, player_data
from games.people.profiles import LEADERBOARD_MIN_GAMES, leaderboard, player_profile
from games.play.refusals import refusal_text
from games.web.lobby_forms import PlaceForm, zone_first_guess


@require_http_methods(["GET", "POST"])
def handle_choose(request: HttpRequest) -> HttpResponse:
    """The signed-in address picks its public handle, its language and time zone (the zone
    guessed from the browser); a POST (CSRF) makes the account and gives the language and
    zone to the seats of its games still to be played."""
    address = request.session.get("email")
    if not address:
        return redirect("sign-in")
    if accounts.player_of_email(email=address) is not None:
        return redirect("my-games")
    handle, error = request.POST.get("handle", "")[:200], ""
    # a form without the two fields (a page of before they were asked) leaves the seats as
    # they are
    asked = "time_zone" in request.POST
    place = PlaceForm(request.POST if asked else None, initial={"language": get_language()})
    zone_first_guess(place, request, saved="UTC")
    if request.method == "POST" and (place.is_valid() or not asked):
        try:
            player = accounts.player_create(email=address, handle=handle)
        except GameError as refusal:
            error = refusal_text(refusal)
        else:
            if asked:
                player_locale_set(player=player, **place.cleaned_data)
            return redirect("player-profile", handle=player.handle)
    return render(
        request,
        "games/players/handle.html",
        {"handle": handle, "error": error, "place": place},
        status=400 if error or place.errors else 200,
    )


def player_page(request: HttpRequest, handle: str) -> HttpResponse:
    """A player's public profile: figures per game kind and his games."""
    player = accounts.player_of_handle(handle=handle)
    if player is None:
        raise Http404("No player has that handle.")
    profile = player_profile(player=player, now=timezone.now())
    return render(request, "games/players/profile.html", {"profile": profile})


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


def _signed_in_player(request: HttpRequest) -> Player | None:
    address = request.session.get("email")
    return accounts.player_of_email(email=address) if address else None


@require_http_methods(["GET"])
def my_data(request: HttpRequest) -> HttpResponse:
    """The signed-in player's data as a JSON file (``games.people.privacy.player_data``)."""
    player = _signed_in_player(request)
    if player is None:
        return redirect("sign-in")
    data = player_data(player=player, now=timezone.now())
    response = HttpResponse(
        json.dumps(data, indent=1, ensure_ascii=False), content_type="application/json"
    )
    response["Content-Disposition"] = 'attachment; filename="my-data.json"'
    return response


@require_http_methods(["GET", "POST"])
def account_delete_page(request: HttpRequest) -> HttpResponse:
    """The signed-in player deletes his account: the GET asks, a POST with the confirmation
    box ticked (CSRF) deletes it and signs him out."""
    player = _signed_in_player(request)
    if player is None:
        return redirect("sign-in")
    missing = request.method == "POST" and request.POST.get("confirm") != "yes"
    if request.method == "POST" and not missing:
        account_delete(player=player, now=timezone.now())
        request.session.flush()
        return render(request, "games/players/deleted.html")
    return render(
        request,
        "games/players/delete.html",
        {"player": player, "missing": missing},
        status=400 if missing else 200,
    )


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    """End the signed-in session (a POST with CSRF): its data goes from the session store, so
    a copy of its cookie opens nothing either."""
    request.session.flush()
    return redirect("dashboard")
