"""The Flußpiraten river as a picture in turn and reminder emails, drawn from a reader's view.

A turn email shows the position as text and a board picture. The
picture is the page's phone river (``river_svg`` in the ``down`` layout) as a
PNG: boats and pirates with their seat marks (colour, shape and letter, as on
the dashboard), fords with the pirates waiting there. It is
built from ``view(state, reader)`` only, so a sealed rowing-test choice
([F5]) changes no pixel of anyone else's picture.
"""

from __future__ import annotations

import io
from email.message import Message
from typing import Any

from PIL import Image, ImageColor
from test_flusspiraten_service import T0, _play, _to_rowing_test, _twin

from engine import flusspiraten as engine
from games.kinds.flusspiraten import river
from games.kinds.flusspiraten.river_png import board_png
from games.mail.compose import mail_compose
from games.mail.notices import reminder_mail_queue
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for, load_state
from tests.engine.flusspiraten_positions import position

BUSY = {
    "boats": {
        1: ("I3", "AB"),
        2: ("O5", "CD"),
        3: ("I8", "EF"),
        4: ("O10", "AC"),
        5: ("I14", "BD"),
        6: ("O16", "EA"),
        7: ("H7", "F"),
        8: ("H8", "BC"),
    },
    "walkers": {
        "A": ["F6", "L2", "R9", "XL"],
        "B": ["F6", "F12", "L11", "SR"],
        "C": ["F12", "R4", "R4", "XR"],
        "D": ["L17", "R1", "SL", "SL"],
        "E": ["F6", "L7", "R13", "SR"],
        "F": ["F12", "L15", "R16", "XL"],
    },
}
"""Six players, every boat crewed, pirates on both fords, the banks, crossings and starts."""


def _picture(view: dict[str, Any]) -> Image.Image:
    return Image.open(io.BytesIO(board_png(view))).convert("RGB")


def _seat_colour(letter: str) -> tuple[int, ...]:
    return ImageColor.getrgb(river.PAINT[letter][0])


def _in_mark(x: float, y: float) -> tuple[int, int]:
    """A pixel inside a circle, square or triangle mark centred on ``(x, y)``, beside its letter."""
    return round(x) - 7, round(y) + 6


def _png_part(message: Message) -> Message:
    return next(part for part in message.walk() if part.get_content_type() == "image/png")


def test_the_river_picture_is_a_png_the_size_of_the_page_drawing() -> None:
    png = board_png(engine.view(position(), None))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == (river.DOWN.width, river.DOWN.height) == (360, 1072)
    assert png == board_png(engine.view(position(), None))


def test_a_boat_on_the_river_shows_its_rowers_in_their_seat_colours() -> None:
    view = engine.view(position(boats={1: ("I3", "AB")}), None)
    image = _picture(view)
    x, y, width = river.DOWN.lane_boat("I3")
    left, right = river.crew_xs(x, 2)
    # Beside each letter, inside the pirate's mark: A's circle, B's square.
    assert image.getpixel(_in_mark(left, y)) == _seat_colour("R")
    assert image.getpixel(_in_mark(right, y)) == _seat_colour("B")
    assert image.getpixel((round(x - width / 2) + 4, round(y))) == ImageColor.getrgb(
        river.RIVER_PAINT["hull"]
    )


def test_a_pirate_waiting_on_a_ford_is_drawn_on_it() -> None:
    ford = river.DOWN.boxes["F6"]
    spot = _in_mark(ford.cx, ford.cy)
    waiting = _picture(engine.view(position(walkers={"C": ["F6"]}), None))
    empty = _picture(engine.view(position(), None))
    assert waiting.getpixel(spot) == _seat_colour("G")
    assert empty.getpixel(spot) != _seat_colour("G")


def test_a_busy_river_stays_a_small_picture() -> None:
    view = engine.view(position(6, **BUSY), None)
    png = board_png(view)
    assert len(png) < 60_000
    assert png == board_png(view)
    image = _picture(view)
    x, y, _width = river.DOWN.lane_boat("H7")
    (seat,) = river.crew_xs(x, 1)
    assert image.getpixel(_in_mark(seat, y)) == _seat_colour("W")


def test_the_turn_email_carries_the_river_as_an_inline_picture(db: None) -> None:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Vi", "Bo", "Di")]
    game = game_create(kind="flusspiraten", players=players, seed=3, now=T0)
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("pk").first()
    message = mail_compose(row).message()
    assert message.get_content_type() == "multipart/alternative"
    assert message.get_payload()[1].get_content_type() == "multipart/related"
    picture = _png_part(message)
    assert picture["Content-ID"] == "<board>"
    png = picture.get_payload(decode=True)
    assert Image.open(io.BytesIO(png)).size == (river.DOWN.width, river.DOWN.height)
    html = next(p for p in message.walk() if p.get_content_type() == "text/html")
    assert 'src="cid:board"' in html.get_payload(decode=True).decode()
    assert 'alt="The river" width="360" height="1072"' in html.get_payload(decode=True).decode()


def test_the_picture_never_tells_the_first_rowers_sealed_choice(db: None) -> None:
    first = _to_rowing_test(seed=7)
    games = {"club": first, "empty": _twin(first)}
    helmsman = engine_for(first).summary(load_state(first))["step"]["helmsman"]
    pictures: dict[str, dict[str | None, bytes]] = {}
    for choice, game in games.items():
        _play(game, helmsman, {"type": "choose", "choice": choice})
        partner = game.seats.get(display_name=game.to_move[0])
        state = load_state(game)
        reminder_mail_queue(game=game, seat=partner, engine=engine_for(game), state=state, now=T0)
        readers = [None, *(s.display_name for s in game.seats.exclude(display_name=helmsman))]
        pictures[choice] = {r: board_png(engine_for(game).view(state, r)) for r in readers}
        reminder = OutboundMail.objects.get(game=game, kind="reminder")
        pictures[choice]["reminder"] = _png_part(mail_compose(reminder).message()).get_payload(
            decode=True
        )
    assert len(pictures["club"]) == 4
    assert pictures["club"] == pictures["empty"]


def test_six_players_on_one_start_space_are_all_drawn_with_their_counts() -> None:
    """Every player with pirates on a start space has a mark and a count there, on the page's
    drawing and on the email's picture: two rows when the fifth and sixth need them."""
    view = engine.view(position(6), None)
    for info in view["players"].values():
        info["SL"], info["SR"] = 3, 2
    spots = river.start_spots(river.DOWN.boxes["SL"], 6)
    assert len(set(spots)) == 6
    image = _picture(view)
    for letter, (x, y) in zip("RBGYKW", spots, strict=True):
        assert image.getpixel((round(x - 8), round(y) + 3)) == _seat_colour(letter), letter
    svg = river.river_svg(view, river.view_marks(view), river.DOWN)
    assert svg.count(">×3<") == svg.count(">×2<") == 6
