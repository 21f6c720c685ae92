"""Checking and carrying out Seeräuber moves (rules §4–§7).

A move is checked completely before anything changes (:func:`plan`), then
carried out (:func:`execute`), so an illegal move never leaves a half-made
state behind.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.base import IllegalMove, Move, by_json
from engine.seerauber import board
from engine.seerauber.state import State

MOVE_TYPES = ("stack", "board", "mutiny", "no_mutiny", "pass")


@dataclass(slots=True, kw_only=True)
class Plan:
    """A checked move, ready to be carried out."""

    seat: int
    kind: str
    stack: str | None = None
    onto: str | None = None
    ship: str | None = None
    booty: str | None = None


def to_move_seat(state: State) -> int:
    """The one seat that must move now: the player asked about a mutiny, else the captain."""
    return state.turn if state.asked is None else state.asked


def can_board(state: State, stack: str) -> bool:
    """Whether the stack named ``stack`` is big enough for some displayed ship."""
    size = len(state.stacks[stack])
    return any(board.SHIPS[ship].crew <= size for ship in state.display)


def mutinies(state: State) -> dict[int, str]:
    """Each seat that may mutiny now, with the captain's stack it may name (§6)."""
    colour = board.COLOURS[state.turn]
    found: dict[int, str] = {}
    for name, pirates in state.stacks.items():
        if name[0] != colour or len(pirates) <= board.MUTINY_PIRATES or not can_board(state, name):
            continue
        counts = Counter(board.owner(p) for p in pirates)
        found.update(
            (seat, name) for seat, count in counts.items() if count >= board.MUTINY_PIRATES
        )
    return found


def _next_asked(state: State, after: int) -> int | None:
    """The first seat after ``after`` (and before the captain) that may mutiny [S4]."""
    eligible = mutinies(state)
    n = len(state.players)
    seat = (after + 1) % n
    while seat != state.turn and seat not in eligible:
        seat = (seat + 1) % n
    return None if seat == state.turn else seat


def begin_turn(state: State, seat: int) -> None:
    """Make ``seat`` the captain and open the mutiny questions, if anyone may mutiny."""
    state.turn = seat
    state.mutiny_by = None
    state.mutiny_stack = None
    state.asked = _next_asked(state, seat)


def _stack_name(state: State, value: object, field: str) -> str:
    """Check that ``value`` names the top pirate of a stack; return it."""
    if not isinstance(value, str):
        raise IllegalMove("bad_move", f"Name a stack by its top pirate in {field!r}, e.g. R3.")
    if value not in state.stacks:
        if not board.is_pirate(value, len(state.players)):
            raise IllegalMove("unknown_pirate", f"{value!r} is not a pirate of this game.")
        raise IllegalMove(
            "not_a_stack", f"{value} is not on top of a stack; a stack is named by its top pirate."
        )
    return value


def _own_stack(state: State, seat: int, value: object, field: str) -> str:
    name = _stack_name(state, value, field)
    if board.owner(name) != seat:
        raise IllegalMove(
            "not_your_stack", f"{name} is captained by {state.players[board.owner(name)]}."
        )
    return name


def _plan_stack(state: State, seat: int, move: Move) -> Plan:
    piece = _own_stack(state, seat, move.get("piece"), "piece")
    onto = _stack_name(state, move.get("onto"), "onto")
    if board.owner(onto) == seat:
        raise IllegalMove(
            "onto_own_stack", f"{onto} is your own stack; move onto another player's stack."
        )
    size = len(state.stacks[piece]) + len(state.stacks[onto])
    if size > board.MAX_STACK:
        raise IllegalMove(
            "stack_too_big",
            f"{piece} on {onto} would hold {size} pirates; the most is {board.MAX_STACK}.",
        )
    return Plan(seat=seat, kind="stack", stack=piece, onto=onto)


def _plan_board(state: State, seat: int, move: Move) -> Plan:
    stack = _own_stack(state, seat, move.get("stack"), "stack")
    if state.mutiny_stack is not None and stack != state.mutiny_stack:
        raise IllegalMove(
            "must_board",
            f"{state.players[state.mutiny_by or 0]} mutinied: board with {state.mutiny_stack}.",
        )
    ship_name = move.get("ship")
    if not isinstance(ship_name, str) or ship_name not in board.SHIPS:
        raise IllegalMove("unknown_ship", f"{ship_name!r} is not a ship; ships are S01 to S15.")
    if ship_name not in state.display:
        shown = ", ".join(state.display)
        raise IllegalMove(
            "ship_not_displayed", f"{ship_name} is not displayed; the display is {shown}."
        )
    ship = board.SHIPS[ship_name]
    size = len(state.stacks[stack])
    if size < ship.crew:
        raise IllegalMove(
            "crew_too_small", f"{ship_name} needs a crew of {ship.crew}; {stack} holds {size}."
        )
    if "booty" not in move:
        if len(ship.booty) > 1:
            raise IllegalMove(
                "booty_required",
                f"{ship_name} carries {' and '.join(ship.booty)}: say which you take.",
            )
        booty = ship.booty[0]
    else:
        booty = move["booty"]
        if booty not in ship.booty:
            raise IllegalMove(
                "wrong_booty", f"{ship_name} carries {' and '.join(ship.booty)}, not {booty!r}."
            )
    return Plan(seat=seat, kind="board", stack=stack, ship=ship_name, booty=booty)


def _plan_answer(state: State, seat: int, kind: str, move: Move) -> Plan:
    if kind == "mutiny":
        eligible = mutinies(state).get(seat)
        if move.get("stack") != eligible:
            raise IllegalMove(
                "not_eligible", f"You may mutiny only on {eligible}, not on {move.get('stack')!r}."
            )
        return Plan(seat=seat, kind=kind, stack=eligible)
    return Plan(seat=seat, kind=kind)


def plan(state: State, player: object, move: Move) -> Plan:
    """Check ``move`` by ``player`` completely; raise :class:`IllegalMove` if it is not legal."""
    if state.over:
        raise IllegalMove("game_over", "The game is over; no more moves can be made.")
    seat = state.seat(player)
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "A move must be an object.")
    kind = move.get("type")
    if kind not in MOVE_TYPES:
        raise IllegalMove(
            "bad_move", f"A move's type is one of {', '.join(MOVE_TYPES)}, not {kind!r}."
        )
    expected = to_move_seat(state)
    if seat != expected:
        who = state.players[expected]
        if state.asked is not None:
            raise IllegalMove("not_your_turn", f"{who} must first answer the mutiny question.")
        raise IllegalMove("not_your_turn", f"It is {who}'s turn, not {player}'s.")
    if state.asked is not None:
        if kind not in ("mutiny", "no_mutiny"):
            raise IllegalMove(
                "mutiny_decision_pending",
                f"Answer first: 'mutiny {mutinies(state).get(seat)}' or 'no mutiny'.",
            )
        return _plan_answer(state, seat, str(kind), move)
    if kind in ("mutiny", "no_mutiny"):
        raise IllegalMove("no_mutiny_question", "Nobody asked you about a mutiny now.")
    if state.mutiny_stack is not None and kind != "board":
        raise IllegalMove(
            "must_board",
            f"{state.players[state.mutiny_by or 0]} mutinied: board with {state.mutiny_stack}.",
        )
    if kind == "stack":
        return _plan_stack(state, seat, move)
    if kind == "board":
        return _plan_board(state, seat, move)
    if _actions(state, seat):
        raise IllegalMove("cannot_pass", "You can stack or board, so you may not pass.")
    return Plan(seat=seat, kind="pass")


def _board(state: State, step: Plan) -> None:
    """Board ``step.ship`` with ``step.stack``: ducats, booty, wages, dissolve, refill (§5)."""
    assert step.stack is not None and step.ship is not None and step.booty is not None
    seat = step.seat
    ship = board.SHIPS[step.ship]
    pirates = state.stacks.pop(step.stack)
    state.booty[seat][step.booty] += 1
    if len(ship.booty) > 1:
        other = ship.booty[1] if ship.booty[0] == step.booty else ship.booty[0]
        state.booty[board.owner(pirates[-2])][other] += 1
    wages = 0
    for pirate in pirates:
        paid = board.owner(pirate)
        if paid != seat:
            pay = board.wage(pirate, ship)
            state.ducats[paid] += pay
            wages += pay
        state.stacks[pirate] = (pirate,)
    # What the ship's and the captain's ducats cannot cover comes from the stock [S3].
    state.ducats[seat] = max(0, state.ducats[seat] + ship.ducats - wages)
    state.display.remove(step.ship)
    state.boarded[seat].append(step.ship)
    if not state.display:
        if state.deck_left() == 0:
            state.end_reason = "last_ship"
        else:
            state.display = list(state.deck[state.deck_top : state.deck_top + board.DISPLAY_SIZE])
            state.deck_top += board.DISPLAY_SIZE


def execute(state: State, step: Plan) -> None:
    """Carry out a checked move on ``state``."""
    state.moves += 1
    if step.kind == "no_mutiny":
        state.asked = _next_asked(state, step.seat)
        return
    if step.kind == "mutiny":
        state.asked = None
        state.mutiny_by = step.seat
        state.mutiny_stack = step.stack
        return
    if step.kind == "pass":
        state.passes += 1
        if state.passes == len(state.players):
            state.end_reason = "deadlock"
    else:
        state.passes = 0
        if step.kind == "stack":
            assert step.stack is not None and step.onto is not None
            moved = state.stacks.pop(step.stack)
            state.stacks[step.stack] = state.stacks.pop(step.onto) + moved
        else:
            _board(state, step)
    if state.end_reason is None:
        begin_turn(state, (state.turn + 1) % len(state.players))
    else:
        state.asked = state.mutiny_by = state.mutiny_stack = None


def apply(state: State, player: str, move: Move) -> State:
    """Return the state after ``player`` makes ``move``; ``state`` itself is unchanged."""
    step = plan(state, player, move)
    new = state.copy()
    execute(new, step)
    return new


def apply_in_place(state: State, player: str, move: Move) -> None:
    """Make ``move`` on ``state`` itself; an illegal move raises and leaves ``state`` unchanged."""
    execute(state, plan(state, player, move))


def _boardings(state: State, stack: str) -> list[Move]:
    size = len(state.stacks[stack])
    return [
        {"type": "board", "stack": stack, "ship": ship, "booty": kind}
        for ship in state.display
        if board.SHIPS[ship].crew <= size
        for kind in board.SHIPS[ship].booty
    ]


def _actions(state: State, seat: int) -> list[Move]:
    """The stackings and boardings of ``seat`` as captain (without any, he must pass)."""
    moves: list[Move] = []
    stacks = state.stacks
    own = [name for name in stacks if board.owner(name) == seat]
    others = [name for name in stacks if board.owner(name) != seat]
    for name in own:
        size = len(stacks[name])
        moves += [
            {"type": "stack", "piece": name, "onto": onto}
            for onto in others
            if size + len(stacks[onto]) <= board.MAX_STACK
        ]
        moves += _boardings(state, name)
    return moves


def legal_moves(state: State, player: str | None = None) -> list[Move]:
    """List every legal move of the player to move, sorted by JSON text (``[]`` if over)."""
    if state.over:
        return []
    seat = to_move_seat(state)
    if player is not None and player != state.players[seat]:
        return []
    if state.asked is not None:
        return by_json(
            [{"type": "mutiny", "stack": mutinies(state).get(seat)}, {"type": "no_mutiny"}]
        )
    if state.mutiny_stack is not None:
        return by_json(_boardings(state, state.mutiny_stack))
    moves = _actions(state, seat)
    return by_json(moves) if moves else [{"type": "pass"}]
