"""The lobby: create a game (``/games/new/``), the host's page, invitations and open seats.

GETs show; POSTs (with CSRF) create, accept and join through ``games.play.lobby`` and
``games.play.open_seats``, and confirm an open seat's address. An invitation link opens
nothing once accepted (the host and anyone he passed it to know it): the accepter alone
gets his seat's play page, or his own link (``lobby.acceptance_token``) until it is dealt.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from games.errors import GameError
from games.models import Invitation, Table
from games.people.reliability import reliabilities_of_emails
from games.play import lobby, open_seats, recipients
from games.play.links import seat_token
from games.play.refusals import refusal_text
from games.web.clients import client_address
from games.web.lobby_forms import (
    JoinForm,
    SeatForm,
    TableForm,
    focus_first_error,
    seat_given,
    standing_fields_add,
    zone_first_guess,
)
from games.web.views import speak


@require_http_methods(["GET", "POST"])
def lobby_new(request: HttpRequest) -> HttpResponse:
    """The form for a new game; its POST opens the table and sends the invitations.

    A network past its share of tables that invite by email gets the form back with
    429 and when it may try again. A signed-in host's address is the form's first guess of his
    own (it names him on the dashboard's open tables once he takes a seat with it)."""
    form = TableForm(request.POST or None, initial={"host_email": request.session.get("email")})
    if request.method == "POST" and form.is_valid():
        try:
            table = lobby.table_create(
                kind=form.cleaned_data["game"],
                seats=form.seats(),
                options=form.options(),
                name=form.cleaned_data["name"],
                host_email=form.cleaned_data["host_email"],
                min_reliability=form.cleaned_data["min_reliability"],
                listed=form.cleaned_data["listed"],
                client_ip=client_address(request),
            )
        except lobby.InvitationsLimited as refusal:
            form.add_error(
                None,
                gettext(
                    "Too many games with invitations came from your network; "
                    "try again in %(minutes)s minutes."
                )
                % {"minutes": refusal.params["minutes"]},
            )
            return render(request, "games/lobby_new.html", {"form": form}, status=429)
        except GameError as error:
            form.add_error(None, refusal_text(error))
        else:
            return redirect("lobby-table", token=lobby.table_token(table))
    focus_first_error(form)
    return render(request, "games/lobby_new.html", {"form": form})


def _seat_rows(table: Table) -> list[dict[str, object]]:
    """Each seat with its invitation link and, for a player with an account who has taken
    his seat, his reliability. An invited address's figure is not shown before its owner
    accepts: the host would learn from it which address belongs to which account."""
    invitations = list(table.invitations.order_by("position"))
    taken = [
        invitation
        for invitation in invitations
        if invitation.accepted_at is not None and invitation.kind != Invitation.Kind.BOT
    ]
    figures = reliabilities_of_emails(
        emails=[invitation.email for invitation in taken], now=timezone.now()
    )
    return [
        {
            "invitation": invitation,
            "link": lobby.invitation_link(invitation),
            "reliability": figures.get(invitation.email.lower()) if invitation in taken else None,
        }
        for invitation in invitations
    ]


@require_http_methods(["GET"])
def lobby_table(request: HttpRequest, token: str) -> HttpResponse:
    """The host's page: who has taken a seat, the links to pass on, the game once dealt."""
    table = lobby.table_from_token(token)
    if table is None:
        raise Http404("This table link is not valid.")
    open_seats = table.invitations.filter(kind=Invitation.Kind.OPEN, accepted_at__isnull=True)
    context = {
        "table": table,
        "rows": _seat_rows(table),
        "open_seats": open_seats.count(),
        "open_seat_token": lobby.open_seat_token(table),
        "unmailed": _unmailed(table),
    }
    return render(request, "games/lobby_table.html", context)


def _unmailed(table: Table) -> list[dict[str, object]]:
    """The open invitations whose email was not sent, each with its link for the host to pass
    on himself and whether its address refuses invitations (or only had its share today)."""
    if table.status != Table.Status.OPEN:
        return []
    waiting = table.invitations.filter(kind=Invitation.Kind.EMAIL, accepted_at__isnull=True)
    return [
        {
            "invitation": invitation,
            "link": lobby.invitation_link(invitation),
            "refused": recipients.invites_refused(invitation.email),
        }
        for invitation in waiting.order_by("position")
        if not lobby.invitation_mailed(invitation)
    ]


def _accepted(invitation: Invitation) -> HttpResponse:
    """The answer to the one who has just taken a seat, and to him alone."""
    if invitation.seat is not None:
        return redirect("play", token=seat_token(invitation.seat))
    return redirect("invitation-accepted", token=lobby.acceptance_token(invitation))


def _used(request: HttpRequest, table: Table) -> HttpResponse:
    """The page of a link that no longer opens a seat, with the way on for its player."""
    return render(request, "games/invitation_used.html", {"table": table}, status=410)


@require_http_methods(["GET", "POST"])
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """An invitation: accept it by choosing a name, language and time zone.

    The page speaks the invitation's language (the one its host chose for the invitee), or
    the one just chosen in the form, unless the reader chose one on the page.
    """
    found = lobby.invitation_from_token(token)
    if found is None or found.kind != Invitation.Kind.EMAIL:
        raise Http404("This invitation link is not valid.")
    chosen = request.POST.get("language", "")
    speak(request, chosen if chosen in lobby.LANGUAGES else found.language)
    if found.accepted_at is not None:
        return _used(request, found.table)
    initial = {"name": found.display_name, "language": found.language}
    form = SeatForm(request.POST or None, initial=initial)
    standing_fields_add(form, found.table.kind)
    zone_first_guess(form, request, saved=found.time_zone)
    if request.method == "POST" and form.is_valid():
        fields, standing = seat_given(form)
        try:
            found = lobby.invitation_accept(invitation=found, standing=standing, **fields)
        except GameError as error:
            form.add_error(None, refusal_text(error))
        else:
            return _accepted(found)
    focus_first_error(form)
    rows = _seat_rows(found.table)
    context = {"invitation": found, "table": found.table, "form": form, "rows": rows}
    return render(request, "games/invitation.html", context)


@require_http_methods(["GET"])
def invitation_accepted(request: HttpRequest, token: str) -> HttpResponse:
    """The accepter's own page: thanks while the table fills, then his seat's play page (while
    the seat keeps the token it was dealt with), then nothing."""
    found = lobby.acceptance_from_token(token)
    if found is None:
        raise Http404("This link is not valid.")
    speak(request, found.language)
    if found.seat is None and found.table.status == Table.Status.OPEN:
        context = {"invitation": found, "table": found.table, "rows": _seat_rows(found.table)}
        return render(request, "games/invitation.html", context)
    seat = lobby.acceptance_seat(found)
    if seat is None:
        return _used(request, found.table)
    return redirect("play", token=seat_token(seat))


@require_http_methods(["GET", "POST"])
def open_seat(request: HttpRequest, token: str) -> HttpResponse:
    """A table's open seat, for anyone with its link (or the dashboard's list of open tables):
    take it with a name, language and time zone. A player signed in by email takes it with
    his address; an address typed by anyone else waits for its owner's confirmation
    (``games.play.open_seats``), and the taker is told so on the page he is led to."""
    table = lobby.table_from_open_seat_token(token)
    if table is None:
        raise Http404("This link is not valid.")
    free = table.invitations.filter(kind=Invitation.Kind.OPEN, accepted_at__isnull=True).exists()
    signed_in = str(request.session.get("email") or "")
    form = JoinForm(request.POST or None, initial={"email": signed_in})
    standing_fields_add(form, table.kind)
    zone_first_guess(form, request, saved="UTC")
    if request.method == "POST" and form.is_valid():
        fields, standing = seat_given(form)
        try:
            taken = open_seats.open_seat_take(
                table=table, verified_email=signed_in, standing=standing, **fields
            )
        except GameError as error:
            form.add_error(None, refusal_text(error))
        else:
            if taken.pending_email:
                messages.info(
                    request,
                    gettext(
                        "The seat is yours, but %(address)s is tied to it only once its owner "
                        "confirms with the link we email there (unless that address had an "
                        "email from us today or asked for none). Until then the seat gets no "
                        "emails: keep this page's link to come back to your game."
                    )
                    % {"address": taken.pending_email},
                )
            return _accepted(taken)
    focus_first_error(form)
    context = {
        "table": table,
        "form": form,
        "free": free,
        "signed_in": signed_in,
        "rows": _seat_rows(table),
    }
    return render(request, "games/open_seat.html", context)


@require_http_methods(["GET", "POST"])
def seat_confirmation(request: HttpRequest, token: str) -> HttpResponse:
    """The link mailed to the address typed for an open seat: GET shows a button (a mail
    scanner that opens the link confirms nothing), its POST ties the seat to the address,
    or says why it no longer can (410)."""
    found = open_seats.confirmation_from_token(token)
    if found is None:
        raise Http404("This link is not valid.")
    speak(request, found.language)
    context: dict[str, object] = {"invitation": found, "table": found.table}
    if request.method == "POST":
        try:
            open_seats.open_seat_confirm(invitation=found)
        except GameError as error:
            context["refusal"] = refusal_text(error)
            return render(request, "games/seat_confirmation.html", context, status=410)
        context["done"] = True
    else:
        context["done"] = not found.pending_email
    return render(request, "games/seat_confirmation.html", context)
