"""The Flußpiraten game page: each step as a prompt, a move chosen, seen in words, confirmed.

Every step (deploy, announce, path, rowing test,
turntable wish, pile-in) asks in words with the roll shown; an option links
to its confirmation ("This move: …" with the notation as reply syntax), and
the confirmed POST makes the move. The rowing test's three choices are
named for what they do, and a rower who has chosen reads that he waits for
the other. The river, the turntable and the scoring track are labelled in
the reader's language; "Your turn." is said by the shared banner.
"""

from __future__ import annotations

import re
from typing import Any

from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from engine import flusspiraten as game
from engine.base import Move
from engine.flusspiraten.state import State
from games.kinds import flusspiraten as kind
from games.kinds.base import History, PlayedMove, TableSeat, TableView
from games.models import Event, Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for, load_state
from tests.engine.flusspiraten_positions import play, position

NAMES = ("Volker", "Birgit", "Dieter")


def _game(language: str = "en", seed: int = 7) -> Game:
    players = [PlayerSpec(name=name, language=language) for name in NAMES]
    return game_create(kind="flusspiraten", players=players, seed=seed)


def _bot(found: Game) -> None:
    name = found.to_move[0]
    move = engine_for(found).bot_move(load_state(found), name)
    seat = found.seats.get(display_name=name)
    move_submit(game=found, seat=seat, move=move, expected_seq=found.last_seq)
    found.refresh_from_db()


def _until(found: Game, kind_of_step: str) -> dict[str, Any]:
    """Let the bots play until the game waits for a ``kind_of_step`` step."""
    while (step := engine_for(found).summary(load_state(found))["step"])["kind"] != kind_of_step:
        _bot(found)
    return step


def _url(found: Game, name: str) -> str:
    return f"/play/{seat_token(found.seats.get(display_name=name))}/"


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_walk_is_chosen_seen_in_words_confirmed_and_its_roll_shown(
    db: None, client: Client
) -> None:
    found = _game("de")
    _until(found, "announce")
    name = found.to_move[0]
    page = client.get(_url(found, name)).content.decode()
    assert "Sag deinen Zug an" in page and "Du bist am Zug." in page
    assert 'data-move="walk SL"' in page
    assert "Geht mit einem Piraten vom Start links los" in page

    chosen = client.get(_url(found, name), {"move": "walk SL"}).content.decode()
    assert "Dieser Zug:" in chosen and 'name="move" value="walk SL"' in chosen
    fragment = client.get(f"{_url(found, name)}confirm/", {"move": "walk SL"}).content.decode()
    assert _text(fragment).strip().startswith("Dieser Zug: Geht mit einem Piraten vom Start")
    assert "Der Server würfelt, sobald du bestätigst." in fragment
    assert Event.objects.filter(game=found, type=events.MOVE).count() == 3  # GETs change nothing

    form = {"move": "walk SL", "expected_seq": found.last_seq, "move_id": "page-walk"}
    assert client.post(_url(found, name), form).status_code == 302
    stored = Event.objects.filter(game=found, type=events.MOVE).order_by("-seq").first()
    roll = stored.payload["move"]["roll"]
    after = client.get(_url(found, name)).content.decode()
    assert f"würfelte {roll[0]}" in _text(after)  # the last move names the roll
    if engine_for(found).summary(load_state(found))["step"]["kind"] == "path":
        assert f"Gewürfelt: {roll[0]}. Dein Pirat auf dem Start links geht" in after
        assert "Wähle den Weg" in after


def test_the_rowing_test_names_its_choices_and_the_chooser_waits_for_the_other(
    db: None, client: Client
) -> None:
    found = _game("fr")
    step = _until(found, "choose")
    helmsman, partner = step["helmsman"], step["partner"]
    page = client.get(_url(found, helmsman)).content.decode()
    assert "Épreuve d’aviron : choisissez en secret" in page
    for name, notation in (("Ramer (dé)", "die"), ("Main vide", "empty"), ("Massue", "club")):
        assert name in page and f'data-move="{notation}"' in page
    assert "deux massues font chavirer le bateau" in page

    fragment = client.get(f"{_url(found, helmsman)}confirm/", {"move": "club"}).content.decode()
    assert "Votre choix : Massue. Il reste secret" in fragment
    form = {"move": "club", "expected_seq": found.last_seq, "move_id": "page-club"}
    client.post(_url(found, helmsman), form)
    waiting = client.get(_url(found, helmsman)).content.decode()
    assert 'data-waiting="rower"' in waiting and "Votre choix : Massue." in waiting
    assert "Vous avez choisi. En attente de l’autre rameur." in waiting
    other = client.get(_url(found, partner)).content.decode()
    assert f"{helmsman} a choisi." in other and "Massue" in other  # his own three choices
    assert "Votre choix" not in other

    found.refresh_from_db()
    form = {"move": "die", "expected_seq": found.last_seq, "move_id": "page-die"}
    client.post(_url(found, partner), form)
    history = _text(client.get(f"{_url(found, partner)}history/").content.decode())
    assert "Choisit la massue." in history and "Choisit de ramer (dé)" in history


def _table(state: State, viewer: str, latest: Move | None = None) -> TableView:
    names = tuple(state.players)
    return TableView(
        kind="flusspiraten",
        engine=game,
        viewer=viewer,
        active=True,
        paused=False,
        over=False,
        players=tuple(TableSeat(name, number, False) for number, name in enumerate(names, 1)),
        to_move=tuple(game.to_move(state)),
        state=state,
        legal=game.legal_moves(state, viewer),
        sealed_seq=lambda: None,
        last_move=lambda: None,
        history=lambda: History(start=state, moves=[], notes=[]),
        revealed=lambda: None,
    )


def test_a_walk_onto_a_taken_ford_asks_the_path_then_the_bank_the_waiting_pirate_goes_to() -> None:
    """§6, [F16]: the walker sends the pirate waiting on the ford to any bank space."""
    state = play(
        position(walkers={"A": ["L4"], "B": ["F6"]}), "A", {"type": "walk", "from": "L4"}, [3]
    )
    table = _table(state, "A")
    first = kind.page_context(table=table, selection={})
    options = [option for group in first["controls"].groups for option in group.options]
    ford = next(option for option in options if option.notation == "path L5 L6 F6")
    assert not ford.full and ford.label.startswith("Walks to ford 6, where the waiting pirate")
    assert len(options) == 3  # to L7, back to L1, and the ford once (not once per bank space)

    second = kind.page_context(table=table, selection={"move": "path L5 L6 F6"})
    controls = second["controls"]
    assert controls.part == "path L5 L6 F6" and controls.move is None
    assert [group.title for group in controls.groups] == ["Left bank", "Right bank"]
    assert [len(group.options) for group in controls.groups] == [17, 17]
    html = render_to_string(
        "games/flusspiraten/_controls.html", {**second, "base": "/b/", "confirm_url": "/b/c/"}
    )
    assert 'href="?move=path+L5+L6+F6+evict+R3"' in html
    assert "The waiting pirate goes to right bank 3" in html

    third = kind.page_context(table=table, selection={"move": "path L5 L6 F6 evict R3"})
    assert third["controls"].move == {"type": "path", "steps": ["L5", "L6", "F6"], "evict": "R3"}
    assert third["confirmation"] == (
        "Walks to ford 6 and sends the pirate waiting there to right bank 3."
    )


def test_a_boat_path_is_offered_with_what_it_pushes_and_the_roll_in_the_prompt() -> None:
    """§4: entering an occupied space pushes the boats ahead; the prompt names the roll. The
    path is offered by where it ends, on the river too; its confirmation says what it pushes."""
    table = _asked_for_a_path(position(boats={1: ("I4", "A"), 2: ("I6", "B")}), roll=3)
    with translation.override("de"):
        context = kind.page_context(table=table, selection={"move": "path I5 I6 I7"})
    controls = context["controls"]
    assert controls.prompt.startswith("Gewürfelt: 3. Boot 1 fährt 3 Punkte. Wähle den Weg")
    assert context["last_move"].words == (
        "Rudert Boot 1 allein: würfelte 3. Als Nächstes wird der Weg von 3 Punkten gewählt."
    )
    option = next(o for g in controls.groups for o in g.options if o.notation == "path I5 I6 I7")
    assert (option.short, option.label) == ("Innenbahn 7", "Rudert Boot 1 zur Innenbahn 7")
    assert [target.space for target in controls.targets if target.current] == ["I7"]
    assert context["confirmation"].startswith(
        "Rudert Boot 1 zur Innenbahn 7. Boot 2 fährt von der Innenbahn 6 zur Innenbahn 8."
    )


def _asked_for_a_path(start: State, *, roll: int) -> TableView:
    """A's table once A has rowed boat 1 alone with ``roll``: its path to choose, the row as
    the last move."""
    row: Move = {"type": "row", "boat": 1, "roll": [roll]}
    state = game.apply(start, "A", row)
    table = _table(state, "A")
    return TableView(**{**table.__dict__, "last_move": lambda: _played(start, state, row)})


def _played(before: State, after: State, move: Move) -> PlayedMove:
    return PlayedMove(seq=9, player="A", move=move, auto=False, before=before, after=after)


def test_a_path_is_chosen_by_where_it_ends_on_the_river_then_by_its_way() -> None:
    """A path's ends are short buttons and named links on the river; where several ways
    lead to one end, choosing it (``?field=``) lists those ways by the spaces they pass."""
    table = _asked_for_a_path(position(boats={1: ("I3", "A"), 2: ("H2", "B")}), roll=5)
    with translation.override("en"):
        ends = kind.page_context(table=table, selection={})
        ways = kind.page_context(table=table, selection={"field": "O7"})
    (where,) = ends["controls"].groups
    shorts = [option.short for option in where.options]
    assert len(shorts) == len(set(shorts)) < len(table.legal)
    seven = next(option for option in where.options if option.short == "outer lane 7")
    assert seven.query == "?field=O7" and seven.label.startswith("Rows boat 1 to outer lane 7: ")
    assert f'href="?field=O7" aria-label="{seven.label}"' in ends["river_down"]
    assert 'role="img"' not in ends["river_down"]  # an image's parts would be no links
    listed = ways["controls"].groups[1].options
    assert len(listed) > 1 and all(option.label.startswith("Via ") for option in listed)
    assert {option.notation.split()[-1] for option in listed} == {"O7"}
