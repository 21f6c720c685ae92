"""The table of what each change causes (``games.consequences``) is the one way a change's
consequences are wired: every signal is declared in ``games.play.signals``, each has the
receivers of its rows connected exactly once, and no module patches another's registry.

That each use case's consequence happens (a move's turn email, a takeback's notice, a
moderator's, a timeout's and a reminder's emails, a reply's answer, a league round's email)
is told by the tests of those use cases (``test_mail_*``, ``test_moderation*``,
``test_deadline*``, ``test_takeback*``, ``test_league*``, ``test_inbound*``).
"""

from __future__ import annotations

import re
from pathlib import Path

from django.dispatch import Signal

from games import consequences
from games.mail import compose
from games.mail.turn_content import game_over_context_of, turn_context_of
from games.play import signals

GAMES = Path(consequences.__file__).resolve().parent


def _declared() -> dict[str, Signal]:
    return {name: value for name, value in vars(signals).items() if isinstance(value, Signal)}


def _connected(signal: Signal) -> list[object]:
    return [reference() for _key, reference, *_async in signal.receivers]


def test_it_lists_every_signal_with_the_receivers_connected_once_each() -> None:
    table: dict[Signal, list[object]] = {}
    for signal, receiver in consequences.CONSEQUENCES:
        table.setdefault(signal, []).append(receiver)
    assert set(table) == set(_declared().values())
    for signal, receivers in table.items():
        assert sorted(map(id, _connected(signal))) == sorted(map(id, receivers))
        assert len(_connected(signal)) == len(set(map(id, receivers)))


def test_connecting_again_connects_nothing_twice() -> None:
    before = {signal: len(signal.receivers) for signal in _declared().values()}
    consequences.receivers_connect()
    assert {signal: len(signal.receivers) for signal in _declared().values()} == before


def test_no_module_but_the_table_declares_or_connects_a_signal() -> None:
    declares = re.compile(r"\bSignal\(\)|(?<!psycopg)\.connect\(|@receiver\b")
    found = [
        path.relative_to(GAMES).as_posix()
        for path in GAMES.rglob("*.py")
        if declares.search(path.read_text(encoding="utf-8"))
    ]
    assert sorted(found) == ["consequences.py", "play/signals.py"]


def test_turn_and_game_over_emails_are_composed_later_with_no_registration_at_start_up() -> None:
    later = {"turn": turn_context_of, "game_over": game_over_context_of}
    assert later == compose.COMPOSED_LATER
