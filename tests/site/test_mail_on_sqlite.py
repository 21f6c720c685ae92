"""A turn email's claim, composition and sent mark on the embedded default's SQLite
(``make run``): the worker's fixed statements, run there one after another."""

from __future__ import annotations

from pathlib import Path

from sqlite_helpers import on_sqlite

SCRIPT = r"""
from django.core import mail
from django.utils import timezone
from games.mail.outbox import mail_claim, mail_send
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state

players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Ann", "Ben", "Cy")]
game = game_create(kind="freibeuter", players=players, seed=3)
for _ in range(4):
    game.refresh_from_db()
    name = game.to_move[0]
    seat = game.seats.get(display_name=name)
    move = engine_for(game).legal_moves(load_state(game), name)[0]
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
row = OutboundMail.objects.filter(kind="turn", seat__display_name="Ben").latest("id")
outbox = mail.get_connection("django.core.mail.backends.locmem.EmailBackend")
print(mail_send(mail_id=row.pk, connect=lambda: outbox))
print(mail_claim(mail_id=row.pk, now=timezone.now()))
row.refresh_from_db()
print(row.status, row.attempts, row.claimed_until, [e["player"] for e in row.context["since"]])
(sent,) = mail.outbox
print(sent.to)
print(*sent.body.split("Since your last turn:")[1].split("\n\n")[0].splitlines()[1:], sep="\n")
"""


def test_a_turn_email_is_claimed_composed_and_marked_sent_on_sqlite(tmp_path: Path) -> None:
    """The worker's claim reads the row with its game and seat, the content is
    composed from the events since the seat's previous turn email (its own move among them),
    and the sent mark keeps it."""
    printed = on_sqlite(tmp_path, SCRIPT)
    assert printed.splitlines() == [
        "True",
        "None",
        "sent 1 None ['Ben (you)', 'Cy', 'Ann']",
        "['ben@example.org']",
        "  Ben (you): places a boat on A4 and draws a Dutchman card (place A4 draw dutchman)",
        "  Cy: places a boat on B4 and draws a Dutchman card (place B4 draw dutchman)",
        "  Ann: places a boat on C3 and draws a Dutchman card (place C3 draw dutchman)",
    ]
