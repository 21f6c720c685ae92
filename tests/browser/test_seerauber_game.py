"""Seeräuber games with a mutiny, played to their end on a phone in German and in French.

Three seats play from their seat pages, 360 px wide,
by the page's own controls only: pick a stack or free pirate, pick where it
goes (a ship to board or a stack), read the move in words, confirm. The
opening builds the stack of rules §6 (tests/site/seerauber_mutiny.py), Bart
is asked and mutinies, Anne must board; then every seat plays what the
built-in bot would (boarding whenever it can, so the game ends sooner),
through the same controls, to the last ship. Along the
way the pages pass axe-core and the Nu validator, break no word, stick
out nowhere and offer no move control under 44 × 44 CSS px; the forced
boarding confirmed on a stale page is refused with its error in view.
Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.play.tables import table_for
from tests.browser.checks import (
    axe_violations,
    broken_words,
    nu_errors,
    overflow,
    small_targets,
    stale_confirmation_refused,
)
from tests.site.seerauber_mutiny import MUTINY, NAMES, OPENING

PHONE = {"width": 360, "height": 800}
MAX_MOVES = 200
LANGUAGES = {"Anne": "de", "Bart": "fr", "Cleo": "en"}
"""Anne reads German, Bart French, Cleo English: the question is asked in French, answered in
German, and all three read the end."""
WORDS = {
    "en": {"mutiny": "calls a mutiny in the stack topped by red 5", "over": "The game is over."},
    "de": {
        "your_turn": "Du bist am Zug.",
        "waiting": "Warten auf Bart.",
        "forced": "Bart hat gemeutert: Du musst mit diesem Stapel entern.",
        "mutiny": "meutert im Stapel mit Rot 5 obenauf",
        "over": "Das Spiel ist zu Ende.",
    },
    "fr": {
        "your_turn": "À vous de jouer.",
        "asked": "Vous pouvez vous mutiner contre Anne.",
        "mutiny_button": "Se mutiner dans la pile coiffée par le rouge 5",
        "mutiny_words": "Vous vous mutinez : Anne doit maintenant aborder un navire",
        "mutiny": "se mutine dans la pile coiffée par le rouge 5",
        "over": "La partie est terminée.",
    },
}


def _checked(page: Any, where: str) -> None:
    """The page as it is now passes axe-core and the Nu validator and fits 360 px unbroken,
    its move controls 44 × 44 CSS px at least."""
    assert nu_errors(page.content()) == [], where  # before axe-core's script is injected
    assert axe_violations(page) == [], where
    assert broken_words(page) == [], where
    assert overflow(page) == 0, where
    assert small_targets(page) == [], where


def _wait_for_move(game: Game, seq: int, page: Any) -> None:
    for _ in range(200):
        game.refresh_from_db()
        if game.last_seq > seq:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the move after seq {seq} was not stored")


def _stack_of(notation: str) -> str:
    """The stack a move moves (``stack R3 on B5``, ``board S07 with R3 …``), or ""."""
    words = notation.split()
    return {"stack": words[1], "board": words[3] if len(words) > 3 else ""}.get(words[0], "")


def _choose(page: Any, notation: str) -> None:
    """Click through the controls to the confirmation of ``notation`` (not confirming it yet)."""
    option = page.locator(f'.controls a[data-move="{notation}"]')
    if option.count() == 0:
        page.locator(f'.controls a[data-stack-pick="{_stack_of(notation)}"]').click()
        option.wait_for()
    option.click()
    page.locator("#confirm button[type=submit]").wait_for()


def _quick_move(engine: Any, state: Any, player: str) -> str:
    """The boarding that leaves ``player`` richest if he can board, else the bot's move."""
    boardings = [move for move in engine.legal_moves(state) if move["type"] == "board"]
    if not boardings:
        return str(engine.format_move(engine.bot_move(state, player)))
    seat = state.seat(player)
    best = max(boardings, key=lambda move: engine.apply(state, player, move).ducats[seat])
    return str(engine.format_move(best))


def _confirm(game: Game, page: Any) -> None:
    seq = game.last_seq
    page.locator("#confirm button[type=submit]").click()
    _wait_for_move(game, seq, page)


@pytest.mark.django_db(transaction=True)
def test_a_seerauber_game_with_a_mutiny_is_played_to_its_end_on_a_phone_in_three_languages(
    live_server: Any, browser: Any, console: Any, screenshots: Path
) -> None:
    game = game_create(
        kind="seerauber",
        players=[PlayerSpec(name=name, language=LANGUAGES[name]) for name in NAMES],
        seed=4,
    )
    seats = {seat.display_name: seat for seat in game.seats.all()}
    urls = {name: f"{live_server.url}/play/{seat_token(seat)}/" for name, seat in seats.items()}
    pages = {name: console.watch(browser.new_page(viewport=PHONE)) for name in NAMES}
    german, french = WORDS["de"], WORDS["fr"]

    for number, (name, notation) in enumerate(OPENING):
        page = pages[name]
        page.goto(urls[name])
        if number == 0:
            assert german["your_turn"] in page.locator(".banner").inner_text()
            page.screenshot(path=str(screenshots / "seerauber-de-start.png"), full_page=True)
            _checked(page, "the opening page")
        _choose(page, notation)
        if number == 1:
            page.screenshot(path=str(screenshots / "seerauber-fr-confirm.png"), full_page=True)
            _checked(page, "a stack chosen and its move to confirm")
        _confirm(game, page)

    bart = pages["Bart"]
    bart.goto(urls["Bart"])
    assert french["asked"] in bart.locator(".banner").inner_text()
    assert bart.locator(".controls [data-stack-pick]").count() == 0  # the question alone
    bart.get_by_role("link", name=french["mutiny_button"]).click()
    bart.locator("#confirm button[type=submit]").wait_for()
    assert french["mutiny_words"] in bart.locator("#confirm").inner_text()
    assert MUTINY in bart.locator("#confirm").inner_text()  # the reply syntax beside the words
    bart.screenshot(path=str(screenshots / "seerauber-fr-mutiny.png"), full_page=True)
    _checked(bart, "the mutiny question")
    anne = pages["Anne"]
    anne.goto(urls["Anne"])
    assert german["waiting"] in anne.locator(".banner").inner_text()
    _confirm(game, bart)

    anne.goto(urls["Anne"])
    assert german["forced"] in anne.locator(".banner").inner_text()
    assert german["mutiny"] in anne.locator(".last-move").inner_text()
    boardings = anne.locator(".controls a[data-move]")
    offered = boardings.evaluate_all("links => links.map(link => link.dataset.move)")
    assert offered and all(
        f"{move} ".startswith("board ") and " with R5 " in f"{move} " for move in offered
    )
    anne.screenshot(path=str(screenshots / "seerauber-de-forced.png"), full_page=True)
    _checked(anne, "the boarding forced by the mutiny")
    boardings.first.click()
    anne.locator("#confirm button[type=submit]").wait_for()
    _checked(anne, "the forced boarding to confirm")
    assert stale_confirmation_refused(anne) == ""
    anne.goto(urls["Anne"])
    anne.locator(".controls a[data-move]").first.click()
    anne.locator("#confirm button[type=submit]").wait_for()
    _confirm(game, anne)

    moves = 0
    while game.status != Game.Status.FINISHED and moves < MAX_MOVES:
        (name,) = game.to_move
        table = table_for(game=game, seat=seats[name])
        notation = _quick_move(table.engine, table.state, name)
        page = pages[name]
        # The pick's link followed at once (the opening clicked it), then the choice and the button.
        stack = _stack_of(notation)
        page.goto(
            urls[name] + (f"?stack={quote(stack)}" if stack else ""), wait_until="domcontentloaded"
        )
        _choose(page, notation)
        _confirm(game, page)
        moves += 1
    assert game.status == Game.Status.FINISHED, f"not over after {moves} more moves"

    for name, language in LANGUAGES.items():
        end = pages[name]
        end.goto(urls[name])
        assert WORDS[language]["over"] in end.locator(".banner").inner_text()
        assert end.locator(".controls").count() == 0
        end.screenshot(path=str(screenshots / f"seerauber-{language}-end.png"), full_page=True)
        end.goto(urls[name] + "history/")
        assert WORDS[language]["mutiny"] in end.locator(".moves-list").inner_text()
        end.screenshot(path=str(screenshots / f"seerauber-{language}-history.png"), full_page=True)
        _checked(end, f"the history in {language}")
    for page in pages.values():
        page.context.close()  # no polling page holds a database connection at teardown
    assert console.errors == []
