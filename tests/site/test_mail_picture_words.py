"""Every word of an email's board picture and text board is in the reader's language.

A turn email is composed for a German or French seat, and the test records
every text its picture's drawing code is given (a PNG cannot be read back)
and reads the text board in its plain body: the terms the game page uses
must be there, the English ones must not.
"""

from __future__ import annotations

import inspect
import random
import re
from types import ModuleType

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from PIL import ImageDraw

from engine.base import get_game
from games.kinds.flusspiraten import river_png
from games.kinds.freibeuter import boards
from games.kinds.freibeuter.drawing import board_drawing
from games.kinds.freibeuter.svg import board_svg
from games.kinds.seerauber import table_png
from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from tests.clock import T0

NAMES = ("Anne", "Bart", "Cleo")
PICTURES = {"freibeuter": boards, "seerauber": table_png, "flusspiraten": river_png}
WORDS = {
    # game: language: (terms the picture and the text board must show, English terms they must not)
    "freibeuter": {
        "de": (["Nest"], ["lair", "Lair"]),
        "fr": (["Repaire"], ["lair", "Lair"]),
    },
    "seerauber": {
        "de": (
            ["Truhe", "Kerzenleuchter", "Dolch", "Pkt.", "freie Piraten", "Nach-", "stapel"],
            ["chest", "candlestick", "dagger", "score", "free pirates", "deck"],
        ),
        "fr": (
            ["coffre", "chandelier", "rhum", "dague", "pts", "pirates libres", "pioche"],
            ["chest", "candlestick", "rum", "dagger", "score", "free pirates", "deck"],
        ),
    },
    "flusspiraten": {
        "de": (["Quelle", "Hafen", "Start links"], ["source", "harbour", "left start"]),
        "fr": (["port", "depart gauche"], ["harbour", "left start", "right start"]),
    },
}


def _turn_email(kind: str, language: str) -> tuple[list[str], str]:
    """The texts drawn on the picture of a turn email to a ``language`` seat, and its plain body."""
    game = game_create(
        kind=kind,
        players=[
            PlayerSpec(name=n, email=f"{n.lower()}@example.org", language=language) for n in NAMES
        ],
        seed=4,
        now=T0,
    )
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("id").first()
    assert row is not None
    return _drawn_texts(PICTURES[kind], lambda: mail_compose(row)), mail_compose(row).body


def _drawn_texts(module: ModuleType, draw: object) -> list[str]:
    """Every text the picture ``module`` draws while ``draw()`` runs (its cached sprites too)."""
    for value in vars(module).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()
    texts: list[str] = []
    text = ImageDraw.ImageDraw.text
    signature = inspect.signature(text)

    def recording_text(*args: object, **kwargs: object) -> None:
        texts.append(str(signature.bind(*args, **kwargs).arguments["text"]))
        text(*args, **kwargs)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", recording_text)
        assert callable(draw)
        draw()
    return texts


def _has(word: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text) is not None


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("kind", list(WORDS))
def test_it_draws_the_email_picture_in_the_readers_language(
    db: None, kind: str, language: str
) -> None:
    """A picture's words are the reader's, with the page's terms, never English ones."""
    texts, _body = _turn_email(kind, language)
    drawn = "\n".join(texts)
    wanted, english = WORDS[kind][language]
    assert [word for word in wanted if not _has(word, drawn)] == []
    assert [word for word in english if _has(word, drawn)] == []
    assert drawn.isascii(), "the default font draws other letters as empty boxes"


@pytest.mark.parametrize("language", ["de", "fr"])
def test_it_writes_the_freibeuter_text_board_in_the_readers_language(
    db: None, language: str
) -> None:
    """The text board names a lair as the page does (Nest, Repaire), not in English."""
    _texts, body = _turn_email("freibeuter", language)
    wanted, english = WORDS["freibeuter"][language]
    assert all(_has(word, body) for word in wanted)
    assert not any(_has(word, body) for word in english)


@pytest.mark.parametrize(
    ("language", "row"),
    [
        ("en", "10 ducats, no booty, score now 10"),
        ("de", "10 Dukaten, keine Beute, Punkte jetzt 10"),
        ("fr", "10 ducats, aucun butin, score actuel 10"),
    ],
)
def test_it_says_a_seerauber_player_holds_no_booty_in_a_plain_phrase(
    db: None, language: str, row: str
) -> None:
    """A player's row says "no booty" as a phrase of its own, never "booty none"."""
    _texts, body = _turn_email("seerauber", language)
    assert row in body


@pytest.mark.parametrize(
    ("language", "row"),
    [
        ("en", "A Anne (red): 1 ducat, no booty, score now 1"),
        ("de", "A Anne (rot): 1 Dukat, keine Beute, Punkte jetzt 1"),
        ("fr", "A Anne (rouge) : 1 ducat, aucun butin, score actuel 1"),
    ],
)
def test_a_seerauber_players_row_counts_one_ducat_and_sets_the_readers_colon(
    language: str, row: str
) -> None:
    """One ducat is "1 ducat", and French sets a space before the row's colon."""
    booty = {"en": "no booty", "de": "keine Beute", "fr": "aucun butin"}[language]
    colour = {"en": "red", "de": "rot", "fr": "rouge"}[language]
    player = {"letter": "A", "name": "Anne", "colour": colour, "ducats": 1, "score": 1}
    with translation.override(language):
        text = render_to_string(
            "games/seerauber/mail/turn.txt",
            {"players": [{**player, "booty": booty}], "game_kind": "seerauber"},
        )
    assert row in text


@pytest.mark.parametrize(("language", "lair"), [("de", "Nest"), ("fr", "Repaire")])
def test_it_names_a_lair_on_the_freibeuter_page_board_in_the_readers_language(
    language: str, lair: str
) -> None:
    """The page's board says the lair's name in its drawing and in its labels, never "lair"."""
    engine = get_game("freibeuter")
    state = engine.start(list(NAMES), engine.new_setup(list(NAMES), random.Random(4)))
    view = engine.view(state, "Anne")
    with translation.override(language):
        svg = board_svg(board_drawing(view, boards.player_marks(view)))
    assert f'aria-label="C2-D3: {lair}"' in svg
    assert not _has("lair", re.sub(r'class="[^"]*"', "", svg))  # its words, not its classes
