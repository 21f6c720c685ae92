"""Every Flußpiraten move in words, in English, German and French.

Each move type is made in a hand-built position and described from the views
before and after it, as the page's last move and the history describe it:
what the move does, its roll named as a roll ("rolled 2"; two rowers' dice each
given to its roller), and what followed on the river (drifts, pushes, pirates
overboard, scores). A choice
of the rowing test is named only once unsealed; the words for lists
(``move_action``, the dashboard and the turn emails) never name one ([F5]).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import translation

from engine import flusspiraten as game
from engine.base import Move
from engine.flusspiraten.state import State
from engine.record import FORMAT
from games.kinds import flusspiraten as kind
from games.kinds.flusspiraten import move_action
from games.kinds.flusspiraten.describe import choice_effect, choice_name, move_words
from games.kinds.flusspiraten.steps import step_line
from games.models import Game
from games.play.services import game_import, move_submit
from games.play.tables import table_for
from tests.engine.flusspiraten_positions import play, position

ROW1: Move = {"type": "row", "boat": 1}


def _words(state: State, player: str, move: Move, language: str, *, sealed: bool = False) -> str:
    after = game.apply(state, player, move)
    with translation.override(language):
        return move_words(move, game.view(state, None), game.view(after, None), sealed=sealed)


def _rowing_test(first: str, second: str) -> tuple[State, Move]:
    """Boat 1 on I5 with A (helmsman) and B; A chose ``first``; B's ``second`` still to make."""
    state = play(position(boats={1: ("I5", "AB")}), "A", ROW1)
    state = play(state, "A", {"type": "choose", "choice": first})
    return state, {"type": "choose", "choice": second}


WALK_TO_FORD = position(walkers={"A": ["L4"], "B": ["F6"]})
CASES: dict[str, tuple[State, str, Move, dict[str, str]]] = {
    "deploy": (
        game.start(("A", "B", "C"), {"turntable_roll": 1}),
        "A",
        {"type": "deploy", "left": 3},
        {
            "en": "Splits the pirates: 3 on the left start, 2 on the right start.",
            "de": "Verteilt die Piraten: 3 auf den Start links, 2 auf den Start rechts.",
            "fr": "Répartit les pirates : 3 au départ gauche, 2 au départ droit.",
        },
    ),
    "walk": (
        position(walkers={"A": ["L2"]}),
        "A",
        {"type": "walk", "from": "L2", "roll": [1]},
        {
            "en": "Walks a pirate from left bank 2: rolled 1. The path of 1 point is chosen next.",
            "de": "Geht mit einem Piraten vom Ufer links 2 los: würfelte 1. Als Nächstes wird"
            " der Weg von 1 Punkt gewählt.",
            "fr": "Fait partir un pirate de la rive gauche 2 : a obtenu 1 aux dés. Le chemin"
            " de 1 point est choisi ensuite.",
        },
    ),
    "path on foot, evicting": (
        play(WALK_TO_FORD, "A", {"type": "walk", "from": "L4"}, [3]),
        "A",
        {"type": "path", "steps": ["L5", "L6", "F6"], "evict": "R3"},
        {
            "en": "Walks to ford 6 and sends the pirate waiting there to right bank 3.",
            "de": "Geht zur Furt 6 und schickt den dort wartenden Piraten zum Ufer rechts 3.",
            "fr": "Marche jusqu’au gué 6 et envoie le pirate qui y attendait à la rive droite 3.",
        },
    ),
    "row alone": (
        position(boats={1: ("I3", "A")}),
        "A",
        {**ROW1, "roll": [2]},
        {
            "en": "Rows boat 1 alone: rolled 2. Boat 1 drifts back from inner lane 3 to inner"
            " lane 1.",
            "de": "Rudert Boot 1 allein: würfelte 2. Boot 1 treibt von der Innenbahn 3 zurück"
            " zur Innenbahn 1.",
            "fr": "Rame en solitaire avec le bateau 1 : a obtenu 2 aux dés. Le bateau 1 dérive de"
            " la voie intérieure 3 à la voie intérieure 1.",
        },
    ),
    "row out of the harbour": (
        position(boats={1: ("H1", "AB")}),
        "A",
        {**ROW1, "roll": [2, 4]},
        {
            "en": "Rows boat 1 out of the harbour. Both row: A rolled 2, B rolled 4. Boat 1 stays"
            " where it is.",
            "de": "Rudert Boot 1 aus dem Hafen. Beide rudern: A würfelte 2, B würfelte 4. Boot 1"
            " bleibt, wo es ist.",
            "fr": "Fait sortir le bateau 1 du port. Les deux rament : A a obtenu 2 aux dés, B 4."
            " Le bateau 1 reste où il est.",
        },
    ),
    "row into a rowing test": (
        position(boats={1: ("I5", "AB")}),
        "A",
        ROW1,
        {
            "en": "Rows boat 1 with B: a rowing test.",
            "de": "Rudert Boot 1 mit B: eine Ruderprobe.",
            "fr": "Rame avec B dans le bateau 1 : une épreuve d’aviron.",
        },
    ),
    "choose, the test settled": (
        *_rowing_test("club", "empty")[:1],
        "B",
        _rowing_test("club", "empty")[1],
        {
            "en": "Chooses the empty hand. B: a pirate goes overboard from boat 1 onto left"
            " bank 5. Boat 1 drifts back from inner lane 5 to inner lane 4.",
            "de": "Wählt die leere Hand. B: ein Pirat geht aus Boot 1 über Bord und landet"
            " am Ufer links 5. Boot 1 treibt von der Innenbahn 5 zurück zur Innenbahn 4.",
            "fr": "Choisit la main vide. B : un pirate tombe du bateau 1 sur la rive gauche 5."
            " Le bateau 1 dérive de la voie intérieure 5 à la voie intérieure 4.",
        },
    ),
    "path of a boat": (
        play(position(boats={1: ("I16", "A")}, turntable=4), "A", ROW1, [1]),
        "A",
        {"type": "path", "steps": ["I17"]},
        {
            "en": "Rows boat 1 to inner lane 17.",
            "de": "Rudert Boot 1 zur Innenbahn 17.",
            "fr": "Mène le bateau 1 jusqu’à la voie intérieure 17.",
        },
    ),
    "pass": (
        position(boats={1: ("H1", "A")}, walkers={"B": ["SL"]}),
        "A",
        {"type": "pass"},
        {
            "en": "Passes: no walk and no row is possible.",
            "de": "Setzt aus: weder Gehen noch Rudern ist möglich.",
            "fr": "Passe : ni marcher ni ramer n’est possible.",
        },
    ),
}


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("case", CASES)
def test_each_move_type_is_said_in_words_with_its_roll_and_what_followed(
    case: str, language: str
) -> None:
    state, player, move, expected = CASES[case]
    assert _words(state, player, move, language) == expected[language]


def test_a_boat_rowed_into_the_source_scores_and_turns_the_turntable() -> None:
    """§7, [F23]: both owners score the turntable's value, then it turns once."""
    start = position(boats={1: ("I17", "AB")}, walkers={"C": ["SL"]}, turntable=4)
    state = play(start, "A", ROW1)
    state = play(state, "A", {"type": "choose", "choice": "die"})
    state = play(state, "B", {"type": "choose", "choice": "die"}, [1, 2])
    words = _words(state, "A", {"type": "path", "steps": ["source"]}, "de")
    assert words == (
        "Rudert Boot 1 in die Quelle. A bekommt 4 Punkte und hat jetzt 4. B bekommt 4 Punkte"
        " und hat jetzt 4. Die Drehscheibe dreht sich auf 5."
    )


def test_two_clubs_capsize_the_boat_and_both_rowers_go_overboard() -> None:
    state, move = _rowing_test("club", "club")
    assert _words(state, "B", move, "en") == (
        "Chooses the club. A: a pirate goes overboard from boat 1 onto left bank 5. B: a pirate"
        " goes overboard from boat 1 onto left bank 5. Boat 1 capsizes and returns to the"
        " harbour."
    )


def test_a_departure_asks_for_the_turntable_wish_and_the_answer_is_said() -> None:
    """[F4], [F14]: the helmsman's wish is in his path, the partner's is a decision."""
    state = play(position(boats={1: ("H1", "AB")}, turntable=2), "A", ROW1, [4, 3])
    path: Move = {"type": "path", "steps": ["O1", "O2", "O3"], "turn": True}
    assert _words(state, "A", path, "fr") == (
        "Mène le bateau 1 jusqu’à la voie extérieure 3 et souhaite que la plaque tournante tourne."
    )
    state = game.apply(state, "A", path)
    assert _words(state, "B", {"type": "wish", "turn": True}, "de") == (
        "Stimmt zu: die Drehscheibe dreht sich. Die Drehscheibe dreht sich auf 3."
    )
    assert _words(state, "B", {"type": "wish", "turn": False}, "en") == (
        "Refuses: the turntable stays."
    )


def test_a_pirate_waiting_on_a_ford_piles_in_or_stays() -> None:
    """§6, [F7], [F13]: a boat ending its move at the ford may take the waiting pirate."""
    state = play(position(boats={1: ("I5", "A")}, walkers={"C": ["F6"]}), "A", ROW1, [1])
    state = play(state, "A", {"type": "path", "steps": ["I6"]})
    assert step_line(game.view(state, None)["step"], None) == ("C may pile into boat 1 at ford 6.")
    with translation.override("de"):
        assert step_line(game.view(state, "C")["step"], "C") == (
            "Dein Pirat auf der Furt 6 darf in Boot 1 springen."
        )
    assert _words(state, "C", {"type": "pile", "boat": 1}, "fr") == (
        "Saute du gué dans le bateau 1."
    )
    assert _words(state, "C", {"type": "stay"}, "de") == "Bleibt auf der Furt."


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_a_choice_is_never_named_while_sealed_nor_in_lists(language: str) -> None:
    """[F5]: the sealed first choice and every choice in ``move_action`` say only "chooses"."""
    state = play(position(boats={1: ("I5", "AB")}), "A", ROW1)
    names = {"die", "empty", "club"}
    with translation.override(language):
        names |= {choice_name(choice) for choice in ("die", "empty", "club")}
        said = []
        for choice in ("die", "empty", "club"):
            move: Move = {"type": "choose", "choice": choice}
            said.append(_words(state, "A", move, language, sealed=True))
            said.append(move_action(move))
            said.append(move_action({**move, "roll": [3, 4]}))
    assert len(set(said[::3])) == 1  # the sealed words are alike whatever was chosen
    for words in said:
        assert not any(name.lower() in words.lower() for name in names), words


def test_the_rowing_test_choices_are_named_for_what_they_do() -> None:
    named: dict[str, Any] = {}
    for language in ("en", "de", "fr"):
        with translation.override(language):
            named[language] = [
                (choice_name(choice), choice_effect(choice)) for choice in ("die", "empty", "club")
            ]
    assert [name for name, _ in named["en"]] == ["Row (die)", "Empty hand", "Club"]
    assert [name for name, _ in named["de"]] == ["Rudern (Würfel)", "Leere Hand", "Keule"]
    assert [name for name, _ in named["fr"]] == ["Ramer (dé)", "Main vide", "Massue"]
    assert "throws you overboard" in named["en"][0][1]
    assert "wirfst du ihn über Bord" in named["de"][1][1]
    assert "chavirer" in named["fr"][2][1]


def test_move_action_names_every_roll_as_a_roll() -> None:
    with translation.override("de"):
        assert move_action({"type": "row", "boat": 3, "roll": [5]}) == ("rudert Boot 3: würfelte 5")
        assert move_action({"type": "row", "boat": 3, "roll": [3, 5]}) == (
            "rudert Boot 3; gewürfelt: 3 und 5"
        )
        assert move_action({"type": "walk", "from": "SL", "roll": [4]}) == (
            "geht mit einem Piraten vom Start links los: würfelte 4"
        )
    assert move_action({"type": "path", "steps": ["XL", "boat 2"]}) == (
        "walks into boat 2 in the harbour"
    )
    assert move_action({"type": "path", "steps": ["O4", "source"]}) == "rows into the source"


def _steps() -> dict[str, dict[str, Any]]:
    """A view's pending step of each kind, from hand-built positions."""
    test = play(position(boats={1: ("I5", "AB")}), "A", ROW1)
    departed = play(position(boats={1: ("H1", "AB")}), "A", ROW1, [4, 3])
    ford = play(position(boats={1: ("I5", "A")}, walkers={"C": ["F6"]}), "A", ROW1, [1])
    states = {
        "deploy": game.start(("A", "B", "C"), {"turntable_roll": 1}),
        "announce": position(walkers={"A": ["SL"]}),
        "choose": play(test, "A", {"type": "choose", "choice": "club"}),
        "path": play(position(walkers={"A": ["L2"]}), "A", {"type": "walk", "from": "L2"}, [1]),
        "wish": game.apply(
            departed, "A", {"type": "path", "steps": ["I1", "I2", "I3"], "turn": True}
        ),
        "pile": game.apply(ford, "A", {"type": "path", "steps": ["I6"]}),
    }
    return {step: game.view(state, None)["step"] for step, state in states.items()}


STEP_LINES = {
    "deploy": (
        "Every player splits five pirates between the two start spaces.",
        "Jeder verteilt seine fünf Piraten auf die beiden Startfelder.",
        "Chaque joueur répartit ses cinq pirates entre les deux cases de départ.",
    ),
    "announce": (
        "A announces a walk or a row.",
        "A sagt an: gehen oder rudern.",
        "A annonce : marcher ou ramer.",
    ),
    "choose": (
        "Rowing test in boat 1 between A and B. A has chosen.",
        "Ruderprobe in Boot 1 zwischen A und B. A hat gewählt.",
        "Épreuve d’aviron dans le bateau 1 entre A et B. A a choisi.",
    ),
    "path": (
        "A chooses where the pirate from left bank 2 walks (1 space).",
        "A wählt, wohin der Pirat vom Ufer links 2 geht (1 Feld).",
        "A choisit où va le pirate parti de la rive gauche 2 (1 case).",
    ),
    "wish": (
        "B says whether the turntable turns.",
        "B sagt, ob sich die Drehscheibe drehen soll.",
        "B dit si la plaque tournante doit tourner.",
    ),
    "pile": (
        "C may pile into boat 1 at ford 6.",
        "C darf an der Furt 6 in Boot 1 springen.",
        "C peut sauter dans le bateau 1 au gué 6.",
    ),
}


def test_every_step_is_said_in_three_languages_with_the_turn_of_the_player_asked() -> None:
    steps = _steps()
    for waiting_for, lines in STEP_LINES.items():
        for language, line in zip(("en", "de", "fr"), lines, strict=True):
            with translation.override(language):
                assert step_line(steps[waiting_for], None) == line
    with translation.override("fr"):
        assert step_line(steps["announce"], "A") == "Annoncez si vous marchez ou ramez."
        assert step_line(steps["wish"], "B") == "Dites si la plaque tournante doit tourner."
        assert step_line(None, "A") == "La partie est terminée."


def test_the_emailed_river_text_is_in_the_readers_language() -> None:
    state = position(boats={1: ("I5", "AB")}, walkers={"C": ["F6"]})
    with translation.override("de"):
        text = kind.position_text(game.view(state, None))
    assert text.startswith("Quelle (oben). Drehscheibe: 1.\nPos  Ufer links  Innenbahn")
    assert "[1:AB]" in text and "F6:C" in text and "Hafen: [2:-]" in text
    assert text.endswith("A sagt an: gehen oder rudern.")


WALK_FROM_L2 = play(position(walkers={"A": ["L2"]}), "A", {"type": "walk", "from": "L2"}, [1])
"""A walked from left bank 2 with a 1: left bank 1 or 3 is his to choose."""
PILE_AT_F6 = game.apply(
    play(position(boats={1: ("I5", "A")}, walkers={"C": ["F6"]}), "A", ROW1, [1]),
    "A",
    {"type": "path", "steps": ["I6"]},
)
"""A rowed boat 1 to inner lane 6: C, waiting on ford 6, may pile in."""
WALK_FROM_XL = play(position(walkers={"A": ["XL"]}), "A", {"type": "walk", "from": "XL"}, [2])
"""A walked from the left red space with a 2: on to left bank 2, or into a harbour boat."""
MOVING_WORDS: dict[str, tuple[State, Move, str]] = {
    "walk": (WALK_FROM_L2, {"type": "path", "steps": ["L3"]}, "Walks to left bank 3."),
    "pile": (PILE_AT_F6, {"type": "pile", "boat": 1}, "Piles into boat 1 from the ford."),
    "walk into a boat": (
        WALK_FROM_XL,
        {"type": "path", "steps": ["boat 2"]},
        "Walks into boat 2 in the harbour.",
    ),
}
"""Moves whose own words move a pirate (so the pirates' changes leave that one out)."""


@pytest.mark.parametrize("case", MOVING_WORDS)
def test_a_move_moving_a_pirate_said_against_a_view_not_showing_it_is_its_words_alone(
    case: str,
) -> None:
    """A page says its last move against the position it read: when that is the position
    before the move (a move stored just after the read), the words are the move's alone.
    """
    state, move, words = MOVING_WORDS[case]
    player = game.to_move(state)[0]
    assert move in game.legal_moves(state, player)
    view = game.view(state, player)
    assert move_words(move, view, view, sealed=False) == words
    after = game.view(game.apply(state, player, move), player)
    assert move_words(move, view, after, sealed=False).startswith(words)
    for listed in game.legal_moves(state, player):
        assert move_words(
            listed, view, game.view(game.apply(state, player, listed), player), sealed=False
        )


def test_a_path_said_against_the_announcement_before_its_walk_is_its_words_alone() -> None:
    """The walk and its path both stored after a page read the announcement: the path's
    words say where the pirate went; the view after names no other change."""
    announcement = position(walkers={"A": ["L2"]})
    path: Move = {"type": "path", "steps": ["L3"]}
    before, after = game.view(WALK_FROM_L2, "A"), game.view(announcement, "A")
    assert move_words(path, before, after, sealed=False) == "Walks to left bank 3."


def test_the_page_read_just_before_a_path_is_stored_says_its_last_move(db: None) -> None:
    """The page reads the game's position, then its last move: a path stored in between is
    not the page's, which says the walk its position ends with."""
    players = ["Anne", "Bart", "Cleo"]
    record = {
        "format": FORMAT,
        "game": "flusspiraten",
        "players": players,
        "setup": {"turntable_roll": 1},
        "moves": [
            *({"player": name, "type": "deploy", "left": 5} for name in players),
            {"player": "Anne", "type": "walk", "from": "SL", "roll": [2]},
        ],
    }
    imported = game_import(record=record)
    read = Game.objects.get(pk=imported.pk)
    seat = read.seats.get(display_name="Anne")
    table = table_for(game=read, seat=seat)
    path: Move = {"type": "path", "steps": ["XL", "boat 1"]}
    move_submit(game=imported, seat=seat, move=path, expected_seq=imported.last_seq)
    last = kind.page_context(table=table, selection={})["last_move"]
    assert last.words == (
        "Walks a pirate from left start: rolled 2. The path of 2 points is chosen next."
    )


ALL_MOVES = {"deploy", "walk", "row", "pass", "choose", "path", "wish", "pile", "stay"}


def _rolled(state: State, move: Move, rng: random.Random) -> Move:
    dice = game.rolls_needed(state, move)
    return {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]} if dice else move


def test_every_listed_move_of_random_games_is_said_in_words() -> None:
    """3 to 6 players, random moves and dice: every listed move in every position is said,
    and changes the view (so a view alike before and after shows no move)."""
    described: set[str] = set()
    for seed in range(24, 28):
        rng = random.Random(seed)
        names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"][: 3 + seed % 4]
        state = game.start(names, game.new_setup(names, rng))
        for _ in range(250):
            if state.over:
                break
            player = rng.choice(game.to_move(state))
            before = game.view(state, player)
            legal = game.legal_moves(state, player)
            for listed in legal:
                move = _rolled(state, listed, rng)
                after = game.view(game.apply(state, player, move), player)
                assert after != before, move
                assert move_words(move, before, after, sealed=False), move
                described.add(move["type"])
            state = game.apply(state, player, _rolled(state, rng.choice(legal), rng))
    assert described == ALL_MOVES
