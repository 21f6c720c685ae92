"""Standing orders on a 360 px phone, one game each: the player sets a standing answer (where
his game asks questions off his turn) and queues moves on his page, cancels one there, the
others play on through the service, and his orders fire: his history shows them "played by
standing order", and the cancelled move is never played. The page with its panels passes
axe-core and the Nu validator, and every control of the queue is a finger's size; a stale
page's refused cancel shows its error in view, without JavaScript too."""

from __future__ import annotations

from typing import Any

import pytest
from test_pages_checked import LANGUAGES, PHONE, Inspector

from engine.base import Move
from games.models import Event, Game, Seat
from games.play.links import seat_token
from games.play.queued import queued_moves
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.browser.checks import out_of_view, small_targets
from tests.site.seerauber_mutiny import NAMES, OPENING

QUEUE_CONTROLS = "#queued button, #queued select, #queued summary, #queued .queue-watch label"
"""The queue panel's controls: every one must be 44 × 44 CSS px at least."""


def _game(kind: str, seed: int) -> Game:
    players = [PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in NAMES]
    return game_create(kind=kind, players=players, seed=seed)


def _play(game: Game, player: str, move: Move) -> None:
    """``player`` makes ``move`` through the service, as his own page or email would."""
    game = Game.objects.get(pk=game.pk)
    seat = game.seats.get(display_name=player)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)


def _queue(page: Any, notation: str, watch: str = "none", fields: tuple[str, ...] = ()) -> None:
    """Queue the move ``notation`` on the open page, its condition as given."""
    page.select_option("#queued-move", notation)
    page.check(f'#queued input[name="watch"][value="{watch}"]')
    if fields:
        page.locator("#queued summary").click()
        for name in fields:
            page.check(f'#queued input[name="fields"][value="{name}"]')
    with page.expect_navigation():
        page.get_by_role("button", name="Queue this move").click()


def _cancel(page: Any, number: int) -> None:
    with page.expect_navigation():
        page.get_by_role("button", name=f"Cancel queued move {number}").click()


def _unrolled(move: Move) -> Move:
    """``move`` without the dice the service rolled into it."""
    return {key: value for key, value in move.items() if key != "roll"}


def _orders_played(game: Game, player: str) -> list[tuple[Move, str]]:
    """Each move of ``player`` a standing order played, with its kind (answer or queued)."""
    return [
        (_unrolled(event.payload["move"]), event.payload.get("order", ""))
        for event in Event.objects.filter(game=game, type="move").order_by("seq")
        if event.payload.get("player") == player and event.payload.get("standing")
    ]


def _moves_of(game: Game, player: str) -> list[Move]:
    return [
        _unrolled(event.payload["move"])
        for event in Event.objects.filter(game=game, type="move").order_by("seq")
        if event.payload.get("player") == player
    ]


def _checked(inspector: Inspector, label: str, path: str) -> None:
    """Check the page with axe and Nu in each language, and with its list of places open,
    that it fits the phone and its queue's controls are a finger's size."""
    page = inspector.page
    for language in LANGUAGES:
        inspector.speak(language)
        inspector.check_page(f"{label} ({language})", path)
        page.locator("#queued summary").click()
        found = [f"small: {each}" for each in small_targets(page, QUEUE_CONTROLS)]
        if found := found + inspector.layout():
            inspector.problems.setdefault(f"{label} opened ({language})", []).extend(found)
    inspector.speak("en")


@pytest.mark.django_db(transaction=True)
def test_seerauber_a_mutiny_answer_and_a_queued_move_fire_and_the_cancelled_one_does_not(
    live_server: Any, browser: Any
) -> None:
    game = _game("seerauber", seed=4)
    bart = game.seats.get(display_name="Bart")
    path = f"/play/{seat_token(bart)}/"
    inspector = Inspector(browser, live_server.url, phone=True)
    page = inspector.page
    inspector.visit(path)
    page.select_option("#standing-mutiny", "never")
    with page.expect_navigation():
        page.get_by_role("button", name="Save standing answers").click()
    _queue(page, "stack B? on G?")
    # Bart's first move of the opening, if the ships on display are still the same.
    _queue(page, "stack B3 on R2", watch="chosen", fields=("display",))
    _cancel(page, 1)
    assert [entry["move"] for entry in queued_moves(bart)] == [
        {"type": "stack", "piece": "B3", "onto": "R2"}
    ]
    assert "Stacks blue 3 on red 2" in page.inner_text("#queued")
    _checked(inspector, "a seat's page with its queued move", path)

    engine = engine_for(game)
    for player, text in OPENING:
        if player != "Bart" or text != "stack B3 on R2":  # his queued move plays that one
            _play(game, player, engine.parse_move(text))

    assert _orders_played(game, "Bart") == [
        ({"type": "stack", "piece": "B3", "onto": "R2"}, "queued"),
        ({"type": "no_mutiny"}, "answer"),
    ]
    assert {"type": "stack", "piece": "B?", "onto": "G?"} not in _moves_of(game, "Bart")
    history = inspector.visit(f"{path}history/")
    assert history.count("played by standing order") >= 2
    inspector.close()
    assert not inspector.problems, inspector.report()


@pytest.mark.django_db(transaction=True)
def test_flusspiraten_a_queued_walk_fires_without_javascript_and_the_cancelled_one_does_not(
    live_server: Any, browser: Any
) -> None:
    game = _game("flusspiraten", seed=4)
    for player in NAMES:
        _play(game, player, {"type": "deploy", "left": 3})
    bart = game.seats.get(display_name="Bart")
    path = f"/play/{seat_token(bart)}/"
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page, stale = context.new_page(), context.new_page()
    page.goto(live_server.url + path)
    page.select_option("#standing-choose", "club")
    with page.expect_navigation():
        page.get_by_role("button", name="Save standing answers").click()
    _queue(page, "walk SR")
    _queue(page, "walk SL")
    stale.goto(live_server.url + path)
    _cancel(page, 1)
    assert [entry["move"] for entry in queued_moves(bart)] == [{"type": "walk", "from": "SL"}]

    # A page that still shows the cancelled move: its second Cancel names a move gone.
    with stale.expect_navigation():
        stale.get_by_role("button", name="Cancel queued move 2").click()
    assert "There is no such queued move to cancel." in stale.inner_text("#queued-error")
    assert out_of_view(stale, "#queued-error") == ""
    assert small_targets(page, QUEUE_CONTROLS) == []
    context.close()

    inspector = Inspector(browser, live_server.url, phone=True)
    _checked(inspector, "a rower's page with its queued move", path)
    engine = engine_for(game)
    while queued_moves(bart):
        game = Game.objects.get(pk=game.pk)
        assert game.status == Game.Status.ACTIVE and "Bart" not in game.to_move, game.to_move
        player = game.to_move[0]
        _play(game, player, engine.bot_move(load_state(game), player))

    assert ({"type": "walk", "from": "SL"}, "queued") in _orders_played(game, "Bart")
    assert {"type": "walk", "from": "SR"} not in _moves_of(game, "Bart")
    assert "played by standing order" in inspector.visit(f"{path}history/")
    inspector.close()
    assert not inspector.problems, inspector.report()


def _untouched(engine: Any, game: Game, player: str, field: str) -> Move:
    """A legal move of ``player`` that places nothing on ``field`` and boards nothing."""
    return next(
        move
        for move in engine.legal_moves(load_state(game), player)
        if move["type"] != "board" and field not in (move.get("card"), move.get("field"))
    )


@pytest.mark.django_db(transaction=True)
def test_freibeuter_a_queued_card_fires_when_its_field_is_unchanged_and_the_cancelled_does_not(
    live_server: Any, browser: Any
) -> None:
    game = _game("freibeuter", seed=4)
    bart: Seat = game.seats.get(display_name="Bart")
    path = f"/play/{seat_token(bart)}/"
    inspector = Inspector(browser, live_server.url, phone=True)
    page = inspector.page
    inspector.visit(path)
    offered = page.eval_on_selector_all("#queued-move option", "os => os.map(o => o.value)")
    places = [text for text in offered if text.startswith("place ") and "chests" not in text]
    kept, cancelled = (
        places[0],
        next(text for text in places if text.split()[1] != places[0].split()[1]),
    )
    engine = engine_for(game)
    _queue(page, cancelled)
    _queue(page, kept, watch="move")
    _cancel(page, 1)
    kept_move = engine.parse_move(kept)
    assert queued_moves(bart)[0]["fields"] == {kept_move["card"]: []}
    _checked(inspector, "a seat's page with its queued card", path)

    _play(game, "Anne", _untouched(engine, game, "Anne", kept_move["card"]))

    assert _orders_played(game, "Bart") == [(kept_move, "queued")]
    assert engine.parse_move(cancelled) not in _moves_of(game, "Bart")
    assert "played by standing order" in inspector.visit(f"{path}history/")
    inspector.close()
    assert not inspector.problems, inspector.report()
