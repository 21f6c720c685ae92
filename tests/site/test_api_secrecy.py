"""No response to a seat ever shows another seat's hand, the deck order or the setup (rules §9).

Random games are driven through the API; after every move every seat (and a
spectator) reads every endpoint, and the raw JSON is searched for the
secrets of the omniscient state at that moment.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from api_helpers import get_json, post_json, seat_auth
from django.http import HttpResponse
from django.test import Client

from games.models import Event, Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for, load_state

SECRET_KEYS = {"setup", "hands", "sea_deck", "dutchman_deck"}


def _string_lists(value: Any) -> list[list[str]]:
    found = []
    if isinstance(value, dict):
        for item in value.values():
            found += _string_lists(item)
    elif isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            found.append(value)
        for item in value:
            found += _string_lists(item)
    return found


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in _keys(item)}
    if isinstance(value, list):
        return {key for item in value for key in _keys(item)}
    return set()


def _assert_keeps_secrets(raw: bytes, viewer: str | None, game: Game, salt: str) -> None:
    state = load_state(game)
    text = raw.decode()
    body = json.loads(text)
    assert not _keys(body) & SECRET_KEYS, text[:500]
    assert salt not in text
    lists = [Counter(found) for found in _string_lists(body)]
    decks = [list(state.sea_deck[state.sea_top :]), list(state.dutchman_deck[state.dutchman_top :])]
    for deck in decks:
        if len(deck) > 1:
            assert deck not in _string_lists(body), "a deck's order leaked"
            assert json.dumps(deck, separators=(",", ":")) not in text
    own = state.hands[state.players.index(viewer)] if viewer else None
    for seat, hand in enumerate(state.hands):
        if state.players[seat] == viewer or Counter(hand) == Counter(own or []):
            continue
        assert Counter(hand) not in lists, f"{state.players[seat]}'s hand leaked to {viewer}"


def _random_move(
    client: Client, game: Game, tokens: dict[str, str], rng: random.Random
) -> HttpResponse:
    """The first player to move posts a legal move drawn by ``rng``, through the API."""
    base, name = f"/api/games/{game.pk}", game.to_move[0]
    legal = get_json(client, f"{base}/legal/", tokens[name]).json()["moves"]
    body = {"move": rng.choice(legal), "expected_seq": game.last_seq}
    return post_json(client, f"{base}/moves/", body, tokens[name])


@pytest.mark.parametrize(
    "players,seed", [(("Anne", "Bart", "Cleo"), 11), (("Di", "Ed", "Flo", "Gus"), 12)]
)
def test_it_never_shows_a_seat_what_rules_hide(
    db: None, client: Client, players: tuple, seed: int
) -> None:
    game = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in players], seed=seed)
    salt = Event.objects.get(game=game, seq=1).payload["salt"]
    tokens = {seat.display_name: seat_token(seat) for seat in game.seats.all()}
    readers: list[str | None] = [*players, None]
    rng = random.Random(seed)
    base = f"/api/games/{game.pk}"
    while game.status == "active":
        for reader in readers:
            token = tokens[reader] if reader else None
            paths = [
                f"{base}/",
                f"{base}/events/?after={max(game.last_seq - 2, 0)}",
                f"{base}/fairness/",
            ]
            paths += [f"{base}/legal/"] if reader else ["/api/games/"]
            for path in paths:
                response = get_json(client, path, token)
                assert response.status_code == 200, response.content
                _assert_keeps_secrets(response.content, reader, game, salt)
            assert get_json(client, f"{base}/record/", token).status_code == 403
        (player,) = game.to_move
        answer = _random_move(client, game, tokens, rng)
        assert answer.status_code == 201
        _assert_keeps_secrets(answer.content, player, game, salt)
        game.refresh_from_db()
    history = get_json(client, f"{base}/events/").json()["results"]
    assert "setup" in history[0]["payload"], "the setup is revealed once the game is over"


def test_the_secrecy_check_catches_the_omniscient_summary(game: Game) -> None:
    """The check above is not vacuous: the summary (every hand) fails it."""
    salt = Event.objects.get(game=game, seq=1).payload["salt"]
    state = load_state(game)
    summary = json.dumps(engine_for(game).summary(state)).encode()
    with pytest.raises(AssertionError, match="hand leaked"):
        _assert_keeps_secrets(summary, "Anne", game, salt)


STANDING_MARKS = ('"mutiny": "wages"', '"mutiny":"wages"', '"answers"')
"""How a seat's standing answers (a Seeräuber wages rule) would show."""


def _put_standing(client: Client, base: str, body: dict[str, Any], token: str) -> None:
    answer = client.put(
        f"{base}/standing/", json.dumps(body), content_type="application/json", **seat_auth(token)
    )
    assert answer.status_code == 200, answer.content


def _sealed_by_another(state: Any, reader: str | None) -> bool:
    """Whether a rowing-test choice of another than ``reader`` is sealed now."""
    if getattr(state, "step", None) != "choose":
        return False
    return any(state.players[seat] != reader for seat in state.choices)


@pytest.mark.parametrize("kind,seed", [("seerauber", 13), ("flusspiraten", 14)])
def test_no_one_but_its_owner_reads_a_standing_answer(
    transactional_db: None, client: Client, kind: str, seed: int
) -> None:
    """Rule: a seat's standing answers are read by its owner only (never another seat, a
    spectator or any endpoint but his own standing one), and a rowing-test choice a
    standing answer made stays sealed from the others as a chosen one does."""
    players = ("Anne", "Bart", "Cleo")
    game = game_create(kind=kind, players=[PlayerSpec(name=n) for n in players], seed=seed)
    tokens = {seat.display_name: seat_token(seat) for seat in game.seats.all()}
    base = f"/api/games/{game.pk}"
    owned = {}
    for index, name in enumerate(players):
        if kind == "seerauber":
            owned[name] = {"mutiny": {"mutiny": "wages", "ducats": 80 + index}}
        else:
            owned[name] = {"choose": {"choice": ("die", "empty", "club")[index]}}
        ((question, rule),) = owned[name].items()
        _put_standing(client, base, {"question": question, "rule": rule}, tokens[name])
    rng = random.Random(seed)
    fired = sealed = 0
    for _ in range(150):
        game.refresh_from_db()
        if game.status != "active":
            break
        state = load_state(game)
        for reader in (*players, None):
            token = tokens[reader] if reader else None
            paths = [f"{base}/", f"{base}/events/?after={max(game.last_seq - 2, 0)}"]
            paths += [f"{base}/legal/", f"{base}/standing/"] if reader else ["/api/games/"]
            for path in paths:
                text = get_json(client, path, token).content.decode()
                if path.endswith("/standing/"):
                    assert json.loads(text)["answers"] == owned[str(reader)]
                    continue
                assert not any(mark in text for mark in STANDING_MARKS), (reader, path)
                if _sealed_by_another(state, reader) and "/events/" in path:
                    sealed += 1
                    assert '"choice"' not in text, (reader, path)
                if _sealed_by_another(state, reader) and path == f"{base}/":
                    assert set(json.loads(text)["view"]["step"]["choices"]) <= {reader}
        answer = _random_move(client, game, tokens, rng)
        assert answer.status_code in (201, 409), answer.content
        fired = Event.objects.filter(game=game, payload__standing=True).count()
    assert fired >= 1, "no standing answer fired: the check saw none"
    assert kind == "seerauber" or sealed >= 1


def _entries_in(value: Any) -> list[Any]:
    """Every dict holding a ``move`` and its ``fields`` in a JSON body: a queued entry's shape."""
    found = []
    if isinstance(value, dict):
        if "move" in value and "fields" in value:
            found.append({"move": value["move"], "fields": value["fields"]})
        for item in value.values():
            found += _entries_in(item)
    elif isinstance(value, list):
        for item in value:
            found += _entries_in(item)
    return found


QUEUE_ADDS = 6
"""How often each seat queues in a game, within its hourly limit of changes."""


@pytest.mark.parametrize("kind,seed", [("freibeuter", 15), ("seerauber", 16), ("flusspiraten", 17)])
def test_no_one_but_its_owner_reads_a_queued_move(
    transactional_db: None, client: Client, kind: str, seed: int
) -> None:
    """Rule: a seat's queued moves (and its standing answers) are read by its owner only,
    through his own queue endpoint: no other seat, no spectator and no other endpoint shows
    them, until one fires and is a move like any other (marked as made by standing order)."""
    players = ("Anne", "Bart", "Cleo")
    game = game_create(kind=kind, players=[PlayerSpec(name=n) for n in players], seed=seed)
    engine = engine_for(game)
    tokens = {seat.display_name: seat_token(seat) for seat in game.seats.all()}
    base = f"/api/games/{game.pk}"
    if kind == "seerauber":
        for index, name in enumerate(players):
            rule = {"mutiny": "wages", "ducats": 80 + index}
            _put_standing(client, base, {"question": "mutiny", "rule": rule}, tokens[name])
    rng = random.Random(seed)
    seen_at_turn: dict[str, list[dict[str, Any]]] = {}
    adds = Counter[str]()
    fired = checked = 0
    for _ in range(200):
        game.refresh_from_db()
        if game.status != "active":
            break
        state = load_state(game)
        queues: dict[str, list[Any]] = {}
        for name in players:
            view = engine.view(state, name)
            if engine.queued.turn_begins(view, name):
                seen_at_turn[name] = engine.legal_moves(state, name)
                continue
            reply = get_json(client, f"{base}/queue/", tokens[name]).json()
            queues[name] = [{"move": e["move"], "fields": e["fields"]} for e in reply["queue"]]
            assert _entries_in(reply) == queues[name]  # the search finds what it looks for
            fit = [
                m
                for m in seen_at_turn.get(name, [])
                if not engine.queued.queue_error(view, name, m)
            ]
            if fit and not queues[name] and adds[name] < QUEUE_ADDS:
                adds[name] += 1
                watched = rng.sample(sorted(engine.queued.fields(view)), 1)
                body = {"move": rng.choice(fit), "fields": watched if rng.random() < 0.5 else []}
                answer = post_json(client, f"{base}/queue/", body, tokens[name])
                assert answer.status_code == 200, answer.content
                queues[name] = [
                    {"move": e["move"], "fields": e["fields"]} for e in answer.json()["queue"]
                ]
        for reader in (*players, None):
            token = tokens[reader] if reader else None
            paths = [f"{base}/", f"{base}/events/?after={max(game.last_seq - 3, 0)}"]
            paths += [f"{base}/legal/", f"{base}/standing/"] if reader else ["/api/games/"]
            for path in paths:
                text = get_json(client, path, token).content.decode()
                assert not any(
                    mark in text
                    for mark in STANDING_MARKS
                    if reader is None or not path.endswith("/standing/")
                ), (reader, path)
                others = [e for name, queue in queues.items() if name != reader for e in queue]
                leaked = [e for e in _entries_in(json.loads(text)) if e in others]
                assert not leaked and '"queue"' not in text, (reader, path, leaked)
                checked += 1
            if reader is None:
                assert get_json(client, f"{base}/queue/").status_code in (401, 403)
        answer = _random_move(client, game, tokens, rng)
        assert answer.status_code in (201, 409), answer.content
        fired = Event.objects.filter(game=game, payload__order="queued").count()
    assert fired >= 1, "no queued move fired: the check saw none"
    assert checked >= 200
