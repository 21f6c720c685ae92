"""The game page at a seat's link: hand, controls, confirmation, moves by POST, polling."""

from __future__ import annotations

from django.test import Client

from games.models import Event, Game
from games.play.links import seat_token
from games.play.selectors import game_legal_moves, game_state
from games.store.loading import engine_for


def test_it_shows_the_seat_its_hand_and_legal_moves(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    page = client.get(f"/play/{tokens['Anne']}/").content.decode()
    anne = game.seats.get(position=0)
    for card in game_state(game=game, seat=anne)["players"]["Anne"]["hand"]:
        if " " not in card:
            assert f'class="card-label">{card}<' in page
    board = next(m for m in game_legal_moves(game=game, seat=anne) if m["type"] == "board")
    assert f'href="?move=board+{board["tile"]}"' in page
    assert Event.objects.filter(game=game).count() == 1  # a GET never changes anything


def test_it_says_in_words_what_a_move_would_do(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    anne = game.seats.get(position=0)
    place = next(m for m in game_legal_moves(game=game, seat=anne) if m["type"] == "place")
    notation = engine_for(game).format_move(place)
    fragment = client.get(f"/play/{tokens['Anne']}/confirm/", {"move": notation}).content.decode()
    assert f"Places a boat on {place['card']}" in fragment
    assert f'name="move" value="{notation}"' in fragment
    assert Event.objects.filter(game=game).count() == 1


def test_it_plays_a_move_posted_from_the_page(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    anne = game.seats.get(position=0)
    move = engine_for(game).format_move(game_legal_moves(game=game, seat=anne)[0])
    response = client.post(f"/play/{tokens['Anne']}/", {"move": move, "expected_seq": 1})
    assert response.status_code == 302
    assert Event.objects.get(game=game, seq=2).payload["player"] == "Anne"


def test_a_double_click_moves_once(game: Game, tokens: dict[str, str], client: Client) -> None:
    anne = game.seats.get(position=0)
    move = engine_for(game).format_move(game_legal_moves(game=game, seat=anne)[0])
    form = {"move": move, "expected_seq": 1, "move_id": "page-1"}
    client.post(f"/play/{tokens['Anne']}/", form)
    client.post(f"/play/{tokens['Anne']}/", form)
    assert Event.objects.filter(game=game, type="move").count() == 1


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


def test_the_poll_is_empty_until_someone_moves(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    assert client.get(f"/play/{tokens['Bart']}/poll/", {"seq": 1}).status_code == 204
    anne = game.seats.get(position=0)
    move = engine_for(game).format_move(game_legal_moves(game=game, seat=anne)[0])
    client.post(f"/play/{tokens['Anne']}/", {"move": move, "expected_seq": 1})
    fresh = client.get(f"/play/{tokens['Bart']}/poll/", {"seq": 1})
    assert fresh.status_code == 200
    assert 'id="play-area"' in fresh.content.decode()


def test_a_spectator_sees_the_board_and_no_hand(game: Game, client: Client) -> None:
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "<svg" in page and "card-label" not in page


def test_the_seat_reads_its_own_language(game: Game, client: Client) -> None:
    bart = game.seats.get(position=1)
    bart.language = "de"
    bart.save()
    assert "Warten auf Anne" in client.get(f"/play/{seat_token(bart)}/").content.decode()


def test_it_answers_a_bad_link_with_not_found(db: None, client: Client) -> None:
    assert client.get("/play/not-a-token/").status_code == 404
