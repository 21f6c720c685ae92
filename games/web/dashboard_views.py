"""The dashboard ``/``: open tables to join, games under way, the reader's own first when
signed in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.pages import dashboard
from games.pages.open_tables import open_tables


@require_GET
def dashboard_page(request: HttpRequest) -> HttpResponse:
    """The games, filtered (``?show=mine|waiting|finished``) and paginated (``?page=N``); the
    first page of the games under way lists the open tables above them."""
    context = dashboard.dashboard(
        email=request.session.get("email"),
        show=request.GET.get("show", ""),
        page=request.GET.get("page", "1"),
    )
    if context["show"] == "" and not context["page"].has_previous:
        context["open_tables"] = open_tables()
    return render(request, "games/dashboard.html", context)
