"""Seeräuber emails show the table as a picture: ships, stacks, players, in seat colours.

The picture is drawn from the reader's view only and attached inline
(``cid:board``) to turn and reminder emails, like Freibeuter's board.
"""

from __future__ import annotations

import io
import math
import random
import re
from collections import Counter
from email.mime.image import MIMEImage
from typing import Any

from django.core.mail import EmailMultiAlternatives
from django.utils import translation
from PIL import Image, ImageColor

from engine.base import get_game
from games.kinds import seerauber
from games.kinds.seerauber.table_png import (
    DISC,
    PLAYERS_TOP,
    SEAT_COLOURS,
    SMALL,
    board_png,
    pirate_centres,
)
from games.mail.compose import mail_compose
from games.mail.notices import reminder_mail_queue
from games.models import Game, OutboundMail
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0

NAMES = ("Anne", "Bart", "Cleo")


def _game(language: str = "en") -> Game:
    return game_create(
        kind="seerauber",
        players=[
            PlayerSpec(name=n, email=f"{n.lower()}@example.org", language=language) for n in NAMES
        ],
        seed=4,
        now=T0,
    )


def _view(game: Game) -> dict[str, Any]:
    return engine_for(game).view(load_state(game), game.to_move[0])


def _busy_view(players: int = 5, moves: int = 14) -> dict[str, Any]:
    """A table in the middle of a game, with stacks, booty and ships boarded."""
    engine = get_game("seerauber")
    names = ["Anne", "Bart", "Cleo", "Dirk", "Eva"][:players]
    state = engine.start(names, engine.new_setup(names, random.Random(5)))
    for _ in range(moves):
        (player,) = engine.to_move(state)
        state = engine.apply(state, player, engine.bot_move(state, player))
    return engine.view(state, names[0])


def _picture(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _disc_colour(image: Image.Image, centre: tuple[int, int], size: int) -> tuple[int, int, int]:
    """The colour covering most of the disc drawn at ``centre`` (its letters are few pixels)."""
    x, y = centre
    radius = size // 2 - 2
    pixels = Counter(
        image.getpixel((x + dx, y + dy))
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if math.hypot(dx, dy) <= radius
    )
    return pixels.most_common(1)[0][0]


def _seat_colour(pirate: str) -> tuple[int, int, int]:
    return ImageColor.getrgb(SEAT_COLOURS[pirate[0]])[:3]


def _png_part(message: EmailMultiAlternatives) -> MIMEImage:
    (picture,) = [a for a in message.attachments if isinstance(a, MIMEImage)]
    return picture


def test_the_table_picture_is_a_small_png_that_is_the_same_every_time() -> None:
    view = _busy_view()
    data = board_png(view)
    assert data == board_png(view)
    assert len(data) < 60_000
    assert Image.open(io.BytesIO(data)).format == "PNG"
    assert _picture(data).size == _picture(board_png(_busy_view(3, 0))).size


def test_every_pirate_on_the_table_is_drawn_in_its_seats_colour() -> None:
    view = _busy_view()
    image = _picture(board_png(view))
    centres = pirate_centres(view)
    stacked = {p for stack in view["table"]["stacks"].values() for p in stack["pirates"]}
    free = {p for player in view["players"].values() for p in player["free"]}
    assert stacked and set(centres) == stacked | free
    for pirate, centre in centres.items():
        size = DISC if pirate in stacked else SMALL
        assert _disc_colour(image, centre, size) == _seat_colour(pirate), pirate


def test_a_stacking_move_moves_the_pirate_into_a_stack_in_the_picture(db: None) -> None:
    game = _game()
    before = _view(game)
    anne = game.seats.get(display_name="Anne")
    move = {"type": "stack", "piece": "R2", "onto": "B2"}
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq, now=T0)
    game.refresh_from_db()
    after = _view(game)
    assert board_png(after) != board_png(before)
    assert pirate_centres(before)["R2"][1] > PLAYERS_TOP > pirate_centres(after)["R2"][1]
    image = _picture(board_png(after))
    for pirate in ("R2", "B2"):
        assert _disc_colour(image, pirate_centres(after)[pirate], DISC) == _seat_colour(pirate)


def test_the_turn_email_shows_the_table_picture_inline_at_its_size(db: None) -> None:
    game = _game()
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("id").last()
    assert row is not None and row.to == "anne@example.org"
    message = mail_compose(row)
    related = message.message().get_payload()[1]
    assert related.get_content_type() == "multipart/related"  # with the HTML, not an attachment
    picture = _png_part(message)
    assert picture.get_content_type() == "image/png"
    assert picture["Content-ID"] == "<board>"
    data = picture.get_payload(decode=True)
    assert data == seerauber.board_png(row.context["view"])
    (html, _kind) = message.alternatives[0]
    img = re.search(r'<img src="cid:board" alt="[^"]+" width="(\d+)" height="(\d+)"', html)
    assert img is not None
    assert tuple(map(int, img.groups())) == _picture(data).size


def test_the_reminder_email_carries_the_picture_and_its_alt_text_in_the_players_language(
    db: None,
) -> None:
    game = _game(language="de")
    anne = game.seats.get(display_name="Anne")
    engine = engine_for(game)
    reminder_mail_queue(game=game, seat=anne, engine=engine, state=load_state(game), now=T0)
    row = OutboundMail.objects.get(game=game, kind="reminder")
    message = mail_compose(row)
    assert _png_part(message)["Content-ID"] == "<board>"
    (html, _kind) = message.alternatives[0]
    assert 'src="cid:board" alt="Der Tisch: Schiffe, Stapel und Spieler"' in html


def test_the_pictures_words_are_in_the_readers_language() -> None:
    """No English booty on a German reader's picture (the text says it too)."""
    view = _busy_view(players=3)
    pictures = {}
    for language in ("en", "de", "fr"):
        with translation.override(language):
            pictures[language] = seerauber.board_png(view)
    assert len(set(pictures.values())) == 3  # the same table, labelled three ways
