"""Turn and game-over emails and the development mailbox on a 360 px phone: nothing clipped.

The turn email and the game-over email of each game are composed from their
real outbox rows, written to the embedded default's mail folder and shown as
the development mailbox shows them (the ``cid:`` picture as a ``data:`` URI),
in Chromium at a phone's width. The HTML part shows the board once, as its
picture (the text board is the text part's): the page must not scroll
sideways, no element may be wider than the screen or scroll sideways inside
(a ``<pre>`` board cut at the screen's edge), and the board picture must be
displayed within its box; the mailbox's list and message pages likewise. A
first player with a long unbroken name tries the table and the greeting.
Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.utils import translation

from games.kinds import kind_of
from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from games.web import mailbox
from tests.browser.checks import broken_words
from tests.clock import T0
from tests.site.player_helpers import bot_moves

PHONE = {"width": 360, "height": 740}
LONG_NAME = "Hildegard-Wilhelmine-Friederike-vonKap"
PLAYERS = {"freibeuter": 4, "seerauber": 3, "flusspiraten": 3}
MEASURE = """() => ({
  width: document.scrollingElement.scrollWidth,
  clipped: [...document.body.querySelectorAll("*")]
    .filter(el => el.getBoundingClientRect().right > innerWidth + 0.5
      || el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
    .map(el => el.tagName + ": " + el.textContent.slice(0, 60)),
  images: [...document.images].map(img => ({
    src: img.src.slice(0, 40),
    shown: img.getBoundingClientRect().width,
    room: img.parentElement.clientWidth,
    loaded: img.complete && img.naturalWidth > 0,
  })),
})"""


Mailed = dict[str, tuple[str, int]]
"""An email's file name → what it is (``seerauber turn``) and its outbox row's id."""


def _send(row: OutboundMail | None, folder: Path, mailed: Mailed, what: str) -> None:
    """Send ``row`` to ``folder`` and note its file's name as ``what``."""
    assert row is not None, what
    mail_compose(row).send()
    (name,) = {path.name for path in folder.glob("*.eml")} - set(mailed)
    mailed[name] = (what, row.pk)


def _text_board_line(row_id: int) -> str:
    """The longest line of the text board the email of row ``row_id`` was written with."""
    row = OutboundMail.objects.get(pk=row_id)
    with translation.override(row.language):
        board = kind_of(row.context["game_kind"]).position_text(row.context["view"])
    return max(board.splitlines(), key=len).strip()


def _mail_every_game(settings: Any, folder: Path, *, over: bool = False) -> Mailed:
    """Write the first turn email of a new game of each kind to ``folder`` (``over``: and its
    game-over email, the game played to its end by the bot)."""
    settings.EMAIL_BACKEND = "games.mail.backend.EmlFileBackend"
    settings.EMAIL_FILE_PATH = folder
    mailed: Mailed = {}
    for kind, count in PLAYERS.items():
        names = [LONG_NAME, "Bart", "Cleo", "Dirk"][:count]
        specs = [PlayerSpec(name=n, email=f"p{i}@example.org") for i, n in enumerate(names)]
        game = game_create(kind=kind, players=specs, seed=3, now=T0)
        rows = OutboundMail.objects.filter(game=game).order_by("pk")
        _send(rows.filter(kind="turn").first(), folder, mailed, f"{kind} turn")
        if over:
            bot_moves(game)
            _send(rows.filter(kind="game_over").first(), folder, mailed, f"{kind} game over")
    return mailed


def _assert_fits(page: Any, what: str, width: int = PHONE["width"]) -> None:
    """Nothing in ``page`` (or a frame) is wider than ``width``; no picture leaves its box."""
    measured = page.evaluate(MEASURE)
    assert measured["width"] <= width, f"{what} is {measured['width']} px wide, not {width}"
    assert measured["clipped"] == [], f"{what}: cut at the screen's edge"
    for image in measured["images"]:
        assert image["shown"] <= image["room"], f"{what}: a picture sticks out: {image}"


def test_it_shows_each_games_turn_and_game_over_email_within_a_phone_screen(
    db: None, browser: Any, screenshots: Path, settings: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=PHONE)
    for name, (what, row_id) in _mail_every_game(settings, tmp_path, over=True).items():
        message = mailbox.mailbox_message(name)
        assert message is not None and "data:image/png;base64," in message["html"]
        page.set_content(message["html"])
        page.screenshot(
            path=str(screenshots / f"mail-phone-{what.replace(' ', '-')}.png"), full_page=True
        )
        _assert_fits(page, f"the {what} email")
        (picture,) = page.evaluate(MEASURE)["images"]
        assert picture["loaded"] and picture["shown"] >= PHONE["width"] - 40, (what, picture)
        assert broken_words(page) == [], f"the {what} email breaks words"
        shown = page.inner_text("body")
        assert _text_board_line(row_id) not in shown, f"the {what} email shows the board twice"
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_it_fits_the_development_mailbox_on_a_phone(
    live_server: Any, browser: Any, screenshots: Path, settings: Any, tmp_path: Path
) -> None:
    settings.DEBUG = True
    settings.DEV_MAILBOX = True  # the embedded default's (the suite runs on a database)
    mailed = _mail_every_game(settings, tmp_path)
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/dev/mail/")
    assert page.locator("table a").count() == len(mailed)
    page.screenshot(path=str(screenshots / "dev-mailbox-phone.png"), full_page=True)
    _assert_fits(page, "the mailbox list")
    for name, (kind, _row) in mailed.items():
        page.goto(f"{live_server.url}/dev/mail/{name}/")
        page.screenshot(path=str(screenshots / f"dev-mail-phone-{kind}.png"), full_page=True)
        _assert_fits(page, f"the mailbox page of the {kind} email")
        shown = page.locator("iframe")
        shown.screenshot(path=str(screenshots / f"dev-mail-phone-{kind}-html.png"))
        (frame,) = page.main_frame.child_frames
        room = shown.evaluate("iframe => iframe.clientWidth")
        _assert_fits(frame, f"the {kind} email in the mailbox page", room)
    page.context.close()
