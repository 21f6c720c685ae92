"""Open seats bind a verified address only: a stranger who types Alice's address at an open seat
gets the seat and its link, but the seat counts for Alice's account (profile, mail, reliability,
rating) only once she confirms it by the one email she is sent; a table that asks for a
reliability takes only players signed in with an account that has it."""

from __future__ import annotations

import email
import email.policy
import html
from email.message import EmailMessage

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from games.mail.compose import mail_compose
from games.models import GameResult, Invitation, OutboundMail, Player, Rating, Seat, Table
from games.moderation import actions
from games.people.accounts import player_create
from games.people.reliability import reliability
from games.play.lobby import SeatSpec, open_seat_token, table_create
from games.play.recipients import address_hash, never_invite
from tests.site.player_helpers import bot_moves, moderator_create

ALICE = "alice@example.org"
ZONE = {"language": "en", "time_zone": "UTC"}


@pytest.fixture
def alice(db: None) -> Player:
    """Alice has an account (she signed in once and chose her handle)."""
    return player_create(email=ALICE, handle="Alice")


def _table(*, min_reliability: int | None = None) -> Table:
    return table_create(
        kind="freibeuter",
        name="Harbour",
        seats=[SeatSpec(kind="open"), SeatSpec(kind="open")],
        options={},
        min_reliability=min_reliability,
    )


def _join(client: Client, table: Table, name: str, address: str, language: str = "en") -> str:
    form = {"name": name, "email": address, **ZONE, "language": language}
    response = client.post(
        f"/tables/{open_seat_token(table)}/join/", form, HTTP_ACCEPT_LANGUAGE=language
    )
    return html.unescape(response.content.decode()) if response.status_code == 200 else ""


def _seat(table: Table, name: str) -> Seat:
    return Seat.objects.get(game__table=table, display_name=name)


def _mails_to(address: str) -> list[OutboundMail]:
    return list(OutboundMail.objects.filter(to__iexact=address).order_by("id"))


def _confirmation_path(address: str = ALICE) -> str:
    (row,) = OutboundMail.objects.filter(kind="seat_confirmation", to__iexact=address)
    return str(row.context["link"]).removeprefix(settings.SITE_URL)


def _sign_in(client: Client, address: str) -> None:
    """Sign ``client`` in as ``address``, as its sign-in link does."""
    session = client.session
    session["email"] = address
    session.save()


def _stranger_takes_both_seats(table: Table) -> Client:
    """The finding's attack: "Mallory" with Alice's address, and "Trudy" with none."""
    stranger = Client()
    _join(stranger, table, "Mallory", ALICE)
    _join(stranger, table, "Trudy", "")
    table.refresh_from_db()
    assert table.game is not None  # the stranger holds both seats of a dealt game
    return stranger


def test_a_stranger_with_alices_address_is_not_on_her_profile_nor_in_her_mailbox(
    alice: Player, client: Client
) -> None:
    table = _table()
    _stranger_takes_both_seats(table)
    bot_moves(table.game, 6)

    profile = client.get("/players/alice/").content.decode()
    assert "Mallory" not in profile and "Harbour" not in profile
    assert _seat(table, "Mallory").player is None and _seat(table, "Mallory").email == ""
    assert [row.kind for row in _mails_to(ALICE)] == ["seat_confirmation"]


def test_the_one_email_asks_alice_to_confirm_and_offers_never_invite_me(alice: Player) -> None:
    table = _table()
    _join(Client(), table, "Mallory", ALICE, language="de")
    (row,) = _mails_to(ALICE)
    raw = mail_compose(row).message().as_bytes(linesep="\r\n")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    assert message["Subject"] == "Bestätige deinen Platz bei Freibeuter per E-Mail: „Harbour“"
    (recipient,) = message["To"].addresses
    assert (recipient.display_name, recipient.addr_spec) == ("", ALICE)  # not the chosen name
    assert (
        str(message["List-Unsubscribe"]).strip().startswith(f"<{settings.SITE_URL}/invite/never/")
    )
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    text = str(body.get_content())
    assert "Mallory" in text and _confirmation_path() in text
    assert "/play/" not in text  # the confirmation gives no way into the game


def test_a_moderator_removing_the_strangers_seat_leaves_alices_reliability_alone(
    alice: Player,
) -> None:
    table = _table()
    _stranger_takes_both_seats(table)
    bot_moves(table.game, 4)
    assert table.game is not None
    actions.seat_remove(
        game=table.game,
        moderator=moderator_create(),
        reason="a stranger's seat",
        seat=_seat(table, "Mallory"),
    )
    assert reliability(player=alice, now=timezone.now()).left == 0


def test_a_game_the_stranger_plays_out_gives_alice_no_result_and_no_rating(alice: Player) -> None:
    table = _table()
    _stranger_takes_both_seats(table)
    bot_moves(table.game)
    assert GameResult.objects.filter(game=table.game).count() == 2  # rated, as newcomers
    assert not GameResult.objects.filter(player=alice).exists()
    assert not Rating.objects.filter(player=alice).exists()


def test_alices_confirmation_ties_the_seat_to_her_account(alice: Player, client: Client) -> None:
    table = _table()
    _stranger_takes_both_seats(table)
    path = _confirmation_path()
    shown = client.get(path)  # what a mail scanner opening the link sees
    assert shown.status_code == 200 and "It was me: confirm" in shown.content.decode()
    assert _seat(table, "Mallory").email == ""

    done = client.post(path)
    assert done.status_code == 200 and "is tied to your address" in done.content.decode()
    seat = _seat(table, "Mallory")
    assert (seat.email, seat.player) == (ALICE, alice)
    assert "Harbour" in client.get("/players/alice/").content.decode()
    bot_moves(table.game)
    assert GameResult.objects.get(player=alice).seat == seat


def test_a_confirmation_before_the_deal_is_kept_when_the_cards_are_dealt(
    alice: Player, client: Client
) -> None:
    table = _table()
    _join(Client(), table, "Mallory", ALICE)
    assert client.post(_confirmation_path()).status_code == 200
    _join(Client(), table, "Trudy", "")
    seat = _seat(table, "Mallory")
    assert (seat.email, seat.player) == (ALICE, alice)
    confirmation, dealt = _mails_to(ALICE)  # the deal: her turn, or that the game began
    assert (confirmation.kind, dealt.seat) == ("seat_confirmation", seat)


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "This game is over: its seat can no longer be tied to your address."),
        ("de", "Diese Partie ist vorbei: ihr Platz kann nicht mehr mit deiner Adresse verbunden"),
        ("fr", "Cette partie est terminée : sa place ne peut plus être liée à votre adresse."),
    ],
)
def test_a_confirmation_after_the_game_ended_is_refused(
    alice: Player, client: Client, language: str, refusal: str
) -> None:
    table = _table()
    _stranger_takes_both_seats(table)
    path = _confirmation_path()
    bot_moves(table.game)
    client.cookies["django_language"] = language
    refused = client.post(path)
    assert refused.status_code == 410 and refusal in html.unescape(refused.content.decode())
    assert _seat(table, "Mallory").player is None
    assert not GameResult.objects.filter(player=alice).exists()


def test_a_confirmation_after_the_seat_changed_hands_is_refused(
    alice: Player, client: Client
) -> None:
    table = _table()
    _stranger_takes_both_seats(table)
    assert table.game is not None
    actions.seat_remove(
        game=table.game, moderator=moderator_create(), reason="gone", seat=_seat(table, "Mallory")
    )
    refused = client.post(_confirmation_path())
    assert refused.status_code == 410 and "has changed hands" in refused.content.decode()
    assert _seat(table, "Mallory").email == ""


def test_a_forged_confirmation_link_opens_nothing(db: None) -> None:
    assert Client().get("/seats/confirm/abc:def/").status_code == 404
    table = _table()
    _join(Client(), table, "Mallory", ALICE)
    token = open_seat_token(table)  # a good signature of another purpose
    assert Client().post(f"/seats/confirm/{token}/").status_code == 404


def test_a_signed_in_player_takes_the_seat_with_his_address_at_once(
    alice: Player, client: Client
) -> None:
    table = _table()
    _sign_in(client, ALICE)
    page = client.get(f"/tables/{open_seat_token(table)}/join/").content.decode()
    assert f"You are signed in as {ALICE}" in page
    _join(client, table, "Alice", "")
    _join(Client(), table, "Trudy", "")
    seat = _seat(table, "Alice")
    assert (seat.email, seat.player) == (ALICE, alice)
    assert not OutboundMail.objects.filter(kind="seat_confirmation").exists()


def test_a_signed_in_stranger_typing_alices_address_still_needs_her_confirmation(
    alice: Player, client: Client
) -> None:
    table = _table()
    _sign_in(client, "mallory@example.org")
    _join(client, table, "Mallory", ALICE)
    invitation = table.invitations.get(display_name="Mallory")
    assert (invitation.email, invitation.pending_email) == ("", ALICE)


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "so it needs to know who you are: sign in with your email address first"),
        ("de", "deshalb müssen wir wissen, wer du bist: Melde dich zuerst"),
        ("fr", "nous devons donc savoir qui vous êtes : connectez-vous d'abord"),
    ],
)
@pytest.mark.parametrize("typed", ["", ALICE])
def test_a_table_with_a_minimum_refuses_a_joiner_who_is_not_signed_in(
    alice: Player, client: Client, language: str, refusal: str, typed: str
) -> None:
    table = _table(min_reliability=50)
    page = _join(client, table, "Mallory", typed, language=language)
    assert refusal in page and 'href="/signin/"' in page
    assert not Invitation.objects.filter(table=table, accepted_at__isnull=False).exists()

    _sign_in(client, ALICE)  # Alice herself, signed in, has no turn yet: welcome
    assert _join(client, table, "Alice", "") == ""
    assert table.invitations.get(display_name="Alice").email == ALICE


def test_the_confirmation_counts_against_the_daily_share_of_unasked_mail(alice: Player) -> None:
    table_create(
        kind="freibeuter",
        seats=[SeatSpec(kind="email", name="Alice", email=ALICE), SeatSpec(kind="bot")],
        options={},
    )  # Alice was invited today
    first, second = _table(), _table()
    _stranger_takes_both_seats(first)
    _join(Client(), second, "Mallory", ALICE)
    assert [row.kind for row in _mails_to(ALICE)] == ["invitation"]
    assert _seat(first, "Mallory").email == ""


def test_an_address_that_asked_never_to_be_invited_gets_no_confirmation(db: None) -> None:
    never_invite(email_hash=address_hash(ALICE))
    table = _table()
    _stranger_takes_both_seats(table)
    assert _mails_to(ALICE) == []
    assert table.invitations.get(display_name="Mallory").pending_email == ALICE
