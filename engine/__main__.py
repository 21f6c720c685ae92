"""The engine's command line (``docs/record-format.md``).

    python -m engine new GAME --players A,B,C [--seed N]
    python -m engine replay RECORD
    python -m engine legal RECORD [--player NAME]
    python -m engine verify RECORD COMMITMENT
    python -m engine verify-chain RECORD [HASH ...]

``RECORD`` is a path or ``-`` for standard input. Output is JSON on standard
output; errors exit with status 2 and ``{"error": {"code", "message", "move"}}``.

A replay is what a verifier runs most, so it starts fast: ``replay RECORD``
is read without the argument parser (:mod:`engine.arguments`, imported for any
other command line), each module is imported by the command that needs it (a
game's rules only when a record names the game), and JSON is read and printed
through :mod:`engine.jsontext`, without importing :mod:`json`.
"""

from __future__ import annotations

import sys

from engine import jsontext
from engine.record import RecordError, new_record, replay

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable
    from typing import Any


def _read_record(path: str) -> Any:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise RecordError(
            "unreadable_record", f"Cannot read {path}: {error.strerror}.", None
        ) from None
    except UnicodeDecodeError:
        raise RecordError("invalid_record", f"{path} is not UTF-8 text.", None) from None
    try:
        return jsontext.loads(text)
    except jsontext.JSONDecodeError as error:
        raise RecordError(
            "invalid_record", f"The record is not valid JSON: {error}.", None
        ) from None


def _new(args: argparse.Namespace) -> Any:
    import secrets
    from random import Random

    players = [name.strip() for name in args.players.split(",")]
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    return new_record(args.game, players, Random(seed))


def _replay(args: argparse.Namespace) -> Any:
    return _summary(args.record)


def _summary(path: str) -> Any:
    game, state = replay(_read_record(path))
    return game.summary(state)


def _legal(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    game, state = replay(record)
    player = args.player
    if player is not None and player not in record["players"]:
        raise RecordError("unknown_player", f"{player!r} does not play in this game.", None)
    return game.legal_moves(state, player)


def _verify(args: argparse.Namespace) -> Any:
    from engine import fairness

    record = _read_record(args.record)
    replay(record)
    if not isinstance(record.get("salt"), str):
        raise RecordError("no_salt", "The record reveals no salt; it cannot be verified.", None)
    if not fairness.verify(record, args.commitment):
        raise RecordError(
            "commitment_mismatch",
            "The record's setup and salt do not match the commitment: the deal was changed.",
            None,
        )
    return {"verified": True, "commitment": args.commitment.strip().lower()}


def _verify_chain(args: argparse.Namespace) -> Any:
    from engine import chain

    record = _read_record(args.record)
    replay(record)
    return {"verified": True, **chain.verify_chain(record, args.hashes)}


_COMMANDS: dict[str, Callable[[argparse.Namespace], Any]] = {
    "new": _new,
    "replay": _replay,
    "legal": _legal,
    "verify": _verify,
    "verify-chain": _verify_chain,
}
"""Each command of :mod:`engine.arguments` by its name."""


def _is_replay(argv: list[str]) -> bool:
    """Whether ``argv`` is ``replay RECORD``, which the parser would read just so."""
    return len(argv) == 2 and argv[0] == "replay" and (argv[1] == "-" or argv[1][:1] != "-")


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    try:
        if _is_replay(argv):
            output = _summary(argv[1])
        else:
            from engine.arguments import parse

            args = parse(argv)
            output = _COMMANDS[args.command](args)
    except RecordError as error:
        print(jsontext.dumps(error.as_json()))
        return 2
    print(jsontext.dumps(output))
    return 0


if __name__ == "__main__":
    # One short process whose objects live until it exits: the cyclic garbage collector would
    # only walk them, 6-8 % of the command's CPU (README, *Engines*). A replay leaves no
    # reference cycles (tests/engine/test_command_line.py checks each game's).
    import gc

    gc.disable()
    sys.exit(main())
