"""Each game's site side, one package per game: ``games.kinds.<name>`` for engine game ``name``.

A package offers the names of :class:`games.kinds.base.Kind` and receives
plain data (:class:`games.kinds.base.TableView`, views, moves), never a model; the
pages, emails and the deadline sweep ask :func:`kind_of` instead of testing a
game's name, so a new game plugs in with its engine package and its kind package.
"""

from __future__ import annotations

import importlib
from typing import cast

from engine.base import GAMES, get_game
from games.kinds.base import Kind


def kind_of(name: str) -> Kind:
    """The site package of the engine game ``name`` (``IllegalMove`` for an unknown name)."""
    return cast(Kind, importlib.import_module(f"{__name__}.{get_game(name).NAME}"))


def has_kind(name: str) -> bool:
    """Whether ``name`` is an engine game with a site package, so can be played here."""
    if name not in GAMES:
        return False
    try:
        kind_of(name)
    except ModuleNotFoundError:
        return False
    return True


def kind_names() -> list[str]:
    """The engine's games that have a site package, sorted."""
    return sorted(filter(has_kind, GAMES))
