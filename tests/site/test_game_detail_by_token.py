"""The game's detail GET by seat token: its seat found among the game's, every answer as before."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import get_json
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Game, Seat
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create

FORGED = "eyJzIjoxLCJ2IjoxfQ:forged"


@pytest.fixture
def other_token(db: None) -> str:
    other = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in ("X", "Y")], seed=1)
    return seat_token(other.seats.get(position=0))


def _detail(client: Client, game_id: int, token: str | None) -> Any:
    return get_json(client, f"/api/games/{game_id}/", token)


def _hands(body: dict[str, Any]) -> set[str]:
    return {name for name, player in body["view"]["players"].items() if "hand" in player}


def test_a_seat_reads_its_game_in_one_statement(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    _detail(client, game.pk, tokens["Anne"])  # the state is kept from now on
    with CaptureQueriesContext(connection) as queries:
        body = _detail(client, game.pk, tokens["Anne"]).json()
    assert len(queries) == 1
    assert body["you"]["name"] == "Anne" and _hands(body) == {"Anne"}
    assert [seat["name"] for seat in body["seats"]] == [s.display_name for s in game.seats.all()]


def test_a_revoked_token_is_refused(game: Game, tokens: dict[str, str], client: Client) -> None:
    forged = _detail(client, game.pk, FORGED)
    anne = game.seats.get(display_name="Anne")
    Seat.objects.filter(pk=anne.pk).update(token_version=anne.token_version + 1)
    revoked = _detail(client, game.pk, tokens["Anne"])
    assert revoked.status_code == forged.status_code == 403
    assert revoked.content == forged.content


def test_another_game_s_seat_and_a_spectator_see_no_hand(
    game: Game, other_token: str, client: Client
) -> None:
    for token in (other_token, None):
        body = _detail(client, game.pk, token).json()
        assert body["you"] is None and _hands(body) == set()


def test_a_bad_token_is_refused_before_a_missing_game(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    missing = game.pk + 1000
    assert _detail(client, missing, FORGED).status_code == 403
    assert _detail(client, missing, tokens["Anne"]).status_code == 404
    assert _detail(client, missing, None).status_code == 404


@pytest.mark.parametrize("path", ["/api/games/{}/", "/api/games/{}/legal/"])
@pytest.mark.parametrize(
    ("accept", "status"), [("*/*", 200), ("application/json", 200), ("text/html", 406)]
)
def test_the_gets_negotiate_as_drf_does(
    game: Game, tokens: dict[str, str], client: Client, path: str, accept: str, status: int
) -> None:
    headers = {"HTTP_AUTHORIZATION": f"Seat {tokens['Anne']}", "HTTP_ACCEPT": accept}
    response = client.get(path.format(game.pk), **headers)
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
