"""Pages around email: mail preferences, one-click unsubscribe, sign-in and "my games",
the inbound-mail webhook, and the development mailbox.

GETs never change anything (mail scanners open links); changes are POSTs
with CSRF, except RFC 8058's one-click unsubscribe (a POST a mail provider
makes, authorised by the secret in its URL) and the webhook (a shared secret).
"""

from __future__ import annotations

import hmac
import logging
from datetime import datetime

from csp.decorators import csp_update
from django import forms
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from games.display import deadline_local, game_label, local_time
from games.errors import GameError
from games.interventions.services import vacation_days_used, vacation_start
from games.mail.inbound import MAX_MESSAGE, mail_receive
from games.models import Game, MailPreference, Seat
from games.people.accounts import player_of_email, seats_claim
from games.people.locales import seat_locale_set
from games.play import recipients
from games.play.links import seat_from_mail_settings_token, seat_from_token, seat_token
from games.play.refusals import refusal_text
from games.play.sign_in import (
    SIGN_IN_EMAIL_LIMIT,
    SIGN_IN_EMAIL_WINDOW,
    SignInClientLimited,
    seats_of_email,
    sign_in_request,
    sign_in_spend,
    sign_in_valid,
)
from games.timecontrol.deadlines import time_control, zone_of
from games.web import mailbox
from games.web.clients import client_address
from games.web.lobby_forms import PlaceForm, focus_first_error, zone_first_guess
from games.web.notice_settings import calendar_part, channels_part, hours_part
from games.web.views import speak

log = logging.getLogger(__name__)


PAGE_OF = {"play": "mail-preferences", "mail": "mail-settings"}
"""The two ways into a seat's mail settings, each the name of its page's route: ``play`` by
the seat token (the page reached while playing), ``mail`` by the mail-settings token of its
emails' links, which opens nothing else."""


def _settings_seat(token: str, way: str) -> Seat:
    """The seat whose mail settings ``token`` opens by ``way`` (a key of :data:`PAGE_OF`)."""
    seat = seat_from_token(token) if way == "play" else seat_from_mail_settings_token(token)
    if seat is None:
        raise Http404("This mail settings link is not valid (any more).")
    return seat


class VacationForm(forms.Form):
    """Whole days of vacation, starting now."""

    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=366)


def _vacation(seat: Seat, now: datetime) -> dict[str, object]:
    """What the seat's settings say of vacations: the days its game allows a year, those
    left this year on the seat's calendar, and the end of one under way."""
    allowed = time_control(seat.game.options).vacation_days
    used = vacation_days_used(seat=seat, year=now.astimezone(zone_of(seat)).year)
    until = seat.vacation_until
    return {
        "allowed": allowed,
        "left": max(allowed - used, 0),
        "until": local_time(until.isoformat(), seat.time_zone) if until and until > now else "",
        "possible": seat.game.status == Game.Status.ACTIVE,
    }


@require_http_methods(["GET", "POST"])
def preferences(request: HttpRequest, token: str, way: str) -> HttpResponse:
    """The seat's settings: how it hears of turns (its emails and webhook channels) and in
    which playing hours, its player's calendar feed, its language and time zone, and (by
    the seat token alone, the way in that acts as the seat) a vacation. A POST (CSRF)
    changes what its button sends. The page speaks the seat's language (the one just saved)
    unless the reader chose one with the page's language buttons."""
    seat = _settings_seat(token, way)
    speak(request, seat.language)
    action = request.POST.get("action", "settings") if request.method == "POST" else ""
    # a form of the mail preference alone (a page of before the language and zone were on
    # it) leaves them as they are
    asked = action == "settings" and "time_zone" in request.POST
    place = PlaceForm(request.POST if asked else None)
    zone_first_guess(place, request, saved=seat.time_zone)
    place.initial["language"] = seat.language
    vacation = VacationForm(request.POST if action == "vacation" and way == "play" else None)
    saved, refusal = False, ""
    if action == "settings" and (place.is_valid() or not asked):
        choice = request.POST.get("preference", "")
        if choice in MailPreference.values:
            recipients.seat_mail_preference_set(seat=seat, preference=choice)
        if asked:
            seat_locale_set(seat=seat, **place.cleaned_data)
            speak(request, seat.language)
        saved = True
    elif vacation.is_valid():
        try:
            vacation_start(game=seat.game, seat=seat, days=vacation.cleaned_data["days"])
        except GameError as error:
            refusal = refusal_text(error)
        else:
            seat.refresh_from_db()
            saved = True
    channels = channels_part(request, seat, action)
    playing_hours = hours_part(request, seat, action)
    focus_first_error(place)
    focus_first_error(vacation)
    focus_first_error(channels.form)
    focus_first_error(playing_hours.form)
    context = {
        "seat": seat,
        "choices": MailPreference.choices,
        "saved": saved,
        "place": place,
        "vacation_form": vacation if way == "play" else None,
        "vacation": _vacation(seat, timezone.now()),
        "refusal": refusal,
        "play_token": token if way == "play" else None,
        "channels": channels,
        "hours": playing_hours,
        "calendar": calendar_part(seat, action),
    }
    failed = refusal or place.errors or vacation.errors or playing_hours.form.errors
    status = 400 if failed else channels.status
    return render(request, "games/preferences.html", context, status=status)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str, way: str) -> HttpResponse:
    """RFC 8058 one-click unsubscribe: a POST stops the seat's emails; a GET only shows the page."""
    seat = _settings_seat(token, way)
    if request.method == "GET":
        return redirect(PAGE_OF[way], token=token)
    recipients.seat_mail_preference_set(seat=seat, preference=MailPreference.NONE)
    return HttpResponse("Unsubscribed: no more emails for this seat.\n", content_type="text/plain")


@csrf_exempt
@require_http_methods(["GET", "POST"])
def never_invite(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation email's "never invite me" (RFC 8058 one-click, as for turn emails): a POST
    puts the address on the opt-out list, after which no invitation is mailed to it, and a POST
    of ``invitations=welcome`` takes it off again; a GET only shows the page with its button."""
    email_hash = recipients.never_invite_hash(token)
    if email_hash is None:
        raise Http404("This link is not valid.")
    if request.method == "POST":
        if request.POST.get("invitations") == "welcome":
            recipients.invitations_welcome(email_hash=email_hash)
        else:
            recipients.never_invite(email_hash=email_hash)
    refused = recipients.invites_refused_hash(email_hash)
    return render(request, "games/invitation_never.html", {"refused": refused})


@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    """Ask for a sign-in link by email (the answer never tells whether the address plays)."""
    sent = False
    if request.method == "POST":
        address = request.POST.get("email", "").strip()[:254]
        if "@" in address:
            try:
                sign_in_request(email=address, client_ip=client_address(request))
            except SignInClientLimited as refusal:
                context = {"limited": refusal.params["minutes"]}
                return render(request, "games/sign_in.html", context, status=429)
            sent = True
    context = {
        "sent": sent,
        "email_limit": SIGN_IN_EMAIL_LIMIT,
        "email_minutes": int(SIGN_IN_EMAIL_WINDOW.total_seconds()) // 60,
    }
    return render(request, "games/sign_in.html", context)


@require_http_methods(["GET", "POST"])
def sign_in_link(request: HttpRequest, token: str) -> HttpResponse:
    """GET shows a button; its POST spends the token and signs the address in: its account
    claims the address's seats, or the player picks a handle to make one."""
    if request.method == "POST":
        address = sign_in_spend(token=token)
        if address is None:
            return render(request, "games/sign_in_link.html", {"valid": False}, status=410)
        request.session.cycle_key()
        request.session["email"] = address
        player = player_of_email(email=address)
        if player is None:
            return redirect("player-handle")
        seats_claim(player=player)
        return redirect("my-games")
    valid = sign_in_valid(token=token)
    return render(
        request, "games/sign_in_link.html", {"valid": valid}, status=200 if valid else 410
    )


def my_games(request: HttpRequest) -> HttpResponse:
    """The games of the signed-in address, each with its seat's link."""
    address = request.session.get("email")
    if not address:
        return redirect("sign-in")
    rows = [
        {
            "seat": seat,
            "token": seat_token(seat),
            "label": game_label(seat.game),
            "waiting": seat.game.status == Game.Status.ACTIVE
            and seat.display_name in seat.game.to_move,
            "deadline_local": deadline_local(seat.game, seat) if seat.deadline_at else "",
        }
        for seat in seats_of_email(email=address)
    ]
    return render(
        request,
        "games/my_games.html",
        {"email": address, "rows": rows, "player": player_of_email(email=address)},
    )


@csrf_exempt
@require_POST
def inbound(request: HttpRequest) -> HttpResponse:
    """Webhook for received mail: the raw RFC 822 message as the body, a shared secret as Bearer."""
    secret = settings.INBOUND_MAIL_SECRET
    if not secret:
        raise Http404("Inbound mail is not enabled here.")
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), secret.encode()):
        log.warning("inbound mail webhook: wrong secret from %s", request.META.get("REMOTE_ADDR"))
        return HttpResponseForbidden("wrong secret\n")
    raw = request.read(MAX_MESSAGE + 1)
    if len(raw) > MAX_MESSAGE:
        return JsonResponse({"outcome": "too_large"}, status=413)
    return JsonResponse({"outcome": mail_receive(raw=raw)})


def _debug_only() -> None:
    """Only the embedded default with DEBUG on has the development mailbox (``DEV_MAILBOX``)."""
    if not (settings.DEV_MAILBOX and settings.DEBUG):
        raise Http404("The development mailbox exists only on the embedded default.")


def dev_mailbox(request: HttpRequest) -> HttpResponse:
    """The development mailbox: every email the embedded default wrote, newest first."""
    _debug_only()
    return render(request, "games/dev_mailbox.html", {"messages": mailbox.mailbox_list()})


# django-csp types a view as taking the request alone
@csp_update(mailbox.EMAIL_POLICY)  # type: ignore[arg-type]
@require_http_methods(["GET", "POST"])
def dev_mail(request: HttpRequest, name: str) -> HttpResponse:
    """One email of the development mailbox, links clickable, picture shown; a POST replies to
    it by the same path as a real reply (``mail_receive``)."""
    _debug_only()
    message = mailbox.mailbox_message(name)
    if message is None:
        raise Http404("No such message.")
    outcome = None
    if request.method == "POST":
        outcome = mail_receive(raw=mailbox.mailbox_reply(name, request.POST.get("reply", "")))
    return render(request, "games/dev_mail.html", {"message": message, "reply_outcome": outcome})
