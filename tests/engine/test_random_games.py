"""Properties of thousands of random legal games (2–4 players).

In 500 games, after each move the engine's summary must be what an
independent model of the rules (``oracle.py``) expects; boats, cards and
chests must add up; nothing may be mutated; views hide what [D9] hides; and
replaying the record must rebuild the same state. 2,000 more games are played
in place to their end; in others every listed move is tried, and moves near
them apply exactly when they are listed too.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter

from hypothesis import given, settings
from oracle import assert_follows, check_invariants, expect
from positions import FOUR
from random_play import (
    REPRODUCIBLE,
    Step,
    is_listed,
    player_counts,
    random_game,
    record_of,
    seeds,
)

from engine.base import IllegalMove
from engine.freibeuter import (
    apply,
    apply_in_place,
    bot_move,
    legal_moves,
    new_setup,
    result,
    start,
    summary,
    to_move,
    view,
)
from engine.record import replay

CARD = re.compile(r"^([A-G][1-7]|row [1-7]|col [A-G])$")


def check_cards(setup, seen_by_all, state_summary) -> None:
    """Hands, discard piles and the rest of each deck, in order, are exactly the dealt cards."""
    hands = [card for p in state_summary["players"].values() for card in p["hand"]]
    piles = seen_by_all["discard_piles"]
    sea_left = setup["sea_deck"][len(setup["sea_deck"]) - state_summary["decks"]["sea"] :]
    dutch_left = setup["dutchman_deck"][
        len(setup["dutchman_deck"]) - state_summary["decks"]["dutchman"] :
    ]
    every = Counter(hands + piles["sea"] + piles["dutchman"] + sea_left + dutch_left)
    dealt = Counter(setup["sea_deck"] + setup["dutchman_deck"])
    for hand in setup["hands"].values():
        dealt.update(hand)
    assert every == dealt
    assert sum(1 for c in every.elements() if not c.startswith(("row", "col"))) == 74


def card_lists(value, path=()):
    """Every list of card names in a JSON value, with its path of keys."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from card_lists(item, (*path, key))
    elif isinstance(value, list) and any(isinstance(v, str) and CARD.match(v) for v in value):
        yield path, value


def check_view(state, state_summary, viewer):
    """[D9]: a live game shows a viewer his own hand only, and nobody the decks' order.

    The only lists of cards in a view are the viewer's hand and the discard
    piles, so neither another hand nor a deck can show through.
    """
    seen = view(state, viewer)
    allowed = {("discard_piles", "sea"), ("discard_piles", "dutchman")}
    for name in seen["players"]:
        if state_summary["over"] or name == viewer:
            allowed.add(("players", name, "hand"))
    assert {path for path, _ in card_lists(seen)} <= allowed
    return seen


@settings(REPRODUCIBLE, max_examples=500)
@given(players=player_counts, seed=seeds)
def test_random_games_follow_the_rules_move_by_move(players, seed):
    """§3–§8 after every move: the summary matches the model, and every invariant holds."""
    setup, game = random_game(players, seed)
    rng = random.Random(seed)
    steps: list[Step] = []
    handed_out = 0
    after = None
    for step in game:
        # The summary of the previous step was taken before this move was applied.
        before = after or summary(step.before)
        assert summary(step.before) == before, "apply changed the state it was given"
        expected, bank = expect(before, step.move)
        after = summary(step.after)
        assert_follows(after, expected)
        check_invariants(after)
        handed_out += bank
        chests = sum(p["chests"] - p["credit"] for p in after["players"].values())
        assert chests == 20 * players + handed_out
        assert (legal_moves(step.after) == []) == after["over"] == (to_move(step.after) == [])
        if rng.random() < 0.25 or after["over"]:
            viewer = rng.choice([None, *after["players"]])
            check_cards(setup, check_view(step.after, after, viewer), after)
        steps.append(step)
    final = steps[-1].after
    assert result(final)["winners"] == summary(final)["winners"] != []
    record = record_of(setup, players, steps)
    _, once = replay(record)
    _, twice = replay(copy.deepcopy(record))
    assert once == twice == final


@settings(REPRODUCIBLE, max_examples=2000)
@given(players=player_counts, seed=seeds)
def test_thousands_of_random_games_play_in_place_to_an_end(players, seed):
    """Any sequence of listed moves, made in place as replay does, reaches an end (§7)."""
    rng = random.Random(seed)
    names = FOUR[:players]
    state = start(names, new_setup(names, rng))
    while listed := legal_moves(state):
        apply_in_place(state, to_move(state)[0], rng.choice(listed))
    assert state.over and to_move(state) == []
    assert result(state)["reason"] in ("last_lair", "sea_deck_empty", "no_boats")
    check_invariants(summary(state))


def mutations(move, hand, rng):
    """Moves near ``move``: another card, field, tile, draw, boat or order; a key less or more."""
    cards = list(hand) + ["A1", "D4", "G7", "row 1", "col D", "Z9", 4, None]
    fields = ["A1", "C3", "D4", "G7", "H1", None]
    tiles = ["A1-B2", "C3-D4", "F6-G7", "A1-A2", None]
    for key, values in (
        ("card", cards),
        ("field", fields),
        ("tile", tiles),
        ("draw", ["sea", "dutchman", "deck", None]),
        ("boat", [True, False, 1, None]),
        ("type", ["board", "place", "dutchman", "pass"]),
    ):
        yield {**move, key: rng.choice(values)}
    yield {**move, "order": rng.choice([[], ["C3-D4"], ["C3-D4", "C3-D4"], "C3-D4", None])}
    key = rng.choice(sorted(move))
    yield {k: v for k, v in move.items() if k != key}
    yield {**move, "comment": "ignored"}


@settings(REPRODUCIBLE, max_examples=60)
@given(players=player_counts, seed=seeds)
def test_listed_moves_apply_and_moves_near_them_apply_exactly_when_listed(players, seed):
    """Every move legal_moves lists applies; a changed move applies only if it is listed too.

    The one exception is [D7]: a move that ends the game with the last lair is
    legal whatever its draw says.
    """
    rng = random.Random(seed)
    _, game = random_game(players, seed)
    for step in game:
        state, player = step.before, step.player
        snapshot = copy.deepcopy(state)
        listed = legal_moves(state)
        assert listed == sorted(listed, key=lambda m: json.dumps(m, sort_keys=True))
        for move in listed:
            apply(state, player, move)
        hand = summary(state)["players"][player]["hand"]
        for near in mutations(rng.choice(listed), hand, rng):
            try:
                apply(state, player, near)
            except IllegalMove:
                assert not is_listed(state, player, near), near
            else:
                assert is_listed(state, player, near), near
        assert state == snapshot


@settings(REPRODUCIBLE, max_examples=10)
@given(players=player_counts, seed=seeds)
def test_the_bot_always_chooses_a_listed_move(players, seed):
    """The built-in bot plays whole games, choosing one of the listed moves every time."""
    _, game = random_game(players, seed)
    state = next(game).before
    while not state.over:
        player = to_move(state)[0]
        move = bot_move(state, player)
        assert move in legal_moves(state)
        assert bot_move(state, player) == move
        state = apply(state, player, move)
