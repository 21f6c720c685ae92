"""Queued moves: a player queues moves for his next turn; when it begins, after another
player's move, the first still legal (with its watched fields unchanged) is played for him,
as his move marked ``standing`` with ``"order": "queued"``, and his queue is emptied.

The orders play once the move that makes them due commits, so these tests commit
(``transaction``).
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.errors import GameNotActive, NotYourSeat, Refused, TooMany
from games.interventions.sweep import deadline_sweep
from games.models import Event, Game, OutboundMail, Seat
from games.people.accounts import player_create
from games.people.privacy import player_data
from games.play import queued, standing
from games.play.queued import QUEUE_LIMIT, NotQueueable
from games.play.refusals import refusal_text
from games.play.services import PlayerSpec, game_create, move_submit
from games.play.signals import order_played
from games.play.takebacks import takeback_answer, takeback_request
from games.store.loading import engine_for, load_state
from tests.clock import T0

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Anne", "Bert", "Cleo")


def _game(kind: str, seed: int = 0) -> Game:
    return game_create(
        kind=kind,
        players=[PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in NAMES],
        seed=seed,
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _queued_events(game: Game) -> list[dict[str, Any]]:
    return [
        event.payload
        for event in Event.objects.filter(game=game, type="move").order_by("seq")
        if event.payload.get("order") == "queued"
    ]


def _turn_begins(game: Game, name: str) -> bool:
    engine = engine_for(game)
    return bool(engine.queued.turn_begins(engine.view(load_state(game), name), name))


def _play_first(game: Game) -> dict[str, Any]:
    """The first player to move plays his first legal move through the service."""
    game.refresh_from_db()
    name = game.to_move[0]
    move = engine_for(game).legal_moves(load_state(game), name)[0]
    move_submit(game=game, seat=_seat(game, name), move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    return move


def _predicted(game: Game, name: str) -> list[dict[str, Any]]:
    """``name``'s legal moves when his turn begins, if everyone plays his first legal move
    until then (a game without dice)."""
    engine = engine_for(game)
    state = load_state(game)
    while not engine.queued.turn_begins(engine.view(state, name), name):
        mover = engine.to_move(state)[0]
        state = engine.apply(state, mover, engine.legal_moves(state, mover)[0])
    return engine.legal_moves(state, name)


def _others_play_until_turn(game: Game, name: str, *, most: int = 60) -> None:
    """Everyone plays his first legal move (``name`` only off his turn's start) until
    ``name``'s turn begins or his queued move was played for him."""
    for _ in range(most):
        game.refresh_from_db()
        if _queued_events(game) or _turn_begins(game, name):
            return
        _play_first(game)
    raise AssertionError(f"{name}'s turn never came")


def _not_legal_then(game: Game, name: str, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A move ``name`` may queue now that will not be legal when his turn begins."""
    engine = engine_for(game)
    view = engine.view(load_state(game), name)
    hand = view["players"][name].get("hand", [])
    candidates = [{"type": "pass"}] + [
        {"type": "place", "card": card, "boat": boat, "draw": draw}
        for card in hand
        for boat in (False, True)
        for draw in ("sea", "dutchman")
    ]
    return next(
        move
        for move in candidates
        if move not in legal and engine.queued.queue_error(view, name, move) is None
    )


@pytest.mark.parametrize("kind", ["freibeuter", "seerauber"])
def test_the_first_legal_queued_move_is_played_when_the_turn_begins(kind: str) -> None:
    """Rule: when another player's move begins a player's turn, the first of his queued moves
    legal then is played at once as his move, marked as made by his standing order
    ("queued"), not by the service; an entry before it that is not legal is skipped, one
    after it is not played, and his queue is emptied. He is sent no turn email for the turn
    his order played."""
    game = _game(kind)
    bert = _seat(game, "Bert")
    legal = _predicted(game, "Bert")
    for move in (_not_legal_then(game, "Bert", legal), legal[-1], legal[0]):
        queued.queue_add(game=game, seat=bert, move=move)

    _others_play_until_turn(game, "Bert")

    (played,) = _queued_events(game)
    assert played["player"] == "Bert" and played["move"] == legal[-1]
    assert played["standing"] is True and played["auto"] is False
    assert queued.queued_moves(bert) == []
    fired = Event.objects.get(game=game, payload__order="queued").seq
    told = OutboundMail.objects.filter(game=game, seat=bert, kind="turn")
    assert fired - 1 not in {mail.context.get("seq") for mail in told}


def test_a_flusspiraten_announcement_queued_before_the_deploy_is_played() -> None:
    """Rule: a Flußpiraten player's queued announcement is played when his first turn begins
    after the others' moves, skipping a row of a boat he does not crew; the deploy he makes
    himself (not a turn's start) leaves his queue as it was."""
    game = _game("flusspiraten")
    bert = _seat(game, "Bert")
    queued.queue_add(game=game, seat=bert, move={"type": "row", "boat": 1})
    queued.queue_add(game=game, seat=bert, move={"type": "walk", "from": "SL"})
    for name in NAMES:
        game.refresh_from_db()
        move_submit(
            game=game, seat=_seat(game, name), move={"type": "deploy", "left": 5}, expected_seq=None
        )
    assert len(queued.queued_moves(bert)) == 2

    _others_play_until_turn(game, "Bert")

    (played,) = _queued_events(game)
    assert played["player"] == "Bert" and played["move"]["type"] == "walk"
    assert played["move"]["from"] == "SL" and len(played["move"]["roll"]) >= 1
    assert queued.queued_moves(bert) == []


def test_a_watched_field_that_changed_stops_the_queued_move() -> None:
    """Rule: a queued move that watches a field is not played when that field no longer
    shows what it showed when queued; the queue stays and the player gets his turn email."""
    game = _game("freibeuter")
    bert = _seat(game, "Bert")
    anne_move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    watched = anne_move.get("card") if anne_move["type"] == "place" else anne_move.get("field")
    queued.queue_add(game=game, seat=bert, move=_predicted(game, "Bert")[0], fields=[watched])

    _play_first(game)

    assert _queued_events(game) == []
    assert game.to_move == ["Bert"] and len(queued.queued_moves(bert)) == 1
    seqs = {m.context.get("seq") for m in OutboundMail.objects.filter(seat=bert, kind="turn")}
    assert game.last_seq in seqs


def test_an_unchanged_watched_field_lets_it_play() -> None:
    """Rule: a queued move whose watched fields still show what they showed is played."""
    game = _game("freibeuter")
    bert = _seat(game, "Bert")
    anne_move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    touched = anne_move.get("card") if anne_move["type"] == "place" else anne_move.get("field")
    other = next(name for name in ("D4", "C3", "E5") if name != touched)
    queued.queue_add(game=game, seat=bert, move=_predicted(game, "Bert")[0], fields=[other])

    _play_first(game)

    assert [played["player"] for played in _queued_events(game)] == ["Bert"]


def _taken_back_to_berts_turn() -> tuple[Game, Seat, dict[str, Any], dict[str, Any]]:
    """A Freibeuter game where Bert boarded a ship, queued boarding another for his next turn,
    and had his boarding taken back: his turn begins again by the takeback. The boarding he
    made and the one he queued."""
    game = _game("freibeuter")
    _play_first(game)
    bert = _seat(game, "Bert")
    made, other = [
        m for m in engine_for(game).legal_moves(load_state(game), "Bert") if m["type"] == "board"
    ][:2]
    move_submit(game=game, seat=bert, move=made, expected_seq=game.last_seq)
    game.refresh_from_db()
    queued.queue_add(game=game, seat=bert, move=other)
    takeback_request(game=game, seat=bert)
    for name in ("Anne", "Cleo"):
        takeback_answer(game=game, seat=_seat(game, name), accept=True)
    game.refresh_from_db()
    return game, bert, made, other


def test_a_takeback_never_plays_a_queued_move() -> None:
    """Rule: a takeback that begins a player's turn again never plays his queued move: he is
    told and plays himself."""
    game, bert, _made, _other = _taken_back_to_berts_turn()

    assert game.to_move == ["Bert"]
    assert _queued_events(game) == []
    assert len(queued.queued_moves(bert)) == 1


def test_at_a_timeout_the_queued_move_is_played_before_the_bot() -> None:
    """Rule: when a seat's deadline passes at the start of its turn, its first playable queued
    move is played for it, marked as made by the service and by its standing order, not the
    bot's move."""
    game, bert, _made, boarding = _taken_back_to_berts_turn()
    bert.refresh_from_db()
    assert bert.deadline_at is not None

    deadline_sweep(now=bert.deadline_at + timedelta(hours=1))

    (played,) = _queued_events(game)
    assert played["player"] == "Bert" and played["move"] == boarding
    assert played["auto"] is True and played["standing"] is True
    assert queued.queued_moves(bert) == []


def test_the_seats_own_move_at_its_turn_empties_its_queue() -> None:
    """Rule: a move a player makes himself at the start of his turn empties his queue (it
    was for that turn); a move off his turn's start does not."""
    game, bert, made, _other = _taken_back_to_berts_turn()

    move_submit(game=game, seat=bert, move=made, expected_seq=game.last_seq)

    assert queued.queued_moves(bert) == []
    assert _queued_events(game) == []


def test_queue_cancel_one_and_all() -> None:
    """Rule: a player sees his queue in order, cancels one entry by its place or all of them;
    a place he does not have is refused and changes nothing."""
    game = _game("freibeuter")
    bert = _seat(game, "Bert")
    moves = _predicted(game, "Bert")[:3]
    for move in moves:
        queued.queue_add(game=game, seat=bert, move=move)
    assert [entry["move"] for entry in queued.queued_moves(bert)] == moves

    assert [e["move"] for e in queued.queue_cancel(game=game, seat=bert, index=1)] == [
        moves[0],
        moves[2],
    ]
    for index in (5, -1, True):
        with pytest.raises(Refused):
            queued.queue_cancel(game=game, seat=bert, index=index)
    assert len(queued.queued_moves(bert)) == 2
    assert queued.queue_cancel(game=game, seat=bert) == []


def test_queue_refusals_bad_move_unknown_field_own_turn_and_limit() -> None:
    """Rule: a move the game does not let one queue is refused with why, a field the board
    does not have is refused, a player cannot queue on his own turn (he plays), and at most
    five moves are queued; nothing refused is stored."""
    game = _game("freibeuter")
    bert, anne = _seat(game, "Bert"), _seat(game, "Anne")
    with pytest.raises(NotQueueable, match="Only a turn's move"):
        queued.queue_add(game=game, seat=bert, move={"type": "chat"})
    move = _predicted(game, "Bert")[0]
    with pytest.raises(Refused, match="Z9"):
        queued.queue_add(game=game, seat=bert, move=move, fields=["Z9"])
    with pytest.raises(Refused, match="no field"):
        queued.queue_add(game=game, seat=bert, move=move, fields=[["A1"]])  # type: ignore[list-item]
    with pytest.raises(Refused, match="your turn"):
        queued.queue_add(game=game, seat=anne, move=move)
    assert queued.queued_moves(bert) == [] and queued.queued_moves(anne) == []
    for _ in range(QUEUE_LIMIT):
        queued.queue_add(game=game, seat=bert, move=move)
    with pytest.raises(Refused, match="at most 5"):
        queued.queue_add(game=game, seat=bert, move=move)
    assert len(queued.queued_moves(bert)) == QUEUE_LIMIT


def test_changes_to_the_queue_and_answers_share_one_hourly_limit() -> None:
    """Rule: a seat changes its standing orders, answers and queued moves together, at most
    30 times an hour: a flood of answer changes leaves no room to queue a move."""
    game = _game("seerauber")
    bert = _seat(game, "Bert")
    for _ in range(standing.CHANGES_LIMIT):
        standing.standing_set(game=game, seat=bert, question="mutiny", rule=None)
    with pytest.raises(TooMany):
        queued.queue_add(game=game, seat=bert, move=_predicted(game, "Bert")[0])
    with pytest.raises(TooMany):
        queued.queue_cancel(game=game, seat=bert)
    assert queued.queued_moves(bert) == []


def test_after_the_end_and_for_another_games_seat_the_queue_is_refused() -> None:
    """Rule: once a game has ended its queues no longer change, and a seat of another game
    (a stranger's) cannot touch this game's queue."""
    game, stranger_game = _game("freibeuter"), _game("freibeuter", seed=1)
    bert = _seat(game, "Bert")
    move = _predicted(game, "Bert")[0]
    queued.queue_add(game=game, seat=bert, move=move)
    stranger = _seat(stranger_game, "Bert")
    with pytest.raises(NotYourSeat):
        queued.queue_add(game=game, seat=stranger, move=move)
    with pytest.raises(NotYourSeat):
        queued.queue_cancel(game=game, seat=stranger)

    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    with pytest.raises(GameNotActive):
        queued.queue_add(game=game, seat=bert, move=move)
    with pytest.raises(GameNotActive):
        queued.queue_cancel(game=game, seat=bert)
    with pytest.raises(GameNotActive):
        queued.orders_cancel(game=game, seat=bert)
    assert len(queued.queued_moves(bert)) == 1


def test_orders_cancel_drops_the_answers_and_the_queue() -> None:
    """Rule: cancelling all standing orders drops both the answers and the queue."""
    game = _game("seerauber")
    bert = _seat(game, "Bert")
    standing.standing_set(game=game, seat=bert, question="mutiny", rule={"mutiny": "always"})
    queued.queue_add(game=game, seat=bert, move=_predicted(game, "Bert")[0])

    queued.orders_cancel(game=game, seat=bert)

    assert standing.standing_answers(bert) == {} and queued.queued_moves(bert) == []


def _orders_read_by_a_move(game: Game) -> int:
    """How many statements of the next move read the stored standing orders by themselves."""
    with CaptureQueriesContext(connection) as queries:
        _play_first(game)
    return sum('FROM "games_standinganswers"' in q["sql"] for q in queries.captured_queries)


def test_a_move_reads_the_standing_orders_only_where_seats_set_some() -> None:
    """Rule: working out the orders a move leaves due reads nothing more for a game whose
    seats set none (the game's locked read says so), and one query where a seat to move
    has some; the turn emails and the play reuse what it found."""
    game = _game("freibeuter")
    assert _orders_read_by_a_move(game) == 0
    never = _not_legal_then(game, "Cleo", _predicted(game, "Cleo"))
    queued.queue_add(game=game, seat=_seat(game, "Cleo"), move=never)  # to move next
    assert _orders_read_by_a_move(game) == 1


def test_the_players_data_export_holds_his_queue_and_no_one_elses() -> None:
    """Rule: the moves a player queued are his data: his export lists them beside his
    answers; another player's export of the same game shows none of them."""
    game = _game("freibeuter")
    bert, cleo = _seat(game, "Bert"), _seat(game, "Cleo")
    move = _predicted(game, "Bert")[0]
    queued.queue_add(game=game, seat=bert, move=move, fields=["D4"])
    players = {}
    for seat in (bert, cleo):
        address = f"{seat.display_name.lower()}@example.org"
        players[seat.display_name] = player_create(email=address, handle=seat.display_name)
        Seat.objects.filter(pk=seat.pk).update(email=address)

    (mine,) = player_data(player=players["Bert"], now=T0)["seats"]
    (theirs,) = player_data(player=players["Cleo"], now=T0)["seats"]

    assert mine["queued_moves"] == [{"move": move, "fields": {"D4": []}}]
    assert theirs["queued_moves"] == [] and json.dumps(move) not in json.dumps(theirs)


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Only a turn's move"), ("de", "nicht für deinen nächsten Zug"), ("fr", "programmé")],
)
def test_a_refused_queued_move_is_said_in_the_players_language(language: str, words: str) -> None:
    """Rule: why a move cannot be queued, or the queue is full, reads in the player's
    language (English keeps the engine's detail)."""
    game = _game("freibeuter")
    bert = _seat(game, "Bert")
    with translation.override(language):
        with pytest.raises(NotQueueable) as refused:
            queued.queue_add(game=game, seat=bert, move={"type": "chat"})
        assert words in refusal_text(refused.value)
        for _ in range(QUEUE_LIMIT):
            queued.queue_add(game=game, seat=bert, move=_predicted(game, "Bert")[0])
        with pytest.raises(Refused) as full:
            queued.queue_add(game=game, seat=bert, move=_predicted(game, "Bert")[0])
        assert {"en": "at most 5", "de": "höchstens 5", "fr": "au plus 5"}[language] in (
            refusal_text(full.value)
        )


def test_a_fired_queued_move_sends_order_played_once_committed() -> None:
    """Rule: when a standing order plays a move, ``order_played`` tells of it (so its seat
    can be emailed): the game, the seat, the move and the order's kind."""
    heard: list[dict[str, Any]] = []

    def hear(sender: object, **kwargs: Any) -> None:
        heard.append(kwargs)

    game = _game("freibeuter")
    bert = _seat(game, "Bert")
    move = _predicted(game, "Bert")[0]
    queued.queue_add(game=game, seat=bert, move=move)
    order_played.connect(hear)
    try:
        _play_first(game)
    finally:
        order_played.disconnect(hear)

    (told,) = heard
    assert (told["game"].pk, told["seat"].pk, told["move"], told["kind"]) == (
        game.pk,
        bert.pk,
        move,
        "queued",
    )
