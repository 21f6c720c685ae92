"""A player's calendar feed (``games.notices.calendar``): a GET with its token, nothing else."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.notices.calendar import calendar_ics, player_of_calendar


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
