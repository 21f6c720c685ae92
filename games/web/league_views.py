"""League pages: the list of leagues, and a league's rounds, tables and standings.

A signed-in player with an account signs up (or withdraws) on the league's
page while its sign-up is open: a POST with CSRF; the refusal says why, in
the reader's language.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.views.decorators.http import require_http_methods

from games.errors import GameError
from games.leagues import services
from games.leagues.selectors import league_entry_of, league_view, leagues_list
from games.leagues.standings import POINTS
from games.models import League
from games.people.accounts import player_of_email
from games.play.refusals import refusal_text


def league_list(request: HttpRequest) -> HttpResponse:
    """Every league, the latest sign-up first."""
    return render(request, "games/leagues/list.html", {"leagues": leagues_list()})


@require_http_methods(["GET", "POST"])
def league_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A league: its sign-up while open, its rounds' tables and the standings."""
    league = get_object_or_404(League, pk=pk)
    address = request.session.get("email")
    player = player_of_email(email=address) if address else None
    error = ""
    if request.method == "POST":
        now = timezone.now()
        try:
            if request.POST.get("action") == "withdraw" and player is not None:
                services.league_withdraw(league=league, player=player, now=now)
            else:
                language = translation.get_language() or "en"
                services.league_sign_up(league=league, player=player, language=language, now=now)
        except GameError as refusal:
            error = refusal_text(refusal)
        else:
            return redirect("league", pk=league.pk)
        league.refresh_from_db()
    return render(
        request,
        "games/leagues/league.html",
        {
            "view": league_view(league=league),
            "player": player,
            "signed_in": bool(address),
            "entry": league_entry_of(league=league, player=player),
            "signup_open": league.status == League.Status.SIGNUP
            and league.signup_opens_at <= timezone.now() < league.signup_closes_at,
            "points": sorted(POINTS.items()),
            "error": error,
        },
        status=400 if error else 200,
    )
