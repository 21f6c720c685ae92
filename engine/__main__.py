"""The engine's command line (``docs/record-format.md``).

    python -m engine new GAME --players A,B,C [--seed N]
    python -m engine replay RECORD
    python -m engine legal RECORD [--player NAME]
    python -m engine bot RECORD [--player NAME] [--level LEVEL] [--seed N]
    python -m engine verify RECORD COMMITMENT
    python -m engine verify-chain RECORD [HASH ...]

``RECORD`` is a path or ``-`` for standard input. Output is JSON on standard
output; errors exit with status 2 and ``{"error": {"code", "message", "move"}}``.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from random import Random
from typing import Any, NoReturn

from engine import chain, fairness
from engine.record import RecordError, bot_level, new_record, replay
from engine.search import LEVELS


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors follow the JSON error contract."""

    def error(self, message: str) -> NoReturn:
        raise RecordError("usage", f"{message} ({self.format_usage().strip()})", None)


def parse(argv: list[str]) -> argparse.Namespace:
    """Read ``argv``: ``run`` is the command's function, the other fields are its arguments.

    Raises a ``usage`` :class:`~engine.record.RecordError` for anything else.
    """
    parser = _Parser(prog="python -m engine", description="Pirate board game rules engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    new = commands.add_parser("new", help="print a new record with a shuffled setup")
    new.add_argument("game")
    new.add_argument("--players", required=True, help="comma-separated names, in seat order")
    new.add_argument("--seed", type=int, help="same seed, same record")
    new.set_defaults(run=_new)
    for name, help_text, run in (
        ("replay", "print the summary after all moves", _replay),
        ("legal", "print the legal moves of the player to move", _legal),
    ):
        command = commands.add_parser(name, help=help_text)
        command.set_defaults(run=run)
        command.add_argument("record", help="a record file, or - for standard input")
        if name == "legal":
            command.add_argument("--player", help="whose legal moves (default: first to move)")
    bot = commands.add_parser("bot", help="print the move a bot would make now")
    bot.add_argument("record", help="a record file, or - for standard input")
    bot.add_argument("--player", help="for whom (default: the first to move)")
    bot.add_argument("--level", choices=LEVELS, help="default: the record's, else easy")
    bot.add_argument("--seed", type=int, help="a searching level's draws (default: the view)")
    bot.set_defaults(run=_bot)
    verify = commands.add_parser("verify", help="check a finished record against its commitment")
    verify.add_argument(
        "record", help="a record file with its revealed salt, or - for standard input"
    )
    verify.add_argument("commitment", help="the SHA-256 digest published when the game began")
    verify.set_defaults(run=_verify)
    verify_chain = commands.add_parser(
        "verify-chain", help="check a finished record's chain of event hashes"
    )
    verify_chain.add_argument("record", help="a record file with its chain, or - for stdin")
    verify_chain.add_argument(
        "hashes", nargs="*", help="head hashes kept from emails or pages, each must be in it"
    )
    verify_chain.set_defaults(run=_verify_chain)
    return parser.parse_args(argv)


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
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            "invalid_record", f"The record is not valid JSON: {error}.", None
        ) from None


def _new(args: argparse.Namespace) -> Any:
    players = [name.strip() for name in args.players.split(",")]
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    return new_record(args.game, players, Random(seed))


def _replay(args: argparse.Namespace) -> Any:
    game, state = replay(_read_record(args.record))
    return game.summary(state)


def _legal(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    game, state = replay(record)
    player = args.player
    if player is not None and player not in record["players"]:
        raise RecordError("unknown_player", f"{player!r} does not play in this game.", None)
    return game.legal_moves(state, player)


def _bot(args: argparse.Namespace) -> Any:
    record = _read_record(args.record)
    game, state = replay(record)
    player = args.player
    if player is None:
        movers = game.to_move(state)
        if not movers:
            raise RecordError("game_over", "The game is over; no more moves can be made.", None)
        player = movers[0]
    elif player not in record["players"]:
        raise RecordError("unknown_player", f"{player!r} does not play in this game.", None)
    if not game.legal_moves(state, player):
        raise RecordError("not_your_turn", f"{player} is not asked to move now.", None)
    level = args.level or bot_level(record, player)
    rng = None if args.seed is None else Random(args.seed)
    return game.bot_move(state, player, level, rng)


def _verify(args: argparse.Namespace) -> Any:
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
    record = _read_record(args.record)
    replay(record)
    return {"verified": True, **chain.verify_chain(record, args.hashes)}


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse(sys.argv[1:] if argv is None else argv)
        output = args.run(args)
    except RecordError as error:
        print(json.dumps(error.as_json()))
        return 2
    print(json.dumps(output))
    return 0


if __name__ == "__main__":
    sys.exit(main())
