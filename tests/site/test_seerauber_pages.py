"""Seeräuber on the web: the lobby offers it, and its game page shows the table and its moves.

The page draws the displayed ships as cards, every stack as a column of
coloured discs, free pirates, ducats and booty (all public [S6]). A move is
made in steps: pick a stack or free pirate, then a ship to
board or a stack to put it on, read in words what it does, confirm; a
mutiny question is its own prompt.
"""

from __future__ import annotations

import re

from django.test import Client

from games.models import Event, Game, Table
from games.play.links import seat_token
from games.play.selectors import game_legal_moves
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for
from games.web.lobby_forms import MAX_SEATS
from tests.site.seerauber_mutiny import MUTINY, NAMES, OPENING


def _game(language: str = "en") -> Game:
    return game_create(
        kind="seerauber",
        players=[PlayerSpec(name=n, language=language) for n in NAMES],
        seed=4,
    )


def _tokens(game: Game) -> dict[str, str]:
    return {seat.display_name: seat_token(seat) for seat in game.seats.all()}


def _play(client: Client, game: Game, moves: tuple[tuple[str, str], ...]) -> None:
    tokens = _tokens(game)
    for player, move in moves:
        game.refresh_from_db()
        client.post(f"/play/{tokens[player]}/", {"move": move, "expected_seq": game.last_seq})
    game.refresh_from_db()
    assert game.last_seq == 1 + len(moves), "a scripted move was refused"


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


def test_the_page_draws_ships_stacks_and_players_as_pieces(db: None, client: Client) -> None:
    game = _game()
    _play(client, game, OPENING[:2])
    page = client.get(f"/play/{_tokens(game)['Cleo']}/").content.decode()
    assert page.count("data-ship=") == 3
    assert page.count('data-player="') == 3
    stack = page[page.index('data-stack="B3"') :].split("</li>")[0]
    assert stack.count('class="disc"') == 3  # blue 3 on top of red 2 on blue 2
    assert "Captain Bart, 3 pirates from bottom to top: blue 2, red 2, blue 3" in stack
    spectator = client.get(f"/games/{game.pk}/").content.decode()
    assert spectator.count('class="disc"') == 15  # every pirate drawn once
    assert "data-ship=" in spectator and "data-stack-pick=" not in spectator


def _offered(html: str) -> list[str]:
    return re.findall(r'data-move="([^"]+)"', html)


def test_a_move_is_picked_in_steps_told_in_words_then_confirmed_and_posted(
    db: None, client: Client
) -> None:
    """Pick a pirate, then where it goes, read what it does, confirm."""
    game = _game()
    token = _tokens(game)["Anne"]
    page = client.get(f"/play/{token}/").content.decode()
    assert 'data-stack-pick="R2"' in page and _offered(page) == []  # no wall of buttons
    step = client.get(f"/play/{token}/", {"stack": "R2"}).content.decode()
    assert "Your stack topped by red 2: where does it go?" in step
    assert 'data-move="stack R2 on B2"' in step and 'title="Put red 2 on blue 2"' in step
    assert "Captain Bart:" in step and "Captain Cleo:" in step  # targets grouped by captain
    assert all(move.startswith(("stack R2 ", "board ")) for move in _offered(step))
    fragment = client.get(
        f"/play/{token}/confirm/", {"stack": "R2", "move": "stack R2 on B2"}
    ).content.decode()
    assert "You put red 2 on blue 2. The new stack holds 2 pirates" in fragment
    assert 'name="move" value="stack R2 on B2"' in fragment
    assert Event.objects.filter(game=game).count() == 1  # a GET never changes anything
    response = client.post(f"/play/{token}/", {"move": "stack R2 on B2", "expected_seq": 1})
    assert response.status_code == 302
    assert Event.objects.get(game=game, seq=2).payload["move"] == {
        "type": "stack",
        "piece": "R2",
        "onto": "B2",
    }
    after = client.get(f"/play/{token}/").content.decode()
    assert 'data-stack="R2"' in after
    assert "stacks red 2 on blue 2" in after and '<code class="notation">stack R2 on B2' in after


def test_a_boarding_is_confirmed_with_what_it_pays_and_gives(db: None, client: Client) -> None:
    game = _game()
    _play(client, game, (*OPENING[:2], ("Cleo", "stack G2 on R3"), ("Anne", "stack R4 on G2")))
    token = _tokens(game)["Bart"]  # Bart captains blue 3 on red 2 on blue 2
    legal = game_legal_moves(game=game, seat=game.seats.get(position=1))
    board = next(move for move in legal if move["type"] == "board")
    notation = engine_for(game).format_move(board)
    fragment = client.get(f"/play/{token}/confirm/", {"move": notation}).content.decode()
    assert f"You board {board['ship']} with blue 3 and take" in fragment
    assert "The crew is paid and every pirate goes back to its owner." in fragment
    assert "Anne: ducats 10 → 12, + 1 barrel of rum." in fragment  # red 2: wage, second booty
    assert "Bart: ducats 10 → 19, + 1 dagger." in fragment  # 11 from the ship, 2 paid out


def _all_offered(client: Client, token: str) -> set[str]:
    """Every move the seat's page offers, following each pick to its choices."""
    page = client.get(f"/play/{token}/").content.decode()
    offered = set(_offered(page))
    for pick in sorted(set(re.findall(r'data-stack-pick="([^"]+)"', page))):
        offered |= set(_offered(client.get(f"/play/{token}/", {"stack": pick}).content.decode()))
    return offered


def _check_offers(client: Client, game: Game) -> set[str]:
    game.refresh_from_db()
    (player,) = game.to_move
    seat = game.seats.get(display_name=player)
    token = _tokens(game)[player]
    engine = engine_for(game)
    legal = {engine.format_move(move) for move in game_legal_moves(game=game, seat=seat)}
    offered = _all_offered(client, token)
    assert offered == legal  # nothing illegal offered, nothing legal missing
    for notation in offered:
        fragment = client.get(f"/play/{token}/confirm/", {"move": notation}).content.decode()
        assert f'name="move" value="{notation}"' in fragment, notation
    return offered


def test_the_page_offers_exactly_the_legal_moves_and_each_confirms_a_legal_one(
    db: None, client: Client
) -> None:
    game = _game()
    _check_offers(client, game)
    _play(client, game, OPENING)
    assert _check_offers(client, game) == {MUTINY, "no mutiny"}
    token = _tokens(game)["Bart"]
    game.refresh_from_db()
    client.post(f"/play/{token}/", {"move": MUTINY, "expected_seq": game.last_seq})
    forced = _check_offers(client, game)
    assert forced and all(move.startswith("board ") and " with R5" in move for move in forced)


def test_a_mutiny_question_is_its_own_prompt_and_the_mutiny_forces_the_boarding(
    db: None, client: Client
) -> None:
    """Rules §6: Bart is asked; after his mutiny Anne must board with that stack."""
    game = _game()
    _play(client, game, OPENING)
    tokens = _tokens(game)
    question = client.get(f"/play/{tokens['Bart']}/").content.decode()
    assert "Your turn." in question and "You may mutiny against Anne." in question
    assert _offered(question) == [MUTINY, "no mutiny"]
    assert ">Mutiny in the stack topped by red 5<" in question and ">Do not mutiny<" in question
    assert "data-stack-pick" not in question
    fragment = client.get(f"/play/{tokens['Bart']}/confirm/", {"move": MUTINY}).content.decode()
    assert "You mutiny: Anne must board a ship with the stack topped by red 5 now." in fragment
    waiting = client.get(f"/play/{tokens['Anne']}/").content.decode()
    assert "Waiting for Bart." in waiting and "Your turn." not in waiting
    client.post(f"/play/{tokens['Bart']}/", {"move": MUTINY, "expected_seq": game.last_seq})
    forced = client.get(f"/play/{tokens['Anne']}/").content.decode()
    assert "Your turn." in forced and "Bart mutinied: you must board with that stack." in forced
    assert "Your stack topped by red 5: where does it go?" in forced
    assert "Start over" not in forced and "stack R5 on" not in forced


def test_a_move_not_legal_now_is_refused_in_words_on_the_confirmation(
    db: None, client: Client
) -> None:
    game = _game()
    token = _tokens(game)["Anne"]
    fragment = client.get(f"/play/{token}/confirm/", {"move": "stack R2 on R3"}).content.decode()
    assert "your own stack" in fragment and 'name="move"' not in fragment


def test_the_history_lists_every_move_in_words_and_shows_the_table_after_any(
    db: None, client: Client
) -> None:
    game = _game()
    _play(client, game, OPENING[:1])
    page = client.get(f"/play/{_tokens(game)['Anne']}/history/").content.decode()
    assert "stacks red 2 on blue 2" in page and 'data-stack="R2"' in page
    before = client.get(f"/games/{game.pk}/history/board/", {"at": 0}).content.decode()
    assert "data-stack=" not in before and 'class="ship' in before


def test_the_page_speaks_the_seats_language_pieces_and_booty_included(
    db: None, client: Client
) -> None:
    game = _game("de")
    _play(client, game, OPENING[:2])
    page = client.get(f"/play/{_tokens(game)['Cleo']}/").content.decode()
    assert "Du bist am Zug." in page or "Dein Zug" in page
    assert "Ausliegende Schiffe" in page and "Beute" in page
    assert "setzt Blau 3 auf Rot 2" in page
    words = re.sub(r"<code>.*?</code>", "", page)  # the notation stays English
    for english in ("chest", "candlestick", "dagger", "ducats"):
        assert f">{english}<" not in words and f" {english}<" not in words
    step = client.get(f"/play/{_tokens(game)['Cleo']}/", {"stack": "G2"}).content.decode()
    assert "G2 auf" not in step and 'title="Grün 2 auf Blau 3 setzen"' in step


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
