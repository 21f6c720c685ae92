"""What every page's template may use: the site's name (``settings.SITE_NAME``) and the games
played here, each by its name and title (``rules_games``, for links to their rules)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest

from engine.base import GAMES, get_game

RULES_GAMES = [{"name": name, "title": get_game(name).TITLE} for name in GAMES]


def site(request: HttpRequest) -> dict[str, Any]:
    """The site's name, for the title, the header and the footer, and the games played here."""
    return {"site_name": settings.SITE_NAME, "rules_games": RULES_GAMES}
