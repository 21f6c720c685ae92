# ruff: noqa: F811  (the own_cache fixture imported from mail_kinds)
"""The headers and the MIME shape of every kind of email: standard, and kind to mail filters."""

from __future__ import annotations

import email
import email.policy
from datetime import UTC
from email.message import EmailMessage
from email.utils import format_datetime

import pytest
from django.conf import settings
from mail_kinds import Cast, mail_of_every_kind, own_cache  # noqa: F401

from games.mail.compose import mail_compose
from games.mail.message import GameMail
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from tests.clock import T0

CAST = Cast(first="Änne Ørsted", second='Bart "the Bold", Jr.')
ANSWERS = {"move_accepted", "move_refused"}
PICTURED = {"turn", "reminder", "game_over"}


def _parsed(row: OutboundMail) -> EmailMessage:
    raw = mail_compose(row).message().as_bytes(linesep="\r\n")
    return email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[return-value]


def _tree(part: EmailMessage) -> object:
    """The MIME tree as nested (type, [children]) pairs, leaves as their type."""
    if part.is_multipart():
        return (part.get_content_type(), [_tree(child) for child in part.iter_parts()])  # type: ignore[arg-type]
    return part.get_content_type()


@pytest.fixture
def mails(db: None, own_cache: None) -> dict[str, tuple[OutboundMail, EmailMessage]]:
    return {kind: (row, _parsed(row)) for kind, row in mail_of_every_kind(CAST).items()}


def test_it_marks_every_email_automatic_and_answers_as_auto_replied(
    mails: dict[str, tuple[OutboundMail, EmailMessage]],
) -> None:
    for kind, (_, message) in mails.items():
        expected = "auto-replied" if kind in ANSWERS else "auto-generated"
        assert (kind, message["Auto-Submitted"]) == (kind, expected)
        assert (kind, message["Precedence"], message["X-Auto-Response-Suppress"]) == (
            kind,
            "bulk",
            "All",
        )


def test_it_addresses_the_reader_by_name_and_dates_in_utc(
    mails: dict[str, tuple[OutboundMail, EmailMessage]],
) -> None:
    names = {"anne@example.org": CAST.first, "bart@example.org": CAST.second}
    for kind, (row, message) in mails.items():
        raw_to = str(email.message_from_bytes(message.as_bytes())["To"])  # as written
        # a sign-in link names nobody; a seat's confirmation not the name a stranger chose
        named = "" if kind in ("sign_in", "seat_confirmation") else names[row.to]
        (address,) = message["To"].addresses
        assert (kind, address.display_name, address.addr_spec) == (kind, named, row.to)
        assert raw_to.endswith(f"<{row.to}>"), (kind, raw_to)
        assert message["Date"] == format_datetime(row.created_at.astimezone(UTC))
        assert str(message["Date"]).endswith(" +0000")


def test_every_list_like_email_names_its_list(
    mails: dict[str, tuple[OutboundMail, EmailMessage]],
) -> None:
    for kind, (_, message) in mails.items():
        if message["List-Unsubscribe"]:
            assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            assert str(message["List-Id"]).endswith(f".{settings.MAIL_DOMAIN}>"), kind
    assert mails["digest"][1]["List-Unsubscribe"]
    assert mails["digest"][1]["List-Id"] == f"<digest.{settings.MAIL_DOMAIN}>"
    game_list = f"<game-{mails['turn'][0].game_id}.{settings.MAIL_DOMAIN}>"
    assert mails["turn"][1]["List-Id"] == mails["notice"][1]["List-Id"] == game_list


def test_the_picture_goes_with_the_html_so_text_readers_show_no_attachment(
    mails: dict[str, tuple[OutboundMail, EmailMessage]],
) -> None:
    for kind, (_, message) in mails.items():
        if kind in PICTURED:
            html = ("multipart/related", ["text/html", "image/png"])
            assert _tree(message) == ("multipart/alternative", ["text/plain", html]), kind
            related = message.get_payload()[1]  # type: ignore[index]
            assert related.get_param("type") == "text/html"
        else:
            assert _tree(message) == ("multipart/alternative", ["text/plain", "text/html"]), kind
        assert not list(message.iter_attachments()), kind


@pytest.mark.parametrize(
    ("kind", "title"),
    [("freibeuter", "Freibeuter"), ("seerauber", "Seeräuber"), ("flusspiraten", "Flußpiraten")],
)
def test_subjects_and_bodies_name_the_game_by_its_title(db: None, kind: str, title: str) -> None:
    players = [
        PlayerSpec(name=n, email=f"p{i}@example.org") for i, n in enumerate(("Äda", "Bo", "Cy"))
    ]
    game = game_create(kind=kind, players=players, seed=3, now=T0)
    row = OutboundMail.objects.filter(game=game, kind="turn").first()
    assert row is not None
    message = _parsed(row)
    assert message["Subject"] == f"{title} #{game.pk}: your turn, {row.context['player']}"
    assert f"it is your turn in {title} #{game.pk}." in message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert f"it is your turn in {title} #{game.pk}." in message.get_body(("html",)).get_content()  # type: ignore[union-attr]


def test_a_long_encoded_subject_decodes_as_written(db: None) -> None:
    name = "Die große Seeräuberrunde am Freitagabend mit Änne und Bärbel"
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")]
    game = game_create(kind="freibeuter", players=players, options={"name": name}, seed=3, now=T0)
    row = OutboundMail.objects.get(game=game, kind="turn")
    assert _parsed(row)["Subject"] == f"{name}: your turn, Anne"


def test_every_email_of_a_seat_is_in_the_seats_thread_of_the_game(
    mails: dict[str, tuple[OutboundMail, EmailMessage]],
) -> None:
    for kind, (row, message) in mails.items():
        if row.seat_id is None:  # invitation, digest, sign-in: no seat, no thread
            assert (kind, message["References"]) == (kind, None)
            continue
        root = f"<game-{row.game_id}.seat-{row.seat_id}@{settings.MAIL_DOMAIN}>"
        assert (kind, str(message["References"]).split()[0]) == (kind, root)


def test_the_same_row_gives_the_same_bytes_every_time_it_is_composed(
    mails: dict[str, tuple[OutboundMail, EmailMessage]],
) -> None:
    """A retry sends what the first try sent (an email is composed once): the MIME boundaries
    come from the Message-ID, written ``=_…``, which neither quoted-printable nor base64
    ever writes."""
    for kind, (row, message) in mails.items():
        first, again = (mail_compose(row).message().as_bytes() for _ in range(2))
        assert first == again, kind
        for part in message.walk():
            if part.is_multipart():
                assert str(part.get_boundary()).startswith("=_"), kind


def test_a_body_that_holds_its_boundary_is_sent_with_another_and_arrives_whole(db: None) -> None:
    """Should a body hold the boundary its Message-ID gives (a player who wrote it in a chat
    message), the message takes a random one, checked against every part as Python's does."""

    def composed(body: str) -> EmailMessage:
        mail = GameMail(body=body, to=["anne@example.org"], headers={"Message-ID": "<m@x.org>"})
        mail.attach_alternative("<p>Hello</p>", "text/html")
        raw = mail.message().as_bytes()
        return email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[return-value]

    boundary = str(composed("Hello").get_boundary())
    message = composed(f"Hello {boundary}")
    assert message.get_boundary() != boundary
    assert message.get_body(("plain",)).get_content() == f"Hello {boundary}"  # type: ignore[union-attr]
    assert message.get_body(("html",)).get_content() == "<p>Hello</p>"  # type: ignore[union-attr]
