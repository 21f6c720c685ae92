"""Fixtures of the site tests, which run on real PostgreSQL only.

They fail (never skip, never fall back to SQLite) when the database is not
PostgreSQL or cannot be reached: ``make test`` points ``DATABASE_URL`` at the
local server and starts it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.utils import translation

from games.models import Game, Seat
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.store import kept

PLAYERS = ("Anne", "Bart", "Cleo")


def _require_postgresql(blocker: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.fail(
            f"The site tests need PostgreSQL, but the database is {connection.vendor}: set "
            "DATABASE_URL=postgres://postgres@127.0.0.1:5432/freibeuter or run `make test`.",
            pytrace=False,
        )
    try:
        with blocker.unblock(), connection._nodb_cursor() as cursor:
            cursor.execute("SELECT 1")
    except OperationalError as error:
        pytest.fail(f"PostgreSQL is unreachable ({error}); `make test` starts it.", pytrace=False)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings: None, django_db_blocker: Any
) -> None:
    _require_postgresql(django_db_blocker)
    # A test database of its own, so two runs on one server (two checkouts) never collide.
    test = settings.DATABASES["default"].setdefault("TEST", {})
    test["NAME"] = f"test_{settings.DATABASES['default']['NAME']}_{os.getpid()}"


@pytest.fixture(autouse=True)
def _no_language_left_behind() -> Iterator[None]:
    """Each test starts and ends in the site's default language, whatever ran before it.

    A view activates its seat's language (``games.web.views``) and leaves it on
    the thread; without this a test's own German rendering would depend on
    which test ran before it.
    """
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def game(db: None) -> Game:
    """A fresh 3-player Freibeuter game with a fixed deal."""
    return game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in PLAYERS], seed=7)


@pytest.fixture
def anne(db: None) -> Seat:
    """Anne's seat in a fresh two-player game by email; she moves first."""
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=9,
    )
    return game.seats.get(display_name="Anne")


@pytest.fixture
def tokens(game: Game) -> dict[str, str]:
    """Each player's seat token in ``game``."""
    return {seat.display_name: seat_token(seat) for seat in game.seats.all()}


@pytest.fixture
def state_loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seqs at which a state had to be loaded (none was kept in the process at the head)."""
    seen: list[int] = []
    real = kept.load_state

    def counted(game: Game) -> Any:
        seen.append(game.last_seq)
        return real(game)

    monkeypatch.setattr(kept, "load_state", counted)
    return seen
