"""The docs' *Authorize* dialog offers the seat token first, and what it says to paste works.

Swagger UI lists the schema's security schemes in order; the first one a reader meets
must be the seat token, with a description naming what to paste, and pasting exactly
that into the box it describes authenticates as the seat.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create

pytestmark = pytest.mark.django_db


def _schemes(client: Client) -> dict[str, Any]:
    schema = json.loads(client.get("/api/schema/", {"format": "json"}).content)
    return dict(schema["components"]["securitySchemes"])


def test_it_offers_the_seat_token_first_and_says_what_to_paste(client: Client) -> None:
    """The first scheme of the docs is the seat token's header, described with its syntax."""
    schemes = _schemes(client)
    name, scheme = next(iter(schemes.items()))
    assert name == "seatToken"
    assert (scheme["type"], scheme["in"], scheme["name"]) == ("apiKey", "header", "Authorization")
    assert "`Seat <token>`" in scheme["description"]
    assert "/play/" in scheme["description"]
    # the browser session comes after it, and says that it needs nothing pasted
    assert list(schemes)[1:] == ["sessionCookie"]
    assert "nothing to paste" in schemes["sessionCookie"]["description"]


def test_it_authenticates_what_the_first_scheme_says_to_paste(client: Client) -> None:
    """``Seat <token>`` pasted into the first box the docs offer answers as that seat."""
    game: Game = game_create(
        kind="freibeuter", players=[PlayerSpec(name="Anne"), PlayerSpec(name="Bart")], seed=5
    )
    anne = game.seats.get(display_name="Anne")
    scheme = next(iter(_schemes(client).values()))
    example = re.search(r"`(Seat <token>)`", scheme["description"])
    assert example is not None
    pasted = example.group(1).replace("<token>", seat_token(anne))
    reader = Client()
    if scheme["in"] == "header":
        headers = {f"HTTP_{scheme['name'].upper().replace('-', '_')}": pasted}
    else:
        reader.cookies[scheme["name"]] = pasted
        headers = {}
    answer = reader.get(f"/api/games/{game.pk}/", **headers)
    assert answer.status_code == 200
    assert answer.json()["you"]["name"] == "Anne"
