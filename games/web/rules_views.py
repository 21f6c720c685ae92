"""The rules pages: each game's rules, and how to play by email, in the reader's language.

The prose is written per language (``templates/games/rules/<page>.<language>.html``), not
through message catalogues: a page of rules reads better written whole than sentence by
sentence. A language without its own page gets the English one.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

from games.kinds import has_kind


def _templates(page: str) -> list[str]:
    """The templates of the rules page ``page``, the reader's language first, English last."""
    language = (translation.get_language() or "en").split("-")[0]
    return [f"games/rules/{page}.{language}.html", f"games/rules/{page}.en.html"]


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    """The rules of ``game`` as this service plays them (404 for a game not played here)."""
    if not has_kind(game):
        raise Http404("No game of that name is played here.")
    return render(request, _templates(game), {"game_name": game})


def email_help_page(request: HttpRequest) -> HttpResponse:
    """How to play by email: the play link, the reply per game, take-backs and vacations."""
    return render(request, _templates("email"))
