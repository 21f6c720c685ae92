"""A settled Flußpiraten rowing test in words: who chose what, and who rolled what (§4, [F18]).

The second choice settles the test and carries its dice, but the dice are not
the second chooser's own: with two oars both roll (the helmsman's die first),
and against a club the rower who chose the oar rolls alone. So the history and
the last move name both choices once both are made ([F5]) and give each roll to
its roller; the lists, which never name a choice, give the roll to nobody.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from engine import flusspiraten as game
from engine.base import Move
from games.kinds import flusspiraten as kind
from games.kinds.base import History, PlayedMove, TableView
from games.kinds.flusspiraten import move_action
from tests.engine.flusspiraten_positions import play, position
from tests.site.test_flusspiraten_pages import _table

ROW1: Move = {"type": "row", "boat": 1}
CLUB: Move = {"type": "choose", "choice": "club", "roll": [5]}


def _played_test(first: str, choice: str) -> list[PlayedMove]:
    """A (helmsman) rows boat 1 with B; ``first`` chooses ``choice``, then A the club with a 5."""
    start = position(boats={1: ("I5", "AB")})
    moves: list[tuple[str, Move]] = [
        ("A", ROW1),
        (first, {"type": "choose", "choice": choice}),
        ("A", CLUB),
    ]
    played, state = [], start
    for seq, (player, move) in enumerate(moves, start=1):
        after = game.apply(state, player, move)
        played.append(PlayedMove(seq, player, move, False, state, after))
        state = after
    return played


def _history_lines(played: list[PlayedMove], viewer: str) -> tuple[list[tuple[str, str]], str]:
    """The history's moves (player, words) and the last move's words, as ``viewer`` reads them."""
    table = TableView(
        **{
            **_table(played[-1].after, viewer).__dict__,
            "history": lambda: History(start=played[0].before, moves=played, notes=[]),
            "last_move": lambda: played[-1],
        }
    )
    history = kind.history_context(table=table, at=None)["moves"]
    last = kind.page_context(table=table, selection={})["last_move"]
    return [(told.player, told.words) for told in history], last.words


EXPECTED = {
    "en": [
        "Rows boat 1 with B: a rowing test.",
        "Chooses to row (die).",
        "Chooses the club; B had chosen to row (die). B rows alone: rolled 5. A: a pirate goes"
        " overboard from boat 1 onto left bank 5. The path of 5 points is chosen next.",
    ],
    "de": [
        "Rudert Boot 1 mit B: eine Ruderprobe.",
        "Wählt Rudern (Würfel).",
        "Wählt die Keule; B hatte Rudern (Würfel) gewählt. B rudert allein: würfelte 5. A: ein"
        " Pirat geht aus Boot 1 über Bord und landet am Ufer links 5. Als Nächstes wird der Weg"
        " von 5 Punkten gewählt.",
    ],
    "fr": [
        "Rame avec B dans le bateau 1 : une épreuve d’aviron.",
        "Choisit de ramer (dé).",
        "Choisit la massue ; B avait choisi de ramer (dé). B rame en solitaire : a obtenu 5 aux"
        " dés. A : un pirate tombe du bateau 1 sur la rive gauche 5. Le chemin de 5 points est"
        " choisi ensuite.",
    ],
}


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_history_says_who_chose_what_and_gives_the_roll_to_the_partner_who_rows(
    language: str,
) -> None:
    """§4: club against the oar throws the helmsman overboard and the partner rolls alone.

    A third player reads the history: the partner's choice, sealed from him
    until A chose, is named beside A's, and the 5 is the partner's roll.
    """
    with translation.override(language):
        history, last = _history_lines(_played_test("B", "die"), "C")
    assert history == list(zip("ABA", EXPECTED[language], strict=True))
    assert last == EXPECTED[language][-1]


def test_both_oars_give_each_rower_his_own_die_helmsman_first() -> None:
    """[F18]: with two oars both roll; the dice are recorded helmsman first."""
    state = play(
        play(position(boats={1: ("I5", "AB")}), "A", ROW1), "B", {"type": "choose", "choice": "die"}
    )
    move: Move = {"type": "choose", "choice": "die", "roll": [3, 6]}
    table = _table(game.apply(state, "A", move), "C")
    played = PlayedMove(3, "A", move, False, state, game.apply(state, "A", move))
    table = TableView(**{**table.__dict__, "last_move": lambda: played})
    words = kind.page_context(table=table, selection={})["last_move"].words
    assert words.startswith(
        "Chooses to row (die); B had chosen to row (die). Both row: A rolled 3, B rolled 6."
    )


@pytest.mark.parametrize(
    ("language", "listed"),
    [
        ("en", "chooses in secret in the rowing test; the dice show 5"),
        ("de", "wählt geheim bei der Ruderprobe; gewürfelt: 5"),
        ("fr", "choisit en secret pour l’épreuve d’aviron ; les dés donnent 5"),
    ],
)
def test_a_list_gives_the_tests_roll_to_nobody(language: str, listed: str) -> None:
    """The dashboard and the emails' lists name no choice ([F5]), so they cannot say whose
    roll it was: never "rolled 5" after the chooser's name."""
    with translation.override(language):
        assert move_action(CLUB) == listed
