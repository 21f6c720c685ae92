"""A player sees, queues and cancels his queued moves on his game page and by the API;
nobody else reads or changes them, and every bad request is refused with nothing lost."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from games.models import Game, Seat
from games.play import standing
from games.play.links import seat_token
from games.play.queued import QUEUE_LIMIT, queue_add, queued_moves
from games.play.services import PlayerSpec, game_create
from tests.site.api_helpers import get_json, post_json, seat_auth

pytestmark = pytest.mark.django_db

NAMES = ("Anne", "Bert", "Cleo")
PLACE = {"type": "place", "card": "B5", "boat": True, "draw": "sea"}
"""A card of Bert's hand in the Freibeuter game of seed 0, placed as his next move."""


def _game(kind: str = "freibeuter", language: str = "en") -> Game:
    return game_create(
        kind=kind, players=[PlayerSpec(name=name, language=language) for name in NAMES], seed=0
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _page(seat: Seat) -> str:
    return reverse("play", args=[seat_token(seat)])


def _delete(client: Client, path: str, token: str | None) -> HttpResponse:
    return client.delete(path, **(seat_auth(token) if token else {}))


def _queue_url(game: Game) -> str:
    return reverse("api-game-queue", args=[game.pk])


def _panel(html: str) -> str:
    """The queued moves panel of a page ("" when it has none)."""
    start = html.find('id="queued"')
    return "" if start < 0 else html[start : html.index("</section>", start)]


def test_a_player_queues_a_move_on_his_page_and_cancels_it(client: Client) -> None:
    """Rule: the panel offers the cards of the player's hand as moves; one queued shows in
    words with the fields it watches (by default the field the move names), and its Cancel
    button removes it."""
    game = _game()
    bert = _seat(game, "Bert")
    page = _page(bert)
    assert '<option value="place B5 draw sea">' in _panel(client.get(page).content.decode())

    answer = client.post(f"{page}queue/", {"move": "place B5 draw sea", "watch": "move"})

    assert answer.status_code == 302 and answer["Location"].endswith("#queued")
    (entry,) = queued_moves(bert)
    assert entry == {"move": PLACE, "fields": {"B5": []}}
    panel = _panel(client.get(page).content.decode())
    assert "Places a boat on B5 and draws a sea card" in panel
    assert "only if nothing changed on B5" in panel

    client.post(f"{page}queue/cancel/", {"index": "0"})

    assert queued_moves(bert) == []
    assert "No move is queued." in _panel(client.get(page).content.decode())


def test_the_condition_watches_what_the_player_chose(client: Client) -> None:
    """Rule: "nothing" queues the move with no condition; "the places ticked" watches those
    fields; "Cancel all" empties the queue."""
    game = _game()
    bert = _seat(game, "Bert")
    page = _page(bert)

    client.post(f"{page}queue/", {"move": "place B5 draw sea", "watch": "none"})
    client.post(
        f"{page}queue/",
        {"move": "place B5 draw dutchman", "watch": "chosen", "fields": ["C3", "D4"]},
    )

    assert [entry["fields"] for entry in queued_moves(bert)] == [{}, {"C3": [], "D4": []}]
    client.post(f"{page}queue/cancel/", {"index": "all"})
    assert queued_moves(bert) == []


def test_a_refused_move_comes_back_beside_the_form_with_nothing_queued(client: Client) -> None:
    """Rule: a move that cannot be queued (a card not in his hand), a field the board lacks
    or a cancel of nothing shows why in the panel, the move posted still chosen."""
    game = _game()
    bert = _seat(game, "Bert")
    page = _page(bert)

    for post, why in (
        ({"move": "place A1 draw sea"}, "You do not hold the card A1."),
        ({"move": "place B5 draw sea", "watch": "chosen", "fields": ["Z9"]}, "no field Z9"),
        ({"move": "fly away"}, "Could not read"),
    ):
        answer = client.post(f"{page}queue/", post)
        panel = _panel(answer.content.decode())
        assert answer.status_code == 400
        assert 'id="queued-error" role="alert"' in panel and why in panel, post
    assert queued_moves(bert) == []
    shown = _panel(
        client.post(
            f"{page}queue/", {"move": "place B5 draw sea", "watch": "chosen", "fields": ["Z9"]}
        ).content.decode()
    )
    assert '<option value="place B5 draw sea" selected>' in shown
    answer = client.post(f"{page}queue/cancel/", {"index": "3"})
    assert answer.status_code == 400
    assert "There is no such queued move to cancel." in _panel(answer.content.decode())
    answer = client.post(f"{page}queue/cancel/", {"index": "first"})
    assert "Choose a queued move to cancel." in _panel(answer.content.decode())


def test_on_his_own_turn_the_player_makes_his_move_instead(client: Client) -> None:
    """Rule: the seat to move is offered no move to queue, and a queued one is refused."""
    game = _game()
    anne = _seat(game, "Anne")
    page = _page(anne)

    panel = _panel(client.get(page).content.decode())
    answer = client.post(f"{page}queue/", {"move": "place B5 draw sea", "watch": "none"})

    assert "It is your turn" in panel and 'name="move"' not in panel
    assert "It is your turn" in _panel(answer.content.decode())
    assert queued_moves(anne) == []


def test_nobody_else_sees_a_seats_queue_on_a_page(client: Client) -> None:
    """Rule: the queue is its owner's: the other seats' pages and the spectators' show none
    of it, and a finished game's page has no panel."""
    game = _game()
    queue_add(game=game, seat=_seat(game, "Bert"), move=PLACE)

    cleo = client.get(_page(_seat(game, "Cleo"))).content.decode()
    spectator = client.get(f"/games/{game.pk}/").content.decode()

    assert "B5 and draws" not in cleo and "Queued moves" in cleo
    assert "B5 and draws" not in spectator and "Queued moves" not in spectator
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert _panel(client.get(_page(_seat(game, "Bert"))).content.decode()) == ""


def test_the_panel_speaks_the_players_language(client: Client) -> None:
    """Rule: the panel is in the player's language (German and French here)."""
    for language, words in (("de", "Vorgemerkte Züge"), ("fr", "Coups programmés")):
        game = _game("flusspiraten", language=language)
        shown = client.get(_page(_seat(game, "Bert"))).content.decode()
        assert words in shown


def test_a_player_reads_queues_and_cancels_by_the_api(client: Client) -> None:
    """Rule: the API gives a seat its own queue in order, in words, appends a move with the
    fields it watches, cancels one by its index and all at once."""
    game = _game()
    token = seat_token(_seat(game, "Bert"))
    url = _queue_url(game)

    first = post_json(client, url, {"move": PLACE, "fields": ["B5"]}, token)
    second = post_json(client, url, {"move": {**PLACE, "draw": "dutchman"}}, token)

    assert first.status_code == 200, first.content
    assert second.json()["queue"][1]["fields"] == {}
    read = get_json(client, url, token).json()
    assert read["limit"] == QUEUE_LIMIT
    assert read["queue"][0] == {
        "move": PLACE,
        "fields": {"B5": []},
        "words": "places a boat on B5 and draws a sea card",
    }
    one = _delete(client, reverse("api-game-queued-move", args=[game.pk, 0]), token)
    assert [entry["move"]["draw"] for entry in one.json()["queue"]] == ["dutchman"]
    assert _delete(client, url, token).json()["queue"] == []


def test_a_stranger_or_a_spectator_cannot_read_or_change_a_seats_queue(client: Client) -> None:
    """Rule: the queue is its owner's only: no token and a bad token are refused, another
    game's seat is refused, another seat reads only its own, and the game's public answers
    show none of it."""
    game = _game()
    bert = _seat(game, "Bert")
    queue_add(game=game, seat=bert, move=PLACE)
    url = _queue_url(game)
    other = seat_token(_seat(_game(), "Bert"))

    for token in (None, "not-a-token", other):
        assert get_json(client, url, token).status_code in (401, 403), token
        assert post_json(client, url, {"move": PLACE}, token).status_code in (401, 403)
        assert _delete(client, url, token).status_code in (401, 403)
    cleo = seat_token(_seat(game, "Cleo"))
    assert get_json(client, url, cleo).json()["queue"] == []
    for path in (reverse("api-game", args=[game.pk]), reverse("api-game-events", args=[game.pk])):
        assert '"B5"' not in get_json(client, path, cleo).content.decode()
        assert '"B5"' not in get_json(client, path).content.decode()
    assert len(queued_moves(bert)) == 1


@pytest.mark.parametrize(
    "body",
    [
        {"move": "place B5 draw sea"},
        {"move": {**PLACE, "card": "A1"}},
        {"move": {"type": "fly"}},
        {"move": PLACE, "fields": "B5"},
        {"move": PLACE, "fields": ["Z9"]},
        {"fields": ["B5"]},
    ],
)
def test_a_bad_body_is_refused_with_400_and_nothing_queued(client: Client, body: Any) -> None:
    """Rule: a move that is no object, one the game does not let be queued, a field list
    that is no list or names a field the board lacks, or no move, is a 400."""
    game = _game()
    token = seat_token(_seat(game, "Bert"))

    answer = post_json(client, _queue_url(game), body, token)

    assert answer.status_code == 400, answer.content
    assert "error" in answer.json()
    assert queued_moves(_seat(game, "Bert")) == []


def test_a_full_queue_and_an_unknown_index_are_refused(client: Client) -> None:
    """Rule: a seat queues at most QUEUE_LIMIT moves, and cancels only a move it queued."""
    game = _game()
    token = seat_token(_seat(game, "Bert"))
    for _ in range(QUEUE_LIMIT):
        assert post_json(client, _queue_url(game), {"move": PLACE}, token).status_code == 200

    assert post_json(client, _queue_url(game), {"move": PLACE}, token).status_code == 400
    gone = _delete(client, reverse("api-game-queued-move", args=[game.pk, QUEUE_LIMIT]), token)
    assert gone.status_code == 400
    assert len(queued_moves(_seat(game, "Bert"))) == QUEUE_LIMIT


def test_a_flood_of_changes_is_refused_with_429(client: Client) -> None:
    """Rule: a seat's standing orders change at most CHANGES_LIMIT times an hour."""
    game = _game()
    token = seat_token(_seat(game, "Bert"))
    for _ in range(standing.CHANGES_LIMIT):
        assert _delete(client, _queue_url(game), token).status_code == 200

    flooded = post_json(client, _queue_url(game), {"move": PLACE}, token)

    assert flooded.status_code == 429, flooded.content
    assert queued_moves(_seat(game, "Bert")) == []


def test_after_the_end_the_queue_no_longer_changes(client: Client) -> None:
    """Rule: once the game is over its queued moves no longer change (409), on the API and
    on the page."""
    game = _game()
    bert = _seat(game, "Bert")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    token = seat_token(bert)

    assert post_json(client, _queue_url(game), {"move": PLACE}, token).status_code == 409
    assert _delete(client, _queue_url(game), token).status_code == 409
    answer = client.post(f"{_page(bert)}queue/", {"move": "place B5 draw sea"})
    assert answer.status_code == 400
    assert "This game has ended" in _panel(answer.content.decode())
    assert queued_moves(bert) == []


def test_the_schema_documents_the_queue(client: Client) -> None:
    """Rule: the OpenAPI schema lists the queue's reads and writes with their bodies."""
    schema = json.loads(client.get("/api/schema/", {"format": "json"}).content)
    queue = schema["paths"]["/api/games/{id}/queue/"]
    one = schema["paths"]["/api/games/{id}/queue/{index}/"]

    assert {"get", "post", "delete"} <= set(queue) and "delete" in one
    assert "429" in queue["post"]["responses"]
    assert "QueueInput" in json.dumps(queue["post"]["requestBody"])


def test_the_fields_watched_are_named_in_words_in_the_players_language(client: Client) -> None:
    """Rule: a condition's fields read as the game's pages name them: a pirate by its colour
    and value and the ships on display, a boat by its number, in the player's language."""
    game = _game("seerauber")
    bert = _seat(game, "Bert")
    move = {"type": "stack", "piece": "B3", "onto": "R2"}
    queue_add(game=game, seat=bert, move=move, fields=["B3", "display"])

    panel = _panel(client.get(_page(bert)).content.decode())

    assert "only if nothing changed on blue 3, Ships on display" in panel
    assert '<input type="checkbox" name="fields" value="display"> Ships on display' in panel
    river = _game("flusspiraten", language="de")
    shown = _panel(client.get(_page(_seat(river, "Bert"))).content.decode())
    assert '<input type="checkbox" name="fields" value="boat 3"> Boot 3' in shown
