"""The built-in Freibeuter bot: plays for timed-out players and empty seats.

One-ply greedy search: every legal move is tried, and the resulting position
is valued by the mover's lead over the best opponent, plus a few heuristics
for what a single ply cannot see (a boarded ship's future prize, boats that
will collect payouts later). Deterministic: the same state gives the same move.
"""

from __future__ import annotations

from engine.base import IllegalMove, Move
from engine.freibeuter import board
from engine.freibeuter.rules import apply, legal_moves
from engine.freibeuter.state import State
from engine.freibeuter.views import scores

WIN_BONUS = 1000.0


def _lead(state: State, seat: int) -> float:
    points = scores(state)
    best_other = max(p for s, p in enumerate(points) if s != seat)
    if state.over:
        return WIN_BONUS if points[seat] >= best_other else -WIN_BONUS
    return float(points[seat] - best_other)


def _prospects(state: State, seat: int) -> float:
    """Value what is still open on the board: ships boarded and boats around them."""
    value = 0.0
    for t, tile in enumerate(state.tiles):
        owner = state.boarded[t]
        if owner is None or tile is None:
            continue
        ship_value, payout = board.SHIPS[tile]
        fields = board.TILE_FIELDS[t]
        filled = sum(1 for f in fields if state.fields[f])
        mine = sum(1 for f in fields for p in state.fields[f] if p == seat)
        if owner == seat:
            others = sum(1 for f in fields for p in state.fields[f] if p != seat)
            value += ship_value * (0.2 + 0.15 * filled) - payout * others * 0.5
        else:
            value += payout * mine * 0.6
    return value


def _evaluate(state: State, seat: int, move: Move) -> float:
    after = apply(state, state.players[seat], move)
    score = _lead(after, seat) + _prospects(after, seat)
    if move.get("draw") == "dutchman":
        holds = sum(1 for card in state.hands[seat] if board.is_dutchman_card(card))
        score += 0.5 if holds <= 1 else -0.5
    return score


def bot_move(state: State, player: str) -> Move:
    """Choose the bot's move for ``player``, who must be the player to move."""
    moves = legal_moves(state, player)
    if not moves:
        raise IllegalMove("not_your_turn", f"{player} has no move to make now.")
    seat = state.seat(player)
    best = moves[0]
    best_score = _evaluate(state, seat, best)
    for move in moves[1:]:
        score = _evaluate(state, seat, move)
        if score > best_score:
            best, best_score = move, score
    return best
