"""Turn emails and the development mailbox on a 360 px phone: nothing sticks out sideways.

The turn email of each game is composed from its real outbox row, written
to the embedded default's mail folder and shown as the development mailbox
shows it (the ``cid:`` picture as a ``data:`` URI), in Chromium at a phone's
width. The page must not scroll sideways and every picture must fit in its
box; the mailbox's list and message pages likewise. A first player with a
long unbroken name tries the table and the greeting. Screenshots go to
``var/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from games.web import mailbox
from tests.clock import T0

PHONE = {"width": 360, "height": 740}
LONG_NAME = "Hildegard-Wilhelmine-Friederike-vonKap"
PLAYERS = {"freibeuter": 4, "seerauber": 3, "flusspiraten": 3}
MEASURE = """() => ({
  width: document.scrollingElement.scrollWidth,
  images: [...document.images].map(img => ({
    src: img.src.slice(0, 40),
    shown: img.getBoundingClientRect().width,
    room: img.parentElement.clientWidth,
    loaded: img.complete && img.naturalWidth > 0,
  })),
})"""


def _mail_every_game(settings: Any, folder: Path) -> dict[str, str]:
    """Write the first turn email of a new game of each kind to ``folder``; name → kind."""
    settings.EMAIL_BACKEND = "games.mail.backend.EmlFileBackend"
    settings.EMAIL_FILE_PATH = folder
    mailed: dict[str, str] = {}
    for kind, count in PLAYERS.items():
        names = [LONG_NAME, "Bart", "Cleo", "Dirk"][:count]
        specs = [PlayerSpec(name=n, email=f"p{i}@example.org") for i, n in enumerate(names)]
        game = game_create(kind=kind, players=specs, seed=3, now=T0)
        row = OutboundMail.objects.filter(game=game, kind="turn").order_by("pk").first()
        assert row is not None
        mail_compose(row).send()
        (name,) = {path.name for path in folder.glob("*.eml")} - set(mailed)
        mailed[name] = kind
    return mailed


def _assert_fits(page: Any, what: str, width: int = PHONE["width"]) -> None:
    """Nothing in ``page`` (or a frame) is wider than ``width``; no picture leaves its box."""
    measured = page.evaluate(MEASURE)
    assert measured["width"] <= width, f"{what} is {measured['width']} px wide, not {width}"
    for image in measured["images"]:
        assert image["shown"] <= image["room"], f"{what}: a picture sticks out: {image}"


def test_it_shows_each_games_turn_email_within_a_phone_screen(
    db: None, browser: Any, screenshots: Path, settings: Any, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=PHONE)
    for name, kind in _mail_every_game(settings, tmp_path).items():
        message = mailbox.mailbox_message(name)
        assert message is not None and "data:image/png;base64," in message["html"]
        page.set_content(message["html"])
        page.screenshot(path=str(screenshots / f"mail-phone-{kind}.png"), full_page=True)
        _assert_fits(page, f"the {kind} turn email")
        (picture,) = page.evaluate(MEASURE)["images"]
        assert picture["loaded"] and picture["shown"] >= PHONE["width"] - 40, picture
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
    for name, kind in mailed.items():
        page.goto(f"{live_server.url}/dev/mail/{name}/")
        page.screenshot(path=str(screenshots / f"dev-mail-phone-{kind}.png"), full_page=True)
        _assert_fits(page, f"the mailbox page of the {kind} email")
        shown = page.locator("iframe")
        shown.screenshot(path=str(screenshots / f"dev-mail-phone-{kind}-html.png"))
        (frame,) = page.main_frame.child_frames
        room = shown.evaluate("iframe => iframe.clientWidth")
        _assert_fits(frame, f"the {kind} email in the mailbox page", room)
    page.context.close()
