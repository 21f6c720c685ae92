"""The emailed pictures stay legible on a phone, and the turn emails let them shrink to fit.

A phone shows an email about 340 px wide, so a picture wider than that is
scaled down: a letter drawn ``size`` px high in a picture ``width`` px wide
measures ``size * 340 / width`` px there. Every letter of every picture must
still measure at least ``SMALLEST_LETTER`` px. The turn email of each game
gives the picture its natural size as ``width``/``height`` (for clients that
need them) and lets CSS scale it down (``max-width: 100%; height: auto``).
"""

from __future__ import annotations

import inspect
import io
import random
import re
from collections.abc import Callable
from email.message import Message
from types import ModuleType
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont
from test_flusspiraten_png import BUSY

from engine import flusspiraten
from engine.base import get_game
from games.kinds.flusspiraten import river_png
from games.kinds.freibeuter import boards
from games.kinds.seerauber import table_png
from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from tests.clock import T0
from tests.engine.flusspiraten_positions import position

PHONE_WIDTH = 340
"""How wide a phone's mail app shows an email's picture (a 360 px screen less its margins)."""
SMALLEST_LETTER = 9.0
"""The smallest letter size, in CSS pixels, that stays readable on a phone."""
NAMES = ("Anne", "Bart", "Cleo", "Dirk")


def _bot_view(kind: str, players: int, moves: int) -> dict[str, Any]:
    """A position in the middle of a game, played by the bot, as the first player sees it."""
    engine = get_game(kind)
    names = list(NAMES[:players])
    state = engine.start(names, engine.new_setup(names, random.Random(5)))
    for _ in range(moves):
        player = engine.to_move(state)[0]
        state = engine.apply(state, player, engine.bot_move(state, player))
    return engine.view(state, names[0])


PICTURES: dict[str, tuple[ModuleType, Callable[[], dict[str, Any]]]] = {
    "freibeuter": (boards, lambda: _bot_view("freibeuter", 4, 40)),
    "seerauber": (table_png, lambda: _bot_view("seerauber", 4, 12)),
    "flusspiraten": (river_png, lambda: flusspiraten.view(position(6, **BUSY), None)),
}
"""Each game's picture module and a busy position that uses every kind of label."""


def _letter_sizes(monkeypatch: pytest.MonkeyPatch, module: ModuleType, view: Any) -> list[float]:
    """The size of every text the module draws for ``view`` (its cached sprites redrawn too)."""
    for value in vars(module).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()
    sizes: list[float] = []
    text = ImageDraw.ImageDraw.text
    signature = inspect.signature(text)

    def recording_text(*args: Any, **kwargs: Any) -> None:
        lettering = signature.bind(*args, **kwargs).arguments.get("font")
        assert isinstance(lettering, ImageFont.FreeTypeFont), "every text names its font"
        sizes.append(lettering.size)
        text(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", recording_text)
        module.board_png(view)
    return sizes


@pytest.mark.parametrize("kind", PICTURES)
def test_it_keeps_every_letter_of_the_picture_readable_at_phone_width(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module, busy = PICTURES[kind]
    view = busy()
    width, _height = Image.open(io.BytesIO(module.board_png(view))).size
    sizes = _letter_sizes(monkeypatch, module, view)
    assert len(sizes) > 20
    on_a_phone = min(sizes) * min(PHONE_WIDTH, width) / width
    assert on_a_phone >= SMALLEST_LETTER, f"{kind}: {min(sizes)} px of {width} px"


def _turn_email(kind: str, players: int) -> Message:
    specs = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES[:players]]
    game = game_create(kind=kind, players=specs, seed=3, now=T0)
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("pk").first()
    assert row is not None
    return mail_compose(row).message()


@pytest.mark.parametrize(
    ("kind", "players"), [("freibeuter", 4), ("seerauber", 3), ("flusspiraten", 3)]
)
def test_the_turn_email_gives_the_picture_its_size_and_lets_it_shrink(
    kind: str, players: int, db: None
) -> None:
    message = _turn_email(kind, players)
    parts = {part.get_content_type(): part for part in message.walk()}
    picture = Image.open(io.BytesIO(parts["image/png"].get_payload(decode=True)))
    html = parts["text/html"].get_payload(decode=True).decode()
    img = re.search(r'<img src="cid:board" alt="[^"]+" ([^>]*)>', html)
    assert img is not None
    attributes = dict(re.findall(r'(\w+)="([^"]*)"', img.group(1)))
    assert (int(attributes["width"]), int(attributes["height"])) == picture.size
    style = attributes["style"].replace(" ", "")
    assert "max-width:100%" in style and "height:auto" in style
