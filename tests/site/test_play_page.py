"""The seat's play page: shows its hand and legal moves; a move is a POST with CSRF."""

from __future__ import annotations

from django.test import Client

from games.loading import engine_for
from games.models import Event, Game
from games.selectors import game_legal_moves


def test_it_shows_the_seat_its_hand_and_legal_moves(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    page = client.get(f"/play/{tokens['Anne']}/")
    assert page.status_code == 200
    anne = game.seats.get(position=0)
    first = engine_for(game).format_move(game_legal_moves(game=game, seat=anne)[0])
    assert first in page.content.decode()
    assert Event.objects.filter(game=game).count() == 1  # a GET never changes anything


def test_it_plays_a_move_posted_from_the_page(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    anne = game.seats.get(position=0)
    move = engine_for(game).format_move(game_legal_moves(game=game, seat=anne)[0])
    response = client.post(f"/play/{tokens['Anne']}/", {"move": move, "expected_seq": 1})
    assert response.status_code == 302
    assert Event.objects.get(game=game, seq=2).payload["player"] == "Anne"


def test_it_explains_an_illegal_move_on_the_page(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    response = client.post(
        f"/play/{tokens['Bart']}/", {"move": "board A1-B2", "expected_seq": 1}, follow=True
    )
    assert "turn" in response.content.decode()
    assert Event.objects.filter(game=game).count() == 1


def test_it_refuses_a_move_without_csrf(game: Game, tokens: dict[str, str]) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/play/{tokens['Anne']}/", {"move": "board A1-B2", "expected_seq": 1})
    assert response.status_code == 403
    assert Event.objects.filter(game=game).count() == 1


def test_it_answers_a_bad_link_with_not_found(db: None, client: Client) -> None:
    assert client.get("/play/not-a-token/").status_code == 404
