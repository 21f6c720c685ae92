"""A refused move or request is explained in the reader's language, on the page and by email.

English readers keep the engine's and the service's detailed messages; German and
French readers get the sentence for the refusal's code. Every code the engine
raises and every service error code must have both translations: the source is
scanned, so a new code without them fails here.
"""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from test_mail_replies import reply

from engine.base import IllegalMove
from games.errors import GameError
from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.models import Game, OutboundMail, Seat
from games.play.links import seat_token
from games.play.lobby import SeatSpec, open_seat_token, table_create
from games.play.open_seats import open_seat_take
from games.play.refusals import SENTENCES, refusal_text
from games.play.selectors import game_legal_moves
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("de", "fr")


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


def _engine_codes() -> list[str]:
    """Every code passed to ``IllegalMove(...)`` anywhere in ``engine/``."""
    codes = set()
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and _name(node.func) == "IllegalMove":
                given = [k.value for k in node.keywords if k.arg == "code"] + node.args[:1]
                code = given[0] if given else None
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                assert isinstance(code, ast.Constant) and isinstance(code.value, str), (
                    f"{where}: give the code as a literal so its translation can be checked"
                )
                codes.add(code.value)
    return sorted(codes)


def _service_codes() -> list[str]:
    """The ``code`` of ``GameError`` and of every subclass of it in ``games/``."""
    bases: dict[str, list[str]] = {}
    codes: dict[str, str] = {}
    for path in sorted((ROOT / "games").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.ClassDef):
                continue
            bases[node.name] = [_name(base) for base in node.bases]
            for statement in node.body:
                if (
                    isinstance(statement, ast.Assign)
                    and [_name(target) for target in statement.targets] == ["code"]
                    and isinstance(statement.value, ast.Constant)
                ):
                    codes[node.name] = str(statement.value.value)

    def is_game_error(name: str) -> bool:
        return name == "GameError" or any(is_game_error(b) for b in bases.get(name, []))

    return sorted({code for name, code in codes.items() if is_game_error(name)})


ENGINE_CODES = _engine_codes()
SERVICE_CODES = _service_codes()


class _Refused(GameError):
    """A service error with any code, to ask for its sentence."""


def _page(client: Client, token: str, form: dict[str, object]) -> str:
    response = client.post(f"/play/{token}/", form, follow=True)
    return html.unescape(response.content.decode())


def _seat(game: Game, name: str, language: str) -> Seat:
    seat = game.seats.get(display_name=name)
    seat.language = language
    seat.save(update_fields=["language"])
    return seat


def _a_legal_move(game: Game, seat: Seat, index: int = 0) -> str:
    return engine_for(game).format_move(game_legal_moves(game=game, seat=seat)[index])


def test_the_scan_finds_the_codes_of_all_three_games_and_of_the_service() -> None:
    assert {"not_your_turn", "field_full", "must_board", "illegal_path"} <= set(ENGINE_CODES)
    assert {"game_error", "stale_seq", "not_allowed", "lobby_error"} <= set(SERVICE_CODES)


@pytest.mark.parametrize("code", ENGINE_CODES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rules_refusal_reads_in_german_and_french(code: str, language: str) -> None:
    assert code in SENTENCES, f"{code!r} has no sentence in games/play/refusals.py"
    with translation.override(language):
        text = refusal_text(IllegalMove(code, "the English detail"))
    assert text not in ("the English detail", SENTENCES[code]), f"{code!r} is not translated"


@pytest.mark.parametrize("code", SERVICE_CODES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_service_refusal_reads_in_german_and_french(code: str, language: str) -> None:
    assert code in SENTENCES, f"{code!r} has no sentence in games/play/refusals.py"
    figures = dict.fromkeys(re.findall(r"%\((\w+)\)s", SENTENCES.get(code, "")), 7)
    error = _Refused("the English detail", **figures)
    error.code = code
    with translation.override(language):
        text = refusal_text(error)
    assert text not in ("the English detail", SENTENCES[code]), f"{code!r} is not translated"


def test_no_sentence_is_left_over_for_a_code_nothing_raises() -> None:
    assert set(SENTENCES) - set(ENGINE_CODES) - set(SERVICE_CODES) == set()


def test_a_code_without_a_sentence_keeps_its_english_message() -> None:
    with translation.override("de"):
        assert refusal_text(IllegalMove("brand_new", "Brand new reason.")) == "Brand new reason."


def test_a_german_player_is_told_in_german_that_it_is_not_his_turn(
    game: Game, client: Client
) -> None:
    bart = _seat(game, "Bart", "de")
    page = _page(client, seat_token(bart), {"move": "board A1-B2", "expected_seq": 1})
    assert "Du bist nicht am Zug." in page
    assert "It is Anne's turn" not in page


def test_a_german_player_with_an_old_page_is_told_in_german_to_reload(
    game: Game, client: Client
) -> None:
    anne = _seat(game, "Anne", "de")
    first, second = _a_legal_move(game, anne, 0), _a_legal_move(game, anne, 1)
    client.post(f"/play/{seat_token(anne)}/", {"move": first, "expected_seq": 1})
    page = _page(client, seat_token(anne), {"move": second, "expected_seq": 1})
    assert "Das Spiel ist inzwischen weitergegangen; lade die Seite neu" in page
    assert "moved on" not in page


def test_an_english_player_still_reads_the_engines_detailed_reason(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    page = _page(client, tokens["Bart"], {"move": "board A1-B2", "expected_seq": 1})
    assert "It is Anne's turn, not Bart's." in page


def test_a_german_player_reads_a_refused_chat_message_in_german(game: Game, client: Client) -> None:
    bart = _seat(game, "Bart", "de")
    response = client.post(f"/play/{seat_token(bart)}/chat/", {"text": "   "}, follow=True)
    page = html.unescape(response.content.decode())
    assert "Eine Nachricht im Tischgespräch hat 1 bis 500 Zeichen." in page
    assert "A chat message has" not in page


def test_a_french_visitor_who_takes_a_name_already_at_the_table_reads_why_in_french(
    db: None, client: Client
) -> None:
    table = table_create(
        kind="freibeuter", seats=[SeatSpec(kind="open"), SeatSpec(kind="open")], options={}
    )
    open_seat_take(table=table, name="Anne", email="", language="en", time_zone="UTC")
    form = {"name": "Anne", "email": "", "language": "fr", "time_zone": "UTC"}
    response = client.post(
        f"/tables/{open_seat_token(table)}/join/", form, HTTP_ACCEPT_LANGUAGE="fr"
    )
    page = html.unescape(response.content.decode())
    assert "Quelqu'un porte déjà ce nom à cette table ; choisissez-en un autre." in page
    assert "already called" not in page


@pytest.fixture
def mailed_game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org", language="de"),
            PlayerSpec(name="Bart", email="bart@example.org", language="fr"),
        ],
        seed=9,
    )


def _refusal_email(game: Game) -> str:
    row = OutboundMail.objects.get(game=game, kind="move_refused")
    return str(mail_compose(row).body)


def test_a_french_players_refused_reply_is_answered_in_french(mailed_game: Game) -> None:
    bart = mailed_game.seats.get(display_name="Bart")
    assert mail_receive(raw=reply(bart, "board A1-B2")) == "refused"
    body = _refusal_email(mailed_game)
    assert "Ce n'est pas votre tour." in body
    assert "It is Anne's turn" not in body


def test_a_german_players_takeback_answer_by_email_is_refused_in_german(
    mailed_game: Game,
) -> None:
    anne = mailed_game.seats.get(display_name="Anne")
    assert mail_receive(raw=reply(anne, "ablehnen")) == "refused"
    body = _refusal_email(mailed_game)
    assert "Keine Bitte um Rücknahme wartet auf eine Antwort." in body
    assert "No takeback is waiting" not in body


def test_a_german_player_previewing_a_mistyped_move_reads_why_in_german(
    game: Game, client: Client
) -> None:
    anne = _seat(game, "Anne", "de")
    answer = client.get(f"/play/{seat_token(anne)}/confirm/", {"move": "bord A1"})
    assert answer.status_code == 200
    assert "Dieser Zug ließ sich nicht lesen" in answer.content.decode()


def test_a_sentence_missing_its_figure_falls_back_to_the_english_message() -> None:
    error = _Refused("At most 5 messages a minute.")
    error.code = "chat_rate"  # its sentence names %(rate)s, which this error does not give
    with translation.override("de"):
        assert refusal_text(error) == "At most 5 messages a minute."
