"""Build Freibeuter positions from real setups and real moves, for the rule tests.

A test writes the game it needs as a transcript in the text notation
(``board B3-C4``, ``place C3 draw sea``, …), one move per turn in seat order.
:func:`deal_for` deals a valid setup in which exactly that game can be played:
chosen tiles are laid where the test wants them, and every card a player plays
is in his hand when he needs it, dealt at the start or drawn from the top of a
deck just in time. Everything else comes from an ordinary shuffled setup, so
the component counts stay exact and :func:`engine.freibeuter.start` checks it
like any other. :func:`play` then makes the moves with the engine's ``apply``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.base import Move
from engine.freibeuter import (
    State,
    apply,
    legal_moves,
    new_setup,
    parse_move,
    start,
    summary,
    to_move,
)

PLAYERS = ("Volker", "Birgit", "Dieter")
"""The rulebook's players, in seat order."""
FOUR = (*PLAYERS, "Anke")
"""Four players, for the rules that depend on the deck sizes of a four-player game."""

COLUMNS = "ABCDEFG"
TILES = tuple(f"{COLUMNS[c]}{r}-{COLUMNS[c + 1]}{r + 1}" for r in range(1, 7) for c in range(6))
"""The 36 tile names in row-major order."""


def is_dutchman_card(card: str) -> bool:
    """Tell a Flying Dutchman card (``row 3``, ``col C``) from a sea card (``F4``)."""
    return card.startswith(("row ", "col "))


def tile_fields(tile: str) -> list[str]:
    """The four fields around ``tile`` (``B3-C4`` → B3, C3, B4, C4), from its name alone."""
    top_left, bottom_right = tile.split("-")
    return [
        top_left,
        bottom_right[0] + top_left[1],
        top_left[0] + bottom_right[1],
        bottom_right,
    ]


def field_tiles(field: str) -> list[str]:
    """The tiles touching ``field``, in row-major order."""
    col, row = COLUMNS.index(field[0]), int(field[1])
    found = []
    for r in (row - 1, row):
        for c in (col - 1, col):
            if 1 <= r <= 6 and 0 <= c <= 5:
                found.append(f"{COLUMNS[c]}{r}-{COLUMNS[c + 1]}{r + 1}")
    return found


def capacity(field: str) -> int:
    """Boats a field can hold: 1 on the outer ring, 2 inside."""
    return 1 if field[0] in "AG" or field[1] in "17" else 2


def _take(pool: list[str], wanted: Iterable[str | None], what: str) -> list[str | None]:
    """Remove each wanted card from ``pool`` (once per copy); ``None`` stays a free slot."""
    wanted = list(wanted)
    for card in wanted:
        if card is None:
            continue
        if card not in pool:
            raise ValueError(f"cannot deal {card!r} for {what}: no copy of it is left")
        pool.remove(card)
    return wanted


def deal(
    players: Sequence[str] = PLAYERS,
    *,
    tiles: Mapping[str, str] | None = None,
    hands: Mapping[str, Sequence[str]] | None = None,
    sea_deck: Sequence[str | None] = (),
    dutchman_deck: Sequence[str | None] = (),
    seed: int = 0,
) -> dict[str, Any]:
    """Deal a valid setup with chosen tiles, hand cards and deck tops.

    ``tiles`` maps tile names to tokens; ``hands`` gives some cards of a
    player's hand; ``sea_deck`` and ``dutchman_deck`` give the top cards of
    each deck, ``None`` meaning any card. Whatever is not chosen is taken, in
    order, from the setup that ``new_setup`` deals for ``seed``.
    """
    base = new_setup(players, random.Random(seed))
    tiles = dict(tiles or {})
    tile_pool = list(base["tiles"])
    for token in tiles.values():
        if token not in tile_pool:
            raise ValueError(f"cannot lay another {token!r}: all of them are already laid")
        tile_pool.remove(token)
    layout = [tiles[name] if name in tiles else tile_pool.pop(0) for name in TILES]

    dealt = [card for player in players for card in base["hands"][player]]
    sea_pool = [c for c in dealt if not is_dutchman_card(c)] + list(base["sea_deck"])
    dutch_pool = [c for c in dealt if is_dutchman_card(c)] + list(base["dutchman_deck"])
    chosen_hands = {p: list((hands or {}).get(p, ())) for p in players}
    for player, cards in chosen_hands.items():
        _take(sea_pool, [c for c in cards if not is_dutchman_card(c)], f"{player}'s hand")
        _take(dutch_pool, [c for c in cards if is_dutchman_card(c)], f"{player}'s hand")
    sea_top = _take(sea_pool, sea_deck, "the sea deck")
    dutch_top = _take(dutch_pool, dutchman_deck, "the Dutchman deck")

    dealt_hands = {}
    for player in players:
        hand = chosen_hands[player]
        sea = [c for c in hand if not is_dutchman_card(c)]
        dutch = [c for c in hand if is_dutchman_card(c)]
        if len(sea) > 4 or len(dutch) > 1:
            raise ValueError(f"{player}'s hand can hold only 4 sea cards and 1 Dutchman card")
        sea += [sea_pool.pop(0) for _ in range(4 - len(sea))]
        dutch += [dutch_pool.pop(0) for _ in range(1 - len(dutch))]
        dealt_hands[player] = sea + dutch
    return {
        "tiles": layout,
        "hands": dealt_hands,
        "sea_deck": [c if c is not None else sea_pool.pop(0) for c in sea_top] + sea_pool,
        "dutchman_deck": [c if c is not None else dutch_pool.pop(0) for c in dutch_top]
        + dutch_pool,
    }


def deal_for(
    moves: Sequence[str],
    players: Sequence[str] = PLAYERS,
    *,
    then: Sequence[str] = (),
    tiles: Mapping[str, str] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """Deal a setup in which ``moves`` (text notation, seat order) can be played.

    Each player is dealt the first cards he will play, and each of his draws
    brings the next card he will play that he does not hold yet. ``then`` are
    moves the next player might try afterwards: he will hold their cards too
    (up to a hand's four sea cards and the Dutchman cards he has drawn).
    """
    parsed = [parse_move(text) for text in moves]
    plays: dict[str, list[str]] = {p: [] for p in players}
    for index, move in enumerate(parsed):
        if move["type"] != "board":
            plays[players[index % len(players)]].append(move["card"])
    tried = [parse_move(text).get("card") for text in then]
    plays[players[len(moves) % len(players)]] += dict.fromkeys(c for c in tried if c)
    played = dict.fromkeys(players, 0)

    def upcoming(player: str, held: list[str], dutchman: bool) -> str | None:
        """The next card of that kind ``player`` will play and does not hold, if any."""
        spare = Counter(held)
        for card in plays[player][played[player] :]:
            if is_dutchman_card(card) != dutchman:
                continue
            if not spare[card]:
                return card
            spare[card] -= 1
        return None

    hands: dict[str, list[str]] = {p: [] for p in players}
    for player in players:
        for dutchman, size in ((False, 4), (True, 1)):
            for _ in range(size):
                card = upcoming(player, hands[player], dutchman)
                if card is not None:
                    hands[player].append(card)
    held = {p: list(cards) for p, cards in hands.items()}
    sea_top: list[str | None] = []
    dutch_top: list[str | None] = []
    for index, move in enumerate(parsed):
        player = players[index % len(players)]
        if move["type"] == "board":
            continue
        if move["card"] not in held[player]:
            raise ValueError(f"move {index} ({moves[index]!r}): {player} cannot hold that card")
        held[player].remove(move["card"])
        played[player] += 1
        if "draw" in move:
            dutchman = move["draw"] == "dutchman"
            card = upcoming(player, held[player], dutchman)
            (dutch_top if dutchman else sea_top).append(card)
            if card is not None:
                held[player].append(card)
    return deal(
        players, tiles=tiles, hands=hands, sea_deck=sea_top, dutchman_deck=dutch_top, seed=seed
    )


def play(state: State, *moves: str | Move) -> State:
    """Make ``moves`` (text notation or canonical dicts), each by the player to move."""
    for move in moves:
        parsed = parse_move(move) if isinstance(move, str) else move
        state = apply(state, to_move(state)[0], parsed)
    return state


def fill(fields: Iterable[str]) -> list[str]:
    """``place F draw sea`` for each field, the everyday move of a scripted game."""
    return [f"place {field} draw sea" for field in fields]


def position(
    moves: Sequence[str],
    *,
    then: Sequence[str] = (),
    players: Sequence[str] = PLAYERS,
    tiles: Mapping[str, str] | None = None,
    seed: int = 0,
) -> State:
    """Play ``moves`` from a setup dealt for them (see :func:`deal_for`).

    ``then`` are moves the test is about to try, one of them or each from this
    same position: the player to move holds their cards.
    """
    setup = deal_for(moves, players, then=then, tiles=tiles, seed=seed)
    return play(start(players, setup), *moves)


CORNER_LAIRS = dict.fromkeys(["A1-B2", "F1-G2", "A6-B7", "F6-G7"], "lair")
"""The four pirate lairs in the corners of the board."""
CORNERS = [["A1", "B1", "A2", "B2"], ["F1", "G1", "F2", "G2"], ["A6", "B6", "A7", "B7"],
           ["F6", "G6", "F7", "G7"]]  # fmt: skip
"""The fields around each corner lair."""


def shared_victory() -> State:
    """A finished two-player game: each corner lair pays both players 4, a tie at 36 [D8]."""
    moves = fill(field for corner in CORNERS for field in corner)
    return position(moves, players=("Volker", "Birgit"), tiles=CORNER_LAIRS)


def boats_spent(birgit: Sequence[str], *, then: Sequence[str], tile: str = "20/4") -> State:
    """Volker has boarded C3-D4 and 24 ships more, one a turn, and has no boat left.

    Meanwhile Birgit placed a boat on each of the 24 fields ``birgit``, and now
    she is to move, holding the cards for ``then``. Her fields must surround
    nothing: rows 1, 3, 5 and 7, say, with C4 but neither C5 nor D5.
    """
    ships = [t for t in TILES if t[1] in "1256"]
    tiles = {"C3-D4": tile, **{t: SHIP_TOKENS[i % 4] for i, t in enumerate(ships)}}
    boards = [f"board {t}" for t in ["C3-D4", *ships]]
    moves = [move for pair in zip(boards, [*fill(birgit), None], strict=True) for move in pair]
    return position([m for m in moves if m], then=then, players=("Volker", "Birgit"), tiles=tiles)


SHIP_TOKENS = ("5/1", "10/2", "15/3", "20/4")


def slip_into_hand(state: State, player: str, card: str) -> None:
    """Replace a sea card in ``player``'s hand by ``card``, editing ``state`` itself.

    A real deal has one card per outer field and two per inner field, and each
    card places at most one boat, so a full field never meets a card of its own
    in a hand. Only by editing a hand can a test show that a field's capacity
    still holds (against a corrupted or hand-made state).
    """
    hand = state.hands[state.players.index(player)]
    hand[next(i for i, c in enumerate(hand) if not is_dutchman_card(c))] = card


def player(state: State, name: str) -> dict[str, Any]:
    """The summary entry of one player."""
    return summary(state)["players"][name]


def chests(state: State) -> dict[str, int]:
    """Every player's chests."""
    return {name: p["chests"] for name, p in summary(state)["players"].items()}


def quiet_policy(*, keep: Iterable[str] = ()) -> Callable[[State, list[Move]], Move | None]:
    """A way to pass the time: the first listed move that keeps the game going.

    Players take 2 chests where they can, else place a boat, and draw sea
    cards; nobody plays a card of ``keep``, so those fields stay as they are.
    """
    keep = set(keep)

    def chests_first(move: Move) -> tuple[bool, bool, bool]:
        return (move["type"] != "place", bool(move.get("boat")), move.get("draw") != "sea")

    def choose(state: State, moves: list[Move]) -> Move | None:
        for move in sorted(moves, key=chests_first):
            if move.get("card") not in keep and not apply(state, to_move(state)[0], move).over:
                return move
        return None

    return choose


def play_out(
    state: State,
    choose: Callable[[State, list[Move]], Move | None],
    *,
    until: Callable[[State], bool],
    limit: int = 500,
) -> State:
    """Let ``choose`` pick among the legal moves until ``until`` holds."""
    for _ in range(limit):
        if until(state):
            return state
        move = choose(state, legal_moves(state))
        if move is None:
            raise AssertionError("the policy found no move to make")
        state = apply(state, to_move(state)[0], move)
    raise AssertionError(f"the position was not reached in {limit} moves")
