"""Seeräuber on the web: the lobby offers it, and its game page shows the table and its moves.

The page draws the displayed ships as cards, every stack as a column of
coloured discs, free pirates, ducats and booty (all public [S6]), and each
legal move as a button that posts it.
"""

from __future__ import annotations

from django.test import Client
from django.utils import translation

from games.kinds import seerauber
from games.models import Event, Game, Table
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.web.lobby_forms import MAX_SEATS

NAMES = ("Anne", "Bart", "Cleo")


def _game() -> Game:
    return game_create(kind="seerauber", players=[PlayerSpec(name=n) for n in NAMES], seed=4)


def test_the_lobby_offers_both_games_with_their_player_counts(db: None, client: Client) -> None:
    page = client.get("/games/new/").content.decode()
    assert "Freibeuter (2 to 4 players)" in page
    assert "Seeräuber (3 to 5 players)" in page


def test_a_seerauber_table_of_a_player_and_two_bots_is_opened(db: None, client: Client) -> None:
    form = {
        "game": "seerauber",
        "clock": "per_move",
        "hours": 72,
        "bank_days": 10,
        "timeout_policy": "bot",
        "replace_after": 3,
        "seat0_kind": "email",
        "seat0_name": "Anne",
        "seat0_email": "anne@example.org",
        "seat1_kind": "bot",
        "seat2_kind": "bot",
        **{f"seat{i}_language": "en" for i in range(MAX_SEATS)},
    }
    response = client.post("/games/new/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Table.objects.get().kind == "seerauber"


def test_the_page_shows_ships_stacks_players_and_the_moves_as_buttons(
    db: None, client: Client
) -> None:
    game = _game()
    anne = game.seats.get(position=0)
    page = client.get(f"/play/{seat_token(anne)}/").content.decode()
    assert page.count('class="ship"') == 3
    assert 'data-player="Cleo"' in page
    assert 'data-move="stack R2 on B2"' in page
    assert Event.objects.filter(game=game).count() == 1  # a GET never changes anything
    spectator = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="ship"' in spectator and "data-move=" not in spectator


def test_a_move_posted_from_the_page_is_played_and_drawn_as_a_stack(
    db: None, client: Client
) -> None:
    game = _game()
    token = seat_token(game.seats.get(position=0))
    response = client.post(f"/play/{token}/", {"move": "stack R2 on B2", "expected_seq": 1})
    assert response.status_code == 302
    assert Event.objects.get(game=game, seq=2).payload["move"] == {
        "type": "stack",
        "piece": "R2",
        "onto": "B2",
    }
    page = client.get(f"/play/{token}/").content.decode()
    assert 'data-stack="R2"' in page
    assert page.count('class="disc') >= 15


def test_the_history_lists_every_move_and_shows_the_table_after_any_of_them(
    db: None, client: Client
) -> None:
    game = _game()
    token = seat_token(game.seats.get(position=0))
    client.post(f"/play/{token}/", {"move": "stack R2 on B2", "expected_seq": 1})
    page = client.get(f"/play/{token}/history/").content.decode()
    assert "stacks R2 on B2" in page and 'data-stack="R2"' in page
    before = client.get(f"/games/{game.pk}/history/board/", {"at": 0}).content.decode()
    assert "data-stack=" not in before and 'class="ship"' in before


def test_the_page_speaks_the_seats_language(db: None, client: Client) -> None:
    game = game_create(
        kind="seerauber",
        players=[PlayerSpec(name=n, language="de") for n in NAMES],
        seed=4,
    )
    page = client.get(f"/play/{seat_token(game.seats.get(position=0))}/").content.decode()
    assert "Deine Züge" in page and "Ausliegende Schiffe" in page


def test_moves_are_told_in_words_in_three_languages() -> None:
    move = {"type": "board", "stack": "R3", "ship": "S07"}
    expected = {
        "en": "boards S07 with R3, booty: chest",
        "de": "entert S07 mit R3, Beute: Truhe",
        "fr": "aborde S07 avec R3, butin : coffre",
    }
    for language, words in expected.items():
        with translation.override(language):
            assert seerauber.move_action(move) == words
    with translation.override("de"):
        assert seerauber.move_action({"type": "no_mutiny"}) == "meutert nicht"


def test_a_typed_move_in_the_notation_is_played_and_a_wrong_one_explained(
    db: None, client: Client
) -> None:
    game = _game()
    token = seat_token(game.seats.get(position=0))
    assert 'id="typed-move"' in client.get(f"/play/{token}/").content.decode()
    client.post(f"/play/{token}/", {"move": "stack R2 on R3", "expected_seq": 1})
    page = client.get(f"/play/{token}/").content.decode()
    assert "your own stack" in page
    client.post(f"/play/{token}/", {"move": "STACK r3 on g2", "expected_seq": 1})
    assert Event.objects.get(game=game, seq=2).payload["move"]["piece"] == "R3"


def test_each_move_button_says_the_move_in_the_players_language_with_its_notation(
    db: None, client: Client
) -> None:
    game = _game()
    anne = game.seats.get(position=0)
    anne.language = "de"
    anne.save(update_fields=["language"])
    page = client.get(f"/play/{seat_token(anne)}/").content.decode()
    button = page[page.index('data-move="stack R2 on B2"') :].split("</button>")[0]
    assert "R2 auf B2 setzen" in button  # what to click, in German
    assert '<code class="notation">stack R2 on B2</code>' in button  # what to reply by email
