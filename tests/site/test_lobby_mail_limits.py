"""The lobby is no mail relay: a flood of tables mails one victim at most once a day, a network
past its share of tables with invitations is refused in its language, the subject is the
service's words, and an invitation's "never invite me" (RFC 8058 one-click) stops them all."""

from __future__ import annotations

import email
import email.policy
import html
import re
import threading
from datetime import timedelta
from email.message import EmailMessage
from typing import Any

import pytest
import time_machine
from django.db import connection, transaction
from django.test import Client

from games.mail.compose import mail_compose
from games.models import InvitationOptOut, OutboundMail, Table
from games.play import lobby
from games.play.lobby import INVITE_CLIENT_LIMIT
from games.play.recipients import UNASKED_LIMIT
from games.web.lobby_forms import MAX_SEATS, TableForm

pytestmark = pytest.mark.clock

VICTIM = "victim@example.org"
SPAM = "FREE PRIZE: visit evil.example/claim"


@pytest.fixture(autouse=True)
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache per test, so the per-network counts never carry over between tests."""


def _form(*emails: str, name: str = "", game: str = "flusspiraten") -> dict[str, str]:
    form = {"game": game, "name": name, "clock": "per_move", "hours": "72", "bank_days": "10"}
    form |= {"timeout_policy": "bot", "replace_after": "3"}
    form |= {f"seat{index}_language": "en" for index in range(MAX_SEATS)}
    for index, address in enumerate(emails):
        form |= {f"seat{index}_kind": "email", f"seat{index}_name": f"{SPAM[:30]} {index}"}
        form |= {f"seat{index}_email": address}
    for index in range(len(emails), 3):  # the game needs three players: bots fill up
        form |= {f"seat{index}_kind": "bot"}
    return form


def _page(response: Any) -> str:
    return html.unescape(response.content.decode())


def _invitations_to(address: str) -> int:
    return OutboundMail.objects.filter(kind="invitation", to__iexact=address).count()


def _message(row: OutboundMail) -> EmailMessage:
    raw = mail_compose(row).message().as_bytes(linesep="\r\n")
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(parsed, EmailMessage)
    return parsed


def _text(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())


def _html(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("html",))
    assert part is not None
    return str(part.get_content())


def test_the_flood_of_the_finding_mails_the_victim_at_most_once(db: None) -> None:
    client = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(10):
        client.post("/games/new/", _form(*[VICTIM] * 6, name=SPAM))
    assert _invitations_to(VICTIM) <= UNASKED_LIMIT


def test_tables_from_many_networks_mail_one_address_once_a_day(db: None) -> None:
    for number in range(10):
        client = Client(REMOTE_ADDR=f"198.51.100.{number}")
        others = [f"p{number}-{seat}@example.org" for seat in range(5)]
        response = client.post("/games/new/", _form(VICTIM, *others, name=SPAM))
        assert response.status_code == 302  # the table is still opened
    assert _invitations_to(VICTIM) == UNASKED_LIMIT == 1
    assert Table.objects.count() == 10
    host_page = _page(Client().get(response["Location"]))
    assert "These invitations were not mailed." in host_page
    assert "this address could not be mailed an invitation now." in host_page


def test_an_address_is_mailed_again_the_next_day(db: None, clock: time_machine.Coordinates) -> None:
    Client(REMOTE_ADDR="198.51.100.1").post("/games/new/", _form(VICTIM, "a@example.org"))
    clock.shift(timedelta(days=1, minutes=1))
    Client(REMOTE_ADDR="198.51.100.2").post("/games/new/", _form(VICTIM, "b@example.org"))
    assert _invitations_to(VICTIM) == 2


def test_a_table_may_not_invite_one_address_twice_said_in_french(db: None) -> None:
    response = Client().post(
        "/games/new/", _form(VICTIM, VICTIM.upper()), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 200
    assert not Table.objects.exists()
    assert _invitations_to(VICTIM) == 0
    assert "une adresse" in _page(response)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Too many games with invitations came from your network; try again in 60 minutes."),
        ("de", "Aus deinem Netz kamen zu viele Spiele mit Einladungen"),
        ("fr", "Trop de parties avec invitations sont venues de votre réseau"),
    ],
)
def test_a_network_past_its_share_of_tables_is_refused_in_its_language(
    db: None, language: str, words: str
) -> None:
    client = Client(REMOTE_ADDR="203.0.113.9")
    for number in range(INVITE_CLIENT_LIMIT):
        response = client.post("/games/new/", _form(f"a{number}@example.org", f"b{number}@x.org"))
        assert response.status_code == 302
    response = client.post(
        "/games/new/", _form("late@example.org", "later@example.org"), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 429
    assert words in _page(response)
    assert Table.objects.count() == INVITE_CLIENT_LIMIT
    assert _invitations_to("late@example.org") == 0
    other = Client(REMOTE_ADDR="203.0.113.10")  # another network is not held up
    assert other.post("/games/new/", _form("c@example.org", "d@example.org")).status_code == 302


def test_the_subject_is_the_services_words_and_names_are_not_links(db: None) -> None:
    Client().post("/games/new/", _form(VICTIM, "other@example.org", name=SPAM))
    message = _message(OutboundMail.objects.get(kind="invitation", to=VICTIM))
    subject = str(message["Subject"])
    assert subject.startswith('Invitation to Flußpiraten by mail: "FREE PRIZE')
    assert "evil.example/claim" not in subject
    assert 'href="http://evil' not in _html(message)
    assert '<a href="evil' not in _html(message)


def test_an_invitation_carries_a_one_click_never_invite_me(db: None) -> None:
    Client().post("/games/new/", _form(VICTIM, "other@example.org"))
    message = _message(OutboundMail.objects.get(kind="invitation", to=VICTIM))
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    found = re.fullmatch(
        r"<(https?://[^/]+)(/invite/never/[^>]+/)>",
        "".join(str(message["List-Unsubscribe"]).split()),
    )
    assert found is not None
    path = found.group(2)
    assert VICTIM not in path
    assert path in _text(message)
    assert path in _html(message)
    assert message["List-Id"]


def _never_link(address: str) -> str:
    row = OutboundMail.objects.filter(kind="invitation", to=address).latest("id")
    header = "".join(str(_message(row)["List-Unsubscribe"]).split())
    found = re.search(r"(/invite/never/[^>]+/)", header)
    assert found is not None
    return found.group(1)


def test_a_get_of_the_link_only_shows_its_button(db: None) -> None:
    Client().post("/games/new/", _form(VICTIM, "other@example.org"))
    response = Client().get(_never_link(VICTIM))
    assert response.status_code == 200
    assert '<form method="post">' in response.content.decode()
    assert not InvitationOptOut.objects.exists()


def test_one_click_stops_every_further_invitation(
    db: None, clock: time_machine.Coordinates
) -> None:
    Client().post("/games/new/", _form(VICTIM, "other@example.org"))
    provider = Client(enforce_csrf_checks=True)  # a mail provider's POST carries no CSRF token
    response = provider.post(_never_link(VICTIM), {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    stored = list(InvitationOptOut.objects.values_list("email_hash", flat=True))
    assert len(stored) == 1 and VICTIM not in stored[0]
    for days in (2, 30, 400):
        clock.shift(timedelta(days=days))
        response = Client(REMOTE_ADDR=f"198.51.100.{days % 250}").post(
            "/games/new/", _form(VICTIM.upper(), f"x{days}@example.org")
        )
        assert response.status_code == 302
        host_page = _page(Client().get(response["Location"]))
        assert "this address does not accept invitations." in host_page
    assert _invitations_to(VICTIM) == 1  # the one before the click


def test_the_owner_who_changed_his_mind_welcomes_invitations_again(
    db: None, clock: time_machine.Coordinates
) -> None:
    Client().post("/games/new/", _form(VICTIM, "other@example.org"))
    link = _never_link(VICTIM)
    Client().post(link, {"List-Unsubscribe": "One-Click"})
    page = _page(Client().get(link))
    assert "will not be mailed any more invitations" in page and "welcome again" in page
    assert Client().post(link, {"invitations": "welcome"}).status_code == 200
    assert not InvitationOptOut.objects.exists()
    clock.shift(timedelta(days=2))
    Client(REMOTE_ADDR="198.51.100.7").post("/games/new/", _form(VICTIM, "y@example.org"))
    assert _invitations_to(VICTIM) == 2


def test_a_forged_never_invite_link_does_nothing(db: None) -> None:
    response = Client().post("/invite/never/not-a-token/")
    assert response.status_code == 404
    assert not InvitationOptOut.objects.exists()


def test_the_never_invite_token_opens_no_invitation(db: None) -> None:
    Client().post("/games/new/", _form(VICTIM, "other@example.org"))
    token = _never_link(VICTIM).removeprefix("/invite/never/").rstrip("/")
    assert Client().get(f"/invite/{token}/").status_code == 404
    assert Client().get(f"/tables/{token}/").status_code == 404


def _create(*emails: str) -> None:
    form = TableForm(_form(*emails))
    assert form.is_valid(), form.errors
    lobby.table_create(kind="flusspiraten", seats=form.seats(), options=form.options())


@pytest.mark.django_db(transaction=True)
def test_two_tables_opened_at_once_mail_one_address_once() -> None:
    def second() -> None:
        try:
            _create(VICTIM, "two@example.org")
        finally:
            connection.close()

    thread = threading.Thread(target=second)
    with transaction.atomic():
        _create(VICTIM, "one@example.org")
        thread.start()
        thread.join(timeout=1.0)  # the second table waits for this one to commit
    thread.join(timeout=10.0)
    assert not thread.is_alive()
    assert _invitations_to(VICTIM) == 1
    assert Table.objects.count() == 2
