# ruff: noqa: F811  (the own_cache fixture imported from mail_kinds)
"""Every email's HTML is built from escaped parts: markup that players or moderators write
arrives as text, never as an element or attribute, in every kind of email."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.conf import settings
from mail_kinds import Cast, kinds_in_code, mail_of_every_kind, own_cache  # noqa: F401

from games.mail.compose import mail_compose
from games.models import OutboundMail

HOSTILE = Cast(
    first="<img src=x onerror=alert(1)>",
    second='"><script>alert(2)</script>',
    table="<b onmouseover=alert(3)>Tisch</b>",
    chat='<a href="javascript:alert(5)">free gold</a>',
    reason="<script>alert(4)</script> & <style>*{}</style>",
    reply="<iframe src=//evil.example>",
)
OURS = {
    "html", "head", "meta", "title", "body", "p", "a", "strong", "small", "h3", "pre",
    "img", "table", "tr", "td", "ul", "li", "code", "hr", "br",
}  # fmt: skip
"""The elements the email templates themselves write."""
SHOWN = {
    "invitation": [HOSTILE.first, HOSTILE.table],
    "seat_confirmation": [HOSTILE.second, HOSTILE.table],
    "game_started": [HOSTILE.second, HOSTILE.first, HOSTILE.table],
    "turn": [HOSTILE.table, HOSTILE.second, HOSTILE.first, HOSTILE.chat],
    "reminder": [HOSTILE.table, HOSTILE.chat],
    "move_refused": [HOSTILE.reply, HOSTILE.table],
    "move_accepted": [HOSTILE.table],
    "digest": [HOSTILE.table, HOSTILE.first],
    "notice": [HOSTILE.second, HOSTILE.reason],
    "timed_out": [HOSTILE.first, HOSTILE.table],
    "order_played": [HOSTILE.second, HOSTILE.table],
    "paused": [HOSTILE.second, HOSTILE.first, HOSTILE.table],
    "game_over": [HOSTILE.table],
    "league_round": [HOSTILE.table, HOSTILE.first],
    "sign_in": [],
    "channel_paused": [HOSTILE.second, HOSTILE.table, HOSTILE.reply],
}
"""What each kind shows of what was written: it must read as exactly that text."""
LINKS = (settings.SITE_URL, "cid:board")
"""Where the templates' own links and pictures point."""


class Elements(HTMLParser):
    """The elements, attributes and text of an HTML document, as a browser would read them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, attrs))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _html_of(row: OutboundMail) -> str:
    message = mail_compose(row).message()
    (html,) = [part for part in message.walk() if part.get_content_type() == "text/html"]
    return str(html.get_payload(decode=True).decode("utf-8"))


@pytest.fixture
def rows(db: None, own_cache: None) -> dict[str, OutboundMail]:
    return mail_of_every_kind(HOSTILE)


def _offences(kind: str, html: str) -> list[str]:
    """What in ``html`` came from someone's writing instead of from the template."""
    parsed = Elements()
    parsed.feed(html)
    parsed.close()
    offences = []
    for tag, attrs in parsed.elements:
        if tag not in OURS:
            offences.append(f"{kind}: <{tag} {attrs}>")
        for name, value in attrs:
            if name.startswith("on"):
                offences.append(f"{kind}: <{tag} {name}={value!r}>")
            if name in ("href", "src") and not (value or "").startswith(LINKS):
                offences.append(f"{kind}: <{tag} {name}={value!r}>")
    text = "".join(parsed.text)
    offences += [f"{kind} does not show {it!r} as text" for it in SHOWN[kind] if it not in text]
    return offences


def test_the_cases_cover_every_kind_of_email_in_the_code(rows: dict[str, OutboundMail]) -> None:
    assert set(rows) == kinds_in_code() == set(SHOWN)


def test_it_shows_what_players_and_moderators_write_as_text_in_every_kind_of_email(
    rows: dict[str, OutboundMail],
) -> None:
    offences = [problem for kind in SHOWN for problem in _offences(kind, _html_of(rows[kind]))]
    assert offences == []
