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

This bot is the ``easy`` level of :func:`bot_move`. The ``strong`` level is the
search of :mod:`engine.search` from the player's view alone, which plays its
worlds on with this bot (:data:`SEARCH`).
"""

from __future__ import annotations

from random import Random

from engine.base import IllegalMove, Move, final_margin, get_game
from engine.search import Model, level_move
from engine.seerauber import board
from engine.seerauber.rules import apply, legal_moves, to_move_seat
from engine.seerauber.state import State
from engine.seerauber.worlds import sample_state

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


def _value(state: State, seat: int, move: Move) -> float:
    """How ``seat`` stands after ``move``; after a mutiny, after the captain's forced boarding."""
    after = apply(state, state.players[seat], move)
    if move["type"] == "mutiny":
        captain = state.players[after.turn]
        after = apply(after, captain, _best(after, after.turn, legal_moves(after)))
    return _margin(after, seat)


def _best(state: State, seat: int, moves: list[Move]) -> Move:
    """The move after which ``seat`` stands best; the first in list order on a tie."""
    return max(moves, key=lambda move: _value(state, seat, move))


def ranked(state: State, player: str) -> list[Move]:
    """The legal moves of ``player``, who must be the player to move, best for the bot first."""
    seat = state.seat(player)
    if state.over or to_move_seat(state) != seat:
        raise IllegalMove("not_your_turn", f"{player} has no move to make now.")
    moves = legal_moves(state)
    if len(moves) == 1:
        return moves
    return sorted(moves, key=lambda move: _value(state, seat, move), reverse=True)


SEARCH = Model(
    sample=sample_state, ranked=ranked, value=_margin, scale=8.0, width=6, depth=1, budget=500
)
"""The searching bot's worlds, prior, valuation and work (``bench/bots.py`` measures them)."""


def bot_move(state: State, player: str, level: str = "easy", rng: Random | None = None) -> Move:
    """Choose the move of ``player``, who must be the player to move, at the bot ``level``.

    ``easy`` is the greedy bot, deterministic; a searching level sees only
    ``player``'s view and draws its worlds from ``rng`` (by default one seeded from that view).
    """
    if level != "easy":
        return level_move(get_game("seerauber"), SEARCH, state, player, level, rng)
    return ranked(state, player)[0]
