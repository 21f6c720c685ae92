"""The command line's argument parser (``docs/record-format.md``), for all but a plain replay.

:mod:`engine.__main__` reads ``replay RECORD``, the command a verifier runs
most, by itself: this module is imported for any other command line, so a
replay's start-up neither builds the parser nor loads the code that builds it
(issue 16).
"""

from __future__ import annotations

import argparse

from engine.record import RecordError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors follow the JSON error contract."""

    def error(self, message: str) -> Any:
        raise RecordError("usage", f"{message} ({self.format_usage().strip()})", None)


def parse(argv: list[str]) -> argparse.Namespace:
    """Read ``argv``: ``command`` names the command, the other fields are its arguments.

    Raises a ``usage`` :class:`~engine.record.RecordError` for anything else.
    """
    parser = _Parser(prog="python -m engine", description="Pirate board game rules engine.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    new = commands.add_parser("new", help="print a new record with a shuffled setup")
    new.add_argument("game")
    new.add_argument("--players", required=True, help="comma-separated names, in seat order")
    new.add_argument("--seed", type=int, help="same seed, same record")
    for name, help_text in (
        ("replay", "print the summary after all moves"),
        ("legal", "print the legal moves of the player to move"),
    ):
        command = commands.add_parser(name, help=help_text)
        command.add_argument("record", help="a record file, or - for standard input")
        if name == "legal":
            command.add_argument("--player", help="whose legal moves (default: first to move)")
    verify = commands.add_parser("verify", help="check a finished record against its commitment")
    verify.add_argument(
        "record", help="a record file with its revealed salt, or - for standard input"
    )
    verify.add_argument("commitment", help="the SHA-256 digest published when the game began")
    verify_chain = commands.add_parser(
        "verify-chain", help="check a finished record's chain of event hashes"
    )
    verify_chain.add_argument("record", help="a record file with its chain, or - for stdin")
    verify_chain.add_argument(
        "hashes", nargs="*", help="head hashes kept from emails or pages, each must be in it"
    )
    return parser.parse_args(argv)
