"""Seeräuber: one test per rule of ``docs/rules/seerauber.md`` and per settled point [S1]–[S6].

Positions are reached through real moves in the text notation (§9), made by
whoever is to move; the deck is the worked example's, so S02, S14 and S09
are displayed first.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from seerauber_play import ORDER, PLAYERS, game, play

from engine.base import IllegalMove
from engine.record import replay
from engine.seerauber import (
    apply,
    board,
    legal_moves,
    parse_move,
    result,
    start,
    summary,
    to_move,
    view,
)

DATA = Path(__file__).resolve().parent / "data"

TALL = (
    "stack R2 on B2",
    "stack B3 on R2",
    "stack G2 on R3",
    "stack R4 on B3",
    "stack B4 on R4",
    "stack G3 on B4",
    "stack R5 on G3",
    "stack B5 on R5",
    "stack G4 on B5",
    "stack R? on G2",
    "stack B? on R?",
)
"""Cy's G4 becomes a stack of 9 holding three of Ann's and four of Ben's pirates."""

BURIED = (
    "stack R2 on B2",
    "stack B3 on R2",
    "stack G2 on R3",
    "stack R4 on G2",
    "stack B4 on R4",
    "stack G3 on R5",
    "stack R? on G3",
    "stack B5 on R?",
    "stack G4 on B5",
)
"""Every pirate of Ann ends under another player's pirate: she captains nothing."""


def refuse(state, text, code, player=None):
    """Assert that ``text`` by ``player`` (default: the one to move) is refused with ``code``."""
    with pytest.raises(IllegalMove) as error:
        apply(state, player or to_move(state)[0], parse_move(text))
    assert error.value.code == code, error.value.message


# §1 Components [S1]


def test_ship_cards_are_the_reconstruction_with_24_booty_and_crews_of_2_to_6_S1():
    ships = board.SHIPS.values()
    assert len(board.SHIPS) == 15
    assert {ship.crew for ship in ships} == {2, 3, 4, 5, 6}
    assert Counter(kind for ship in ships for kind in ship.booty) == dict.fromkeys(board.BOOTY, 6)
    assert board.MAJORITY == {"chest": 15, "candlestick": 12, "rum": 10, "dagger": 8}
    assert board.SHIPS["S15"] == board.Ship(6, 20, ("chest", "candlestick"), 6)


# §2 Setup [S2]


@pytest.mark.parametrize("count", [2, 6])
def test_a_game_takes_3_to_5_players_S2(count):
    names = [f"P{i}" for i in range(count)]
    with pytest.raises(IllegalMove) as error:
        start(names, {"ships": ORDER})
    assert error.value.code == "invalid_record"


@pytest.mark.parametrize(
    "ships",
    [ORDER[:14], ORDER + ["S01"], ["S16"] + ORDER[1:], ORDER[:14] + ["S01"], "S01", None],
)
def test_the_setup_must_hold_each_ship_exactly_once(ships):
    with pytest.raises(IllegalMove) as error:
        start(PLAYERS[:3], {"ships": ships})
    assert error.value.code == "invalid_setup"


def test_the_game_opens_with_three_ships_shown_five_free_pirates_and_10_ducats_each():
    seen = summary(game(players=5))
    assert seen["table"]["display"] == ["S02", "S14", "S09"]
    assert seen["table"]["deck"] == 12
    assert seen["players"]["Eve"] == {
        "ducats": 10,
        "booty": {"chest": 0, "candlestick": 0, "rum": 0, "dagger": 0},
        "free": ["K2", "K3", "K4", "K5", "K?"],
    }
    assert seen["table"]["stacks"] == {}
    assert seen["to_move"] == "Ann"


# §3–§4 Stacks and moving them


def test_a_moved_stack_goes_on_top_and_its_mover_becomes_captain():
    seen = summary(game("stack R2 on B2", "stack B3 on R2"))
    assert seen["table"]["stacks"] == {"B3": {"pirates": ["B2", "R2", "B3"], "captain": "Ben"}}
    assert seen["players"]["Ben"]["free"] == ["B4", "B5", "B?"]


def test_a_stack_may_go_only_onto_another_players_stack():
    refuse(game(), "stack R2 on R3", "onto_own_stack")


def test_a_player_moves_only_stacks_he_captains():
    refuse(game("stack R2 on B2"), "stack R2 on G2", "not_your_stack", player="Ben")
    refuse(game(), "stack B2 on G2", "not_your_stack")


def test_a_stack_is_named_by_its_top_pirate_only():
    refuse(game("stack R2 on B2"), "stack B3 on B2", "not_a_stack")
    refuse(game(), "stack R2 on Y2", "unknown_pirate")


def test_a_stack_never_holds_more_than_nine_pirates():
    state = game(*TALL[:9])
    assert len(summary(state)["table"]["stacks"]["G4"]["pirates"]) == 9
    refuse(state, "stack R? on G4", "stack_too_big")
    assert all(move.get("onto") != "G4" for move in legal_moves(state))


# §5 Boarding


def test_boarding_needs_a_stack_at_least_as_large_as_the_crew():
    refuse(game(), "board S02 with R2", "crew_too_small")
    refuse(
        game("stack R2 on B2", "stack B3 on R2", "stack G2 on R3"),
        "board S09 with B3",
        "not_your_stack",
    )
    state = game("stack R2 on B2", "stack B3 on R2", "stack G2 on R3", "stack R4 on B3")
    refuse(state, "board S09 with B4", "crew_too_small")


def test_boarding_pays_the_ship_to_the_captain_and_wages_to_the_other_crew():
    state = game(*TALL[:6])
    # Cy's G3 holds B2 R2 B3 R4 B4 G3; after Ann's and Ben's moves he boards S14 (19 ducats).
    state = play(
        state, "stack R5 on G2", "stack B5 on R5", "no mutiny", "board S14 with G3 take rum"
    )
    players = summary(state)["players"]
    assert players["Cy"]["ducats"] == 10 + 19 - (2 + 2 + 3 + 4 + 4)
    assert players["Ann"]["ducats"] == 10 + 2 + 4
    assert players["Ben"]["ducats"] == 10 + 2 + 3 + 4


def test_a_question_mark_pirate_earns_the_ships_question_mark_wage():
    state = game("stack R? on B2", "stack B3 on R?", "stack G2 on R3", "stack R4 on G2")
    state = play(state, "board S02 with B3")
    players = summary(state)["players"]
    assert players["Ann"]["ducats"] == 10 + board.SHIPS["S02"].wage
    assert players["Ben"]["ducats"] == 10 + 7 - 2


def test_the_captain_takes_the_chosen_booty_and_the_second_pirate_from_the_top_the_other():
    state = play(
        game(*TALL[:6]),
        "stack R5 on G2",
        "stack B5 on R5",
        "no mutiny",
        "board S14 with G3 take rum",
    )
    players = summary(state)["players"]
    assert players["Cy"]["booty"]["rum"] == 1
    assert players["Ben"]["booty"]["candlestick"] == 1  # B4 was second from the top
    assert players["Ann"]["booty"] == dict.fromkeys(board.BOOTY, 0)


def test_booty_may_be_left_out_only_for_a_one_kind_card():
    state = game(*TALL[:6], "stack R5 on G2", "stack B5 on R5", "no mutiny")
    refuse(state, "board S14 with G3", "booty_required")
    refuse(state, "board S14 with G3 take chest", "wrong_booty")
    after = play(state, "board S02 with G3")
    assert summary(after)["players"]["Cy"]["booty"]["rum"] == 1


def test_the_stock_pays_what_the_ship_and_the_captain_cannot_S3():
    state = play(game(*TALL), "no mutiny", "no mutiny", "board S02 with G4")
    players = summary(state)["players"]
    # Wages 25 against 10 + 7: every crew member is paid in full, the captain ends at 0.
    assert players["Ann"]["ducats"] == 10 + 2 + 4 + 5
    assert players["Ben"]["ducats"] == 10 + 2 + 3 + 4 + 5
    assert players["Cy"]["ducats"] == 0


def test_a_boarding_stack_dissolves_into_free_pirates_and_the_ship_leaves_the_display():
    state = play(game(*TALL), "no mutiny", "no mutiny", "board S02 with G4")
    seen = summary(state)
    assert "G4" not in seen["table"]["stacks"]
    assert seen["players"]["Cy"]["free"] == ["G3", "G4", "G5", "G?"]
    assert seen["table"]["display"] == ["S14", "S09"]
    assert seen["table"]["boarded"]["Cy"] == ["S02"]
    refuse(state, "board S02 with R5", "ship_not_displayed")


def test_the_emptied_display_is_refilled_with_the_next_three_ships():
    record = json.loads((DATA / "three-boardings.record.json").read_text(encoding="utf-8"))
    _, state = replay(record)
    assert summary(state)["table"]["display"] == record["setup"]["ships"][3:6]
    assert summary(state)["table"]["deck"] == 9
    assert {m.get("ship") for m in legal_moves(state)} <= {*record["setup"]["ships"][3:6], None}


# §6 Mutiny [S4]


def test_players_with_three_pirates_in_a_boardable_stack_are_asked_in_seat_order_S4():
    state = game(*TALL)
    assert summary(state)["table"]["pending"] == {"captain": "Cy", "mutiny_asked": "Ann"}
    assert legal_moves(state) == [{"type": "mutiny", "stack": "G4"}, {"type": "no_mutiny"}]
    state = play(state, "no mutiny")
    assert summary(state)["table"]["pending"] == {"captain": "Cy", "mutiny_asked": "Ben"}
    state = play(state, "no mutiny")
    assert summary(state)["table"]["pending"] is None
    assert to_move(state) == ["Cy"]


def test_the_first_mutiny_ends_the_questions_and_forces_the_captain_to_board_S4():
    state = play(game(*TALL), "mutiny G4")
    assert summary(state)["table"]["pending"] == {"captain": "Cy", "mutiny_by": "Ann"}
    assert to_move(state) == ["Cy"]
    assert {(m["type"], m["stack"]) for m in legal_moves(state)} == {("board", "G4")}
    refuse(state, "stack G5 on R3", "must_board")
    refuse(state, "pass", "must_board")
    state = play(state, "board S09 with G4 take dagger")
    assert summary(state)["table"]["pending"] is None
    assert to_move(state) == ["Ann"]


def test_a_mutiny_must_name_the_one_stack_of_the_question():
    refuse(game(*TALL), "mutiny G2", "not_eligible")


def test_a_player_asked_must_answer_before_anything_else():
    state = game(*TALL)
    refuse(state, "stack R3 on B?", "mutiny_decision_pending")
    refuse(state, "no mutiny", "not_your_turn", player="Cy")
    refuse(play(state, "no mutiny", "no mutiny"), "no mutiny", "no_mutiny_question")


def test_a_player_with_fewer_than_three_pirates_in_the_stack_is_not_asked():
    """Ann has two pirates in Cy's G3, Ben three: only Ben is asked, then Cy moves freely."""
    state = game(*TALL[:6], "stack R5 on G2", "stack B5 on R5")
    assert summary(state)["table"]["pending"] == {"captain": "Cy", "mutiny_asked": "Ben"}
    state = play(state, "no mutiny")
    assert summary(state)["table"]["pending"] is None
    assert to_move(state) == ["Cy"]
    assert {"type": "stack", "piece": "G4", "onto": "B5"} in legal_moves(state)


# §4 Passing, §7 End [S5]


def test_a_player_who_captains_nothing_must_pass_and_pass_is_legal_only_then():
    state = game(*BURIED)
    assert legal_moves(state) == [{"type": "pass"}]
    after = play(state, "pass")
    assert to_move(after) == ["Ben"]
    refuse(game(), "pass", "cannot_pass")


def test_the_game_ends_after_as_many_passes_in_a_row_as_players_S5():
    record = json.loads((DATA / "deadlock.record.json").read_text(encoding="utf-8"))
    _, state = replay(record)
    players = len(record["players"])
    assert [m["type"] for m in record["moves"][-players:]] == ["pass"] * players
    assert "pass" not in {m["type"] for m in record["moves"][-players - 1 : -players]}
    seen = summary(state)
    assert seen["over"] and seen["end_reason"] == "deadlock"
    assert seen["table"]["display"] != []
    assert seen["to_move"] is None and legal_moves(state) == []


def test_the_game_ends_when_the_last_ship_is_boarded():
    full = json.loads((DATA / "last-ship.record.json").read_text(encoding="utf-8"))
    _, state = replay(full)
    seen = summary(state)
    assert full["moves"][-1]["type"] == "board"
    assert seen["over"] and seen["end_reason"] == "last_ship"
    assert seen["table"]["display"] == [] and seen["table"]["deck"] == 0
    assert sum(len(ships) for ships in seen["table"]["boarded"].values()) == 15
    assert seen["to_move"] is None and seen["table"]["pending"] is None
    with pytest.raises(IllegalMove) as error:
        apply(state, full["moves"][-1]["player"], {"type": "pass"})
    assert error.value.code == "game_over"


def test_majorities_are_shared_rounded_down_and_others_get_one_ducat_a_piece():
    """The seed's example: Karin and Nico 2 chests each get 7, Kim and Nina 1 each get 1."""
    record = json.loads((DATA / "scoring-example.record.json").read_text(encoding="utf-8"))
    _, state = replay(record)
    seen = summary(state)
    chests = {name: seen["players"][name]["booty"]["chest"] for name in record["players"]}
    assert chests == {"Karin": 2, "Kim": 1, "Nico": 2, "Nina": 1}
    without_chests = state.copy()
    for held in without_chests.booty:
        held["chest"] = 0
    chest_points = {
        name: seen["scores"][name] - summary(without_chests)["scores"][name] for name in chests
    }
    assert chest_points == {"Karin": 7, "Kim": 1, "Nico": 7, "Nina": 1}


def test_the_highest_scores_share_the_victory_in_seat_order():
    record = json.loads((DATA / "last-ship.record.json").read_text(encoding="utf-8"))
    _, state = replay(record)
    outcome = result(state)
    assert outcome is not None
    best = max(outcome["scores"].values())
    assert outcome["winners"] == [p for p in record["players"] if outcome["scores"][p] == best]
    assert outcome["scores"] == summary(state)["scores"]


# §8 What each player may see [S6]


def test_every_player_and_spectator_sees_everything_but_the_deck_order_S6():
    state = game(*TALL)
    for viewer in (None, "Ann", "Cy"):
        seen = view(state, viewer)
        assert {k: v for k, v in seen.items() if k != "viewer"} == summary(state)
        assert "S01" not in json.dumps(seen)  # an undrawn ship is never named
