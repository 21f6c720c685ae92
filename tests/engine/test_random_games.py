"""Properties of random legal games (2–4 players).

In 100 games, after each move the engine's summary must be what an
independent model of the rules (``oracle.py``) expects; boats, cards and
chests must add up; nothing may be mutated; views hide what [D9] hides; and
replaying the record must rebuild the same state. 300 more games are played
in place to their end; in 20 others every listed move is tried, and moves near
them apply exactly when they are listed too.

Those are the games Hypothesis draws under the ``ci`` profile, a tenth of them
under ``dev`` (``conftest.py``); each test also plays the games it pins with
``@example``. Each sample covers every player count and every end of §7 (and,
move by move, every kind of step the model resolves), and each test asserts
that it did; the pinned games cover all of it by themselves, in either profile.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter

from hypothesis import example, given, settings
from oracle import Summary, assert_follows, check_invariants, expect, surrounds
from positions import FOUR
from random_play import (
    REPRODUCIBLE,
    Step,
    canonical,
    examples,
    is_listed,
    player_counts,
    random_game,
    record_of,
    seeds,
)

from engine.base import IllegalMove, Move
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


ENDS = {"last_lair", "sea_deck_empty", "no_boats"}
"""The three ends of §7."""

STEPS = {
    "board", "place a boat", "take 2 chests", "dutchman", "draw sea", "draw dutchman",
    "no draw [D7]", "explicit order", "two surrounds at once", "lair", "double",
    "ship paid by its owner", "ship nobody boarded", "first credit [D6]", "more credit",
}  # fmt: skip
"""Every kind of step the model (``oracle.expect``) resolves."""


def steps_of(before: Summary, move: Move, after: Summary) -> set[str]:
    """The kinds of step in :data:`STEPS` that ``move`` makes from ``before`` to ``after``."""
    made: set[str] = set()
    if move["type"] == "place":
        made.add("place a boat" if move["boat"] else "take 2 chests")
    else:
        made.add(move["type"])
    if move["type"] != "board":
        made.add(f"draw {move['draw']}" if "draw" in move else "no draw [D7]")
        if "order" in move:
            made.add("explicit order")
        tiles = surrounds(before, move)
        if len(tiles) > 1:
            made.add("two surrounds at once")
        for tile in tiles:
            token = before["board"]["tiles"][tile]["tile"]
            if token == "lair":
                made.add("lair")
            elif token.startswith("x2:"):
                made.add("double")
            elif before["board"]["tiles"][tile]["boarded_by"] is None:
                made.add("ship nobody boarded")
            else:
                made.add("ship paid by its owner")
    for name, player in after["players"].items():
        credit = before["players"][name]["credit"]
        if player["credit"] > credit:
            made.add("more credit" if credit else "first credit [D6]")
    return made


def test_random_games_follow_the_rules_move_by_move():
    """§3–§8 after every move: the summary matches the model, and every invariant holds.

    The games cover every player count, every end and every kind of step in
    :data:`STEPS`; the three pinned games cover them all by themselves.
    """
    counts: set[int] = set()
    ends: set[str] = set()
    steps_made: set[str] = set()

    @settings(REPRODUCIBLE, max_examples=examples(100))
    @given(players=player_counts, seed=seeds)
    @example(players=2, seed=0)  # no boats
    @example(players=3, seed=10)  # the last lair, by a move that draws no card [D7]
    @example(players=4, seed=2)  # the sea deck empty
    def each_game(players, seed):
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
            steps_made.update(steps_of(before, step.move, after))
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
        counts.add(players)
        ends.add(final.end_reason)

    each_game()
    assert counts == {2, 3, 4} and ends == ENDS and steps_made == STEPS


def test_random_games_played_in_place_reach_every_end():
    """Any sequence of listed moves, made in place as replay does, reaches an end (§7).

    The games end in each of the three ways, and with each player count; the
    three pinned games do so by themselves.
    """
    counts: set[int] = set()
    ends: set[str] = set()

    @settings(REPRODUCIBLE, max_examples=examples(300))
    @given(players=player_counts, seed=seeds)
    @example(players=2, seed=0)  # no boats
    @example(players=3, seed=4)  # the last lair
    @example(players=4, seed=2)  # the sea deck empty
    def each_game(players, seed):
        rng = random.Random(seed)
        names = FOUR[:players]
        state = start(names, new_setup(names, rng))
        while listed := legal_moves(state):
            apply_in_place(state, to_move(state)[0], rng.choice(listed))
        assert state.over and to_move(state) == []
        assert result(state)["reason"] in ENDS
        check_invariants(summary(state))
        counts.add(players)
        ends.add(result(state)["reason"])

    each_game()
    assert counts == {2, 3, 4} and ends == ENDS


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


def test_listed_moves_apply_and_moves_near_them_apply_exactly_when_listed():
    """Every move legal_moves lists applies; a changed move applies only if it is listed too.

    The one exception is [D7]: a move that ends the game with the last lair is
    legal whatever its draw says. The games end in each of the three ways,
    with each player count, and some near move applies by that exception;
    the four pinned games do all that by themselves.
    """
    counts: set[int] = set()
    ends: set[str] = set()
    outcomes: set[str] = set()

    @settings(REPRODUCIBLE, max_examples=examples(20))
    @given(players=player_counts, seed=seeds)
    @example(players=2, seed=0)  # no boats
    @example(players=3, seed=4)  # the sea deck empty; a near move takes the last lair [D7]
    @example(players=3, seed=7)  # the last lair
    @example(players=4, seed=2)  # the sea deck empty
    def each_game(players, seed):
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
                    outcomes.add("refused")
                else:
                    assert is_listed(state, player, near), near
                    exact = any(canonical(m) == canonical(near) for m in listed)
                    outcomes.add("listed" if exact else "listed with another draw [D7]")
            assert state == snapshot
        counts.add(players)
        ends.add(str(step.after.end_reason))

    each_game()
    assert counts == {2, 3, 4} and ends == ENDS
    assert outcomes == {"refused", "listed", "listed with another draw [D7]"}


@settings(REPRODUCIBLE, max_examples=examples(10))
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
