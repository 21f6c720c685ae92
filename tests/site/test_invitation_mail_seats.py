"""An invitation email names every seat of its table, however early its invitation was made."""

from __future__ import annotations

import email
import email.policy

import pytest
from django.utils import translation

from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.play.lobby import SeatSpec, table_create

pytestmark = pytest.mark.clock

NAMES = ("Dora", "Emil", "Fleur")


def _text(row: OutboundMail) -> str:
    raw = mail_compose(row).message().as_bytes(linesep="\r\n")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, email.message.EmailMessage)
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())


@pytest.mark.parametrize("kind", ["seerauber", "flusspiraten"])
def test_each_invitation_names_all_the_tables_seats(db: None, kind: str) -> None:
    """Rule: every invitee's email names every seat of the table, the first invitee's too."""
    seats = [
        SeatSpec(kind="email", name=name, email=f"{name.lower()}@example.org", language=language)
        for name, language in zip(NAMES, ("de", "en", "fr"), strict=True)
    ]
    table_create(kind=kind, seats=[*seats, SeatSpec(kind="bot")], options={})
    rows = OutboundMail.objects.filter(kind="invitation").order_by("pk")
    assert [row.to for row in rows] == [f"{name.lower()}@example.org" for name in NAMES]
    for row in rows:
        with translation.override(row.language):
            label = translation.gettext("Seats:")
        seats_line = next(line for line in _text(row).splitlines() if line.startswith(label))
        assert all(name in seats_line for name in (*NAMES, "Bot 1")), (row.to, seats_line)
