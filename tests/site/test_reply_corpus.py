"""Replies as mail programs write them (``replies/*.eml``) play exactly the move their sender wrote.

The corpus is modelled on Gmail (web, Android), Outlook (desktop, web; English,
German, French), Apple Mail, iOS Mail, Thunderbird, GMX/Web.de, Orange and
Free: top-posted, bottom-posted and inline, attributions wrapped or not, in
plain, quoted-printable and base64, UTF-8, windows-1252 and ISO-8859-1, and
HTML-only. Each file is sent from Anne's address to her seat's reply address
(``PLAY_ADDRESS`` in its ``To:``), through ``fetch_mail`` from a Maildir and
through the webhook; the move recorded in the event, or the refusal she is
sent, must be exactly the one expected.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from mail_helpers import CHANNELS, INBOUND_SECRET

from games.models import Event, OutboundMail, Seat
from games.play.links import reply_address
from games.play.services import PlayerSpec, game_create

CORPUS = Path(__file__).parent / "replies"
PLAYERS = {"freibeuter": 2, "seerauber": 3, "flusspiraten": 3}


def place(card: str, draw: str) -> dict[str, Any]:
    return {"type": "place", "card": card, "boat": True, "draw": draw}


def board(tile: str) -> dict[str, Any]:
    return {"type": "board", "tile": tile}


def stack(piece: str, onto: str) -> dict[str, Any]:
    return {"type": "stack", "piece": piece, "onto": onto}


def deploy(left: int) -> dict[str, Any]:
    return {"type": "deploy", "left": left}


PLAYED: dict[str, tuple[str, dict[str, Any]]] = {
    "gmail_top_posted": ("freibeuter", place("C2", "sea")),
    "gmail_attribution_wrapped_bottom": ("freibeuter", board("A1-B2")),
    "gmail_html_only": ("freibeuter", board("A1-B2")),
    "gmail_nbsp_and_zero_width": ("freibeuter", place("D2", "sea")),
    "gmail_no_space_before_wrote": ("freibeuter", place("E2", "sea")),
    "android_gmail_trailing_period": ("freibeuter", place("E5", "dutchman")),
    "outlook_desktop_original_message": ("freibeuter", place("D2", "sea")),
    "outlook_desktop_html_only_upper_case": ("freibeuter", place("E2", "sea")),
    "outlook_web_underscores": ("freibeuter", place("C2", "dutchman")),
    "outlook_german_ursprungliche_nachricht": ("freibeuter", board("B1-C2")),
    "outlook_french_de_envoye": ("freibeuter", place("D2", "dutchman")),
    "apple_mail_top_posted": ("freibeuter", place("E5", "sea")),
    "ios_sent_from_my_iphone": ("freibeuter", place("C2", "sea")),
    "ios_german_von_meinem_iphone": ("freibeuter", board("A2-B3")),
    "ios_french_envoye_de_mon_iphone": ("freibeuter", place("E2", "dutchman")),
    "ios_signature_only_above_the_move": ("freibeuter", board("A5-B6")),
    "thunderbird_bottom_posted": ("freibeuter", place("D2", "sea")),
    "thunderbird_inline": ("freibeuter", board("A3-B4")),
    "thunderbird_german_bottom_posted": ("freibeuter", place("E5", "sea")),
    "thunderbird_french_bottom_posted_period": ("freibeuter", place("C2", "dutchman")),
    "gmx_gesendet_von_block": ("freibeuter", board("A4-B5")),
    "gmail_seerauber_base64": ("seerauber", stack("R3", "B2")),
    "outlook_seerauber_windows_1252": ("seerauber", stack("R4", "B3")),
    "thunderbird_seerauber_german_bottom": ("seerauber", stack("R5", "B4")),
    "apple_mail_seerauber_html_only": ("seerauber", stack("R2", "B3")),
    "ios_seerauber_unknown_top": ("seerauber", stack("R?", "B2")),
    "webde_seerauber_html_only": ("seerauber", stack("R2", "B4")),
    "gmail_seerauber_french_wrapped": ("seerauber", stack("R3", "B3")),
    "orange_webmail_message_du": ("flusspiraten", deploy(3)),
    "free_zimbra_mail_original": ("flusspiraten", deploy(2)),
    "gmx_flusspiraten_alternative": ("flusspiraten", deploy(5)),
    "android_flusspiraten_sent_from": ("flusspiraten", deploy(0)),
    "thunderbird_flusspiraten_inline": ("flusspiraten", deploy(4)),
    "outlook_web_german_von_gesendet": ("flusspiraten", deploy(1)),
    "webde_flusspiraten_html_only_latin1": ("flusspiraten", deploy(4)),
}
"""Replies whose move is legal: the move the event records."""

FREIBEUTER_EXAMPLES = (
    "Examples: board B3-C4, place F4 draw sea, place F4 chests draw dutchman, "
    "dutchman row 3 C3 draw sea."
)
REFUSED: dict[str, tuple[str, str]] = {
    "illegal_move_with_trailing_period": ("freibeuter", "You hold no sea card F4."),
    "unreadable_greeting_first": (
        "freibeuter",
        "Could not read 'Hi! My move:': expected a move starting with board, place or dutchman. "
        + FREIBEUTER_EXAMPLES,
    ),
    "empty_reply_with_signature": (
        "freibeuter",
        f"Could not read '': expected a move. {FREIBEUTER_EXAMPLES}",
    ),
    "seerauber_illegal_stack": (
        "seerauber",
        "R4 is your own stack; move onto another player's stack.",
    ),
    "flusspiraten_too_many_pirates": (
        "flusspiraten",
        "Could not read 'deploy 7': expected deploy 0 to 5. Examples: deploy 3, walk SL, row 3, "
        "pass, die, path XL L1 L2, path O1 O2 turn, wish yes, pile 3, stay.",
    ),
}
"""Replies whose move is illegal or unreadable: the reason Anne is sent back."""


def test_the_corpus_has_an_expectation_for_every_file() -> None:
    assert sorted(path.stem for path in CORPUS.glob("*.eml")) == sorted({**PLAYED, **REFUSED})
    assert len(PLAYED) + len(REFUSED) >= 40


def _anne(kind: str) -> Seat:
    names = ("Anne", "Bart", "Cleo")[: PLAYERS[kind]]
    players = [PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in names]
    return game_create(kind=kind, players=players, seed=9).seats.get(display_name="Anne")


def _raw(name: str, seat: Seat) -> bytes:
    raw = (CORPUS / f"{name}.eml").read_bytes()
    return raw.replace(b"PLAY_ADDRESS", reply_address(seat).encode())


@pytest.fixture(autouse=True)
def _webhook_secret(settings: Any) -> None:
    settings.INBOUND_MAIL_SECRET = INBOUND_SECRET


@pytest.mark.parametrize("channel", CHANNELS)
@pytest.mark.parametrize("name", PLAYED)
def test_it_plays_the_move_the_reply_s_sender_wrote(
    db: None, client: Client, tmp_path: Path, name: str, channel: str
) -> None:
    kind, move = PLAYED[name]
    anne = _anne(kind)

    assert CHANNELS[channel](_raw(name, anne), client, tmp_path) == "played"

    event = Event.objects.get(game=anne.game, type="move")
    assert (event.payload["player"], event.payload["move"]) == ("Anne", move)


@pytest.mark.parametrize("channel", CHANNELS)
@pytest.mark.parametrize("name", REFUSED)
def test_it_refuses_an_illegal_or_unreadable_reply_and_says_why(
    db: None, client: Client, tmp_path: Path, name: str, channel: str
) -> None:
    kind, reason = REFUSED[name]
    anne = _anne(kind)

    assert CHANNELS[channel](_raw(name, anne), client, tmp_path) == "refused"

    assert not Event.objects.filter(game=anne.game, type="move").exists()
    refusal = OutboundMail.objects.get(game=anne.game, kind="move_refused")
    assert (refusal.to, refusal.context["message"]) == (anne.email, reason)
