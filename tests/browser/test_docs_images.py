"""The pictures of the README and docs/playing.md: each game's page and a turn email on a phone.

Each is drawn in Chromium at 360 px from a seeded game at a step worth showing
(Freibeuter's Flying Dutchman with its fields highlighted, Seeräuber's mutiny
question, Flußpiraten's path chosen on the river, a Freibeuter turn email as
the development mailbox shows it) and stored as a palette PNG of a few tens
of KB. Every run writes them to ``var/screenshots/docs/``; with
``DOCS_IMAGES=refresh`` in the environment the run writes the committed
copies in ``docs/images/`` instead (docs/contributing.md), so a test run never
rewrites a committed file unasked. Each committed picture must exist, since the
docs show it, and stay small.
"""

from __future__ import annotations

import io
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from games.web import mailbox
from tests.site.player_helpers import bot_moves
from tests.site.seerauber_mutiny import NAMES, OPENING

PHONE = {"width": 360, "height": 720}
DOCS = Path(__file__).resolve().parents[2] / "docs" / "images"
PICTURES = ("phone-freibeuter.png", "phone-seerauber.png", "phone-flusspiraten.png")
MAIL = "phone-turn-email.png"
MOST_BYTES = 80_000
COLOURS = 96
"""The palette of a picture: enough for the boards' colours and smooth type."""
PICTURED = datetime(2031, 5, 16, 18, 30, tzinfo=UTC)
"""The instant the pictures are drawn at, within the suite clock's years."""
FLUSSPIRATEN_SEED = 11
"""A deal where a boat soon rows with a choice of several ends."""


def _store(png: bytes, name: str, screenshots: Path) -> Path:
    """``png`` quantized to a small palette, written where this run keeps its pictures."""
    picture = Image.open(io.BytesIO(png)).convert("RGB").quantize(COLOURS)
    folder = DOCS if os.environ.get("DOCS_IMAGES") == "refresh" else screenshots / "docs"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    picture.save(path, optimize=True)
    return path


def _shot(page: Any, selector: str, above: int = 8) -> bytes:
    """The phone's screen scrolled so that the first of ``selector`` is ``above`` px below its
    top."""
    top = page.evaluate(
        "s => Math.min(...[...document.querySelectorAll(s)]"
        ".map(e => e.getBoundingClientRect().top + scrollY))",
        selector,
    )
    page.evaluate("y => window.scrollTo(0, y)", max(0, top - above))
    png: bytes = page.screenshot()
    return png


def _players(names: tuple[str, ...]) -> list[PlayerSpec]:
    return [PlayerSpec(name=name, language="en") for name in names]


def _freibeuter(base: str, page: Any) -> bytes:
    """A Flying Dutchman card picked: the fields it may go to, highlighted on the board."""
    game = game_create(kind="freibeuter", players=_players(("Anne", "Bart", "Cleo")), seed=27)
    bot_moves(game, 10)
    page.goto(f"{base}/play/{seat_token(game.seats.get(display_name=game.to_move[0]))}/")
    page.locator("ul.hand a.card.dutchman").first.click()
    page.wait_for_selector("ul.hand a.card.dutchman.selected")
    return _shot(page, ".banner")


def _seerauber(base: str, page: Any) -> bytes:
    """Bart asked whether he mutinies against Anne."""
    game = game_create(kind="seerauber", players=_players(NAMES), seed=4)
    engine = engine_for(game)
    for name, notation in OPENING:
        seat = game.seats.get(display_name=name)
        move = engine.parse_move(notation)
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
        game.refresh_from_db()
    page.goto(f"{base}/play/{seat_token(game.seats.get(display_name='Bart'))}/")
    return _shot(page, ".controls", PHONE["height"] // 2)


def _flusspiraten(base: str, page: Any) -> bytes:
    """A boat's path to choose: where it may end, highlighted on the river to be tapped."""
    players = _players(("Volker", "Birgit", "Dieter"))
    game = game_create(kind="flusspiraten", players=players, seed=FLUSSPIRATEN_SEED)
    engine = engine_for(game)
    while not _rowing_with_a_choice(engine, game):
        bot_moves(game, 1)
    page.goto(f"{base}/play/{seat_token(game.seats.get(display_name=game.to_move[0]))}/")
    return _shot(page, "svg.river-down a.target", PHONE["height"] // 3)


def _rowing_with_a_choice(engine: Any, game: Any) -> bool:
    state = load_state(game)
    step = engine.summary(state)["step"]
    boat = step["kind"] == "path" and step["boat"] is not None
    return boat and len(engine.legal_moves(state, game.to_move[0])) > 4


def _turn_email(settings: Any, folder: Path, page: Any) -> bytes:
    """The first turn email of a Freibeuter game, its HTML part as a mail program shows it
    (the picture inline, as the development mailbox gives it)."""
    settings.EMAIL_BACKEND = "games.mail.backend.EmlFileBackend"
    settings.EMAIL_FILE_PATH = folder
    players = [
        PlayerSpec(name=name, email=f"{name.lower()}@example.org", language="en")
        for name in ("Anne", "Bart", "Cleo")
    ]
    game = game_create(kind="freibeuter", players=players, seed=27)
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("pk").first()
    assert row is not None
    mail_compose(row).send()
    (path,) = folder.glob("*.eml")
    message = mailbox.mailbox_message(path.name)
    assert message is not None
    page.set_content(message["html"])
    png: bytes = page.screenshot()
    return png


@pytest.mark.django_db(transaction=True)
def test_the_docs_pictures_are_drawn_small_on_a_phone(
    live_server: Any,
    browser: Any,
    console: Any,
    screenshots: Path,
    settings: Any,
    tmp_path: Path,
    clock: Any,
) -> None:
    """Each picture is the phone's 360 px screen, a palette PNG under 80 KB; the docs' copies
    are all there."""
    clock.move_to(PICTURED)  # the same deadlines on every refresh
    page = console.watch(browser.new_context(viewport=PHONE).new_page())
    drawn = [
        _store(_freibeuter(live_server.url, page), PICTURES[0], screenshots),
        _store(_seerauber(live_server.url, page), PICTURES[1], screenshots),
        _store(_flusspiraten(live_server.url, page), PICTURES[2], screenshots),
    ]
    page.context.close()
    mail = browser.new_context(viewport=PHONE).new_page()  # no site's policy: the email's own
    drawn.append(_store(_turn_email(settings, tmp_path, mail), MAIL, screenshots))
    mail.context.close()
    for path in drawn:
        with Image.open(path) as picture:
            assert (picture.size, picture.mode) == ((PHONE["width"], PHONE["height"]), "P")
        assert path.stat().st_size <= MOST_BYTES, f"{path.name}: {path.stat().st_size} bytes"
    for name in (*PICTURES, MAIL):
        committed = DOCS / name
        assert committed.exists(), f"{committed} is missing: DOCS_IMAGES=refresh draws it"
        assert committed.stat().st_size <= MOST_BYTES, f"{committed.name} is too large"
    assert console.errors == []
