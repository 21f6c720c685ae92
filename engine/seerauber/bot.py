"""The built-in Seeräuber bot: plays for timed-out players and empty seats.

One-ply greedy search: every legal move is tried, and the position after it is
valued by the mover's *equity* less the best opponent's. A player's equity is
his score now plus a share of what the stacks on the table promise him: as
captain, the best boarding a stack could make now (ducats and booty less the
wages it pays); as crew, the wages his pirates would earn in other captains'
stacks. A mutiny question is answered by looking one move further: the
captain's forced boarding, chosen the way this bot would choose it.

Everything the bot reads is public [S6], and it is deterministic: the same
position gives the same move.
"""

from __future__ import annotations

from engine.base import IllegalMove, Move, final_margin
from engine.seerauber import board
from engine.seerauber.rules import apply, legal_moves, to_move_seat
from engine.seerauber.state import State

CAPTAIN_SHARE = 0.5
"""The chance a captain keeps his stack until his next turn, roughly."""
CREW_SHARE = 0.3
"""The share of its promised wage a pirate in another's stack is counted at."""
BOOTY_VALUE = 4.0
"""What one booty piece is worth on average, in ducats, before the end."""


def _gain(ship: board.Ship, crew: list[str]) -> float:
    """What boarding ``ship`` brings its captain: its ducats less the ``crew``'s wages, a booty."""
    return max(0, ship.ducats - sum(board.wage(p, ship) for p in crew)) + BOOTY_VALUE


def _equities(state: State) -> list[float]:
    """Each seat's score plus its weighted share of what the stacks promise."""
    equity = [float(points) for points in state.seat_scores()]
    for name, pirates in state.stacks.items():
        if len(pirates) < 2:
            continue
        ships = [board.SHIPS[s] for s in state.display if board.SHIPS[s].crew <= len(pirates)]
        if not ships:
            continue
        captain = board.owner(name)
        crew = [p for p in pirates if board.owner(p) != captain]
        best = max(ships, key=lambda ship: _gain(ship, crew))
        equity[captain] += CAPTAIN_SHARE * _gain(best, crew)
        for pirate in crew:
            equity[board.owner(pirate)] += CREW_SHARE * board.wage(pirate, best)
    return equity


def _margin(state: State, seat: int) -> float:
    """How far ``seat`` is ahead of the best opponent in ``state``."""
    if state.over:
        return final_margin(state, seat)
    equity = _equities(state)
    return equity[seat] - max(e for s, e in enumerate(equity) if s != seat)


def _best(state: State, seat: int, moves: list[Move]) -> Move:
    """The move after which ``seat`` stands best; the first in list order on a tie."""
    player = state.players[seat]

    def value(move: Move) -> float:
        after = apply(state, player, move)
        if move["type"] == "mutiny":
            captain = state.players[after.turn]
            after = apply(after, captain, _best(after, after.turn, legal_moves(after)))
        return _margin(after, seat)

    return max(moves, key=value)


def bot_move(state: State, player: str) -> Move:
    """Choose a legal move for ``player`` deterministically."""
    seat = state.seat(player)
    if state.over or to_move_seat(state) != seat:
        raise IllegalMove("not_your_turn", f"{player} has no move to make now.")
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves[0]
    return _best(state, seat, moves)
