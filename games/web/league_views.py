"""League pages: the list of leagues, and a league's rounds, tables and standings.

A signed-in player with an account starts a league on the list, and signs up
(or withdraws) from the list or the league's page while its sign-up is open:
POSTs with CSRF, each counted against its client network's share (and a new
league against the account's); the refusal says why, in the reader's language.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from games.errors import GameError
from games.leagues import services
from games.leagues.selectors import league_entry_of, league_view, leagues_list
from games.leagues.standings import POINTS
from games.models import League, LeagueEntry, Player
from games.people.accounts import player_of_email
from games.play.refusals import refusal_text
from games.play.sign_in import counted
from games.web.clients import client_limited, too_many_text
from games.web.league_forms import LeagueForm
from games.web.lobby_forms import focus_first_error

LEAGUE_CREATE_LIMIT = 3
LEAGUE_CREATE_WINDOW = timedelta(days=1)
"""Leagues one account, and one client network, may start a day."""
SIGNUP_LIMIT = 30
SIGNUP_WINDOW = timedelta(hours=1)
"""Sign-ups and withdrawals one client network may send an hour."""


def _signed_in_player(request: HttpRequest) -> tuple[bool, Player | None]:
    """Whether the reader is signed in by email, and his account if he has made one."""
    address = request.session.get("email")
    return bool(address), player_of_email(email=address) if address else None


def _create_limited(request: HttpRequest, player: Player) -> bool:
    """Count one more league started by ``player`` and from the request's network; whether
    either is past its share of the day."""
    window = LEAGUE_CREATE_WINDOW
    by_account = counted(f"league-create:player:{player.pk}", window=window)
    by_network = client_limited(
        request, action="league-create", limit=LEAGUE_CREATE_LIMIT, window=window
    )
    return by_account > LEAGUE_CREATE_LIMIT or by_network


@require_http_methods(["GET", "POST"])
def league_list(request: HttpRequest) -> HttpResponse:
    """Every league, the latest sign-up first, each open sign-up with its button; a player
    with an account starts a league here (a POST with CSRF), within his share of the day."""
    signed_in, player = _signed_in_player(request)
    form = LeagueForm(request.POST if request.method == "POST" else None)
    status, now = 200, timezone.now()
    if request.method == "POST":
        if player is None:
            form.add_error(
                None,
                gettext(
                    "Sign in and choose a handle first: a league is started by a player "
                    "with an account."
                ),
            )
            status = 403
        elif not form.is_valid():
            status = 400
        elif _create_limited(request, player):
            form.add_error(None, too_many_text(LEAGUE_CREATE_WINDOW))
            status = 429
        else:
            try:
                league = services.league_create(**form.league(now))
            except GameError as refusal:
                form.add_error(None, refusal_text(refusal))
                status = 400
            else:
                return redirect("league", pk=league.pk)
    focus_first_error(form)
    entered = set(
        LeagueEntry.objects.filter(player=player).values_list("league_id", flat=True)
        if player
        else []
    )
    rows = [
        {
            "league": league,
            "signup_open": _signup_open(league, now),
            "entered": league.pk in entered,
        }
        for league in leagues_list()
    ]
    context = {"rows": rows, "form": form, "player": player, "signed_in": signed_in}
    return render(request, "games/leagues/list.html", context, status=status)


def _signup_open(league: League, now: datetime) -> bool:
    return (
        league.status == League.Status.SIGNUP
        and league.signup_opens_at <= now < league.signup_closes_at
    )


@require_http_methods(["GET", "POST"])
def league_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A league: its sign-up while open, its rounds' tables and the standings."""
    league = get_object_or_404(League, pk=pk)
    signed_in, player = _signed_in_player(request)
    error, status = "", 200
    if request.method == "POST" and client_limited(
        request, action="league-signup", limit=SIGNUP_LIMIT, window=SIGNUP_WINDOW
    ):
        error, status = too_many_text(SIGNUP_WINDOW), 429
    elif request.method == "POST":
        now = timezone.now()
        try:
            if request.POST.get("action") == "withdraw" and player is not None:
                services.league_withdraw(league=league, player=player, now=now)
            else:
                language = translation.get_language() or "en"
                services.league_sign_up(league=league, player=player, language=language, now=now)
        except GameError as refusal:
            error, status = refusal_text(refusal), 400
        else:
            return redirect("league", pk=league.pk)
        league.refresh_from_db()
    return render(
        request,
        "games/leagues/league.html",
        {
            "view": league_view(league=league),
            "player": player,
            "signed_in": signed_in,
            "entry": league_entry_of(league=league, player=player),
            "signup_open": _signup_open(league, timezone.now()),
            "points": sorted(POINTS.items()),
            "error": error,
        },
        status=status,
    )
