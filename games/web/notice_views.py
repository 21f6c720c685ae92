"""The notices' own pages: a player's calendar feed (``games.notices.calendar``) and the
channel page of a table, where its host sets the webhook that hears its game's turns."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from games.notices.calendar import calendar_ics, player_of_calendar
from games.play import lobby
from games.web.lobby_forms import focus_first_error
from games.web.notice_settings import channels_part


@require_GET
def calendar_feed(request: HttpRequest, handle: str) -> HttpResponse:
    """The feed of the player ``handle`` if the query's ``token`` is its current one; a wrong
    or revoked token finds nothing (404, as an unknown handle)."""
    player = player_of_calendar(handle=handle, token=request.GET.get("token", ""))
    if player is None:
        raise Http404("No calendar here.")
    body = calendar_ics(player=player, now=timezone.now())
    answer = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    answer["Cache-Control"] = "private, no-store"
    return answer


@require_http_methods(["GET", "POST"])
def table_channel(request: HttpRequest, token: str) -> HttpResponse:
    """The table's webhook, by its host's link: one, which hears every turn of the table's
    game once; a POST (CSRF) sets, tries, resumes or removes it."""
    table = lobby.table_from_token(token)
    if table is None:
        raise Http404("This table link is not valid.")
    action = request.POST.get("action", "") if request.method == "POST" else ""
    part = channels_part(request, table, action)
    focus_first_error(part.form)
    context = {"table": table, "channels": part, "token": token}
    return render(request, "games/table_channel.html", context, status=part.status)
