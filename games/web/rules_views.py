"""The rules pages: each game's rules, and how to play by email, in the reader's language.

The prose is written per language, not through message catalogues: a page of rules reads
better written whole than sentence by sentence. A game's page is in its own folder
(``templates/games/<game>/rules.<language>.html``); how to play by email is
``templates/games/rules/email.<language>.html``, with each game's reply examples from its
folder (``_reply_examples.<language>.html``). A language without its own page gets the
English one.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.utils import translation

from games.kinds import has_kind
from games.web.context import RULES_GAMES


def _templates(path: str) -> list[str]:
    """The template ``<path>.<language>.html`` in the reader's language, then in English."""
    language = (translation.get_language() or "en").split("-")[0]
    return [f"{path}.{language}.html", f"{path}.en.html"]


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    """The rules of ``game`` as this service plays them (404 for a game not played here)."""
    if not has_kind(game):
        raise Http404("No game of that name is played here.")
    return render(request, _templates(f"games/{game}/rules"), {"game_name": game})


def email_help_page(request: HttpRequest) -> HttpResponse:
    """How to play by email: the play link, the reply per game, take-backs and vacations."""
    games = [
        {**game, "examples": select_template(_templates(f"games/{game['name']}/_reply_examples"))}
        for game in RULES_GAMES
    ]
    return render(request, _templates("games/rules/email"), {"rules_games": games})
