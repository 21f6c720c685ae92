"""Seeräuber games with a mutiny, played to their end on a phone in German and in French.

Issue 15's "done when": three seats play from their seat pages, 360 px wide,
by the page's own controls only: pick a stack or free pirate, pick where it
goes (a ship to board or a stack), read the move in words, confirm. The
opening builds the stack of rules §6 (tests/site/seerauber_mutiny.py), Bart
is asked and mutinies, Anne must board; then every seat plays what the
built-in bot would, through the same controls, to the last ship. Along the
way the pages pass axe-core and the Nu validator, break no word and stick
out nowhere. Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.play.tables import table_for
from tests.browser.checks import axe_violations, broken_words, nu_errors, overflow
from tests.site.seerauber_mutiny import MUTINY, NAMES, OPENING

PHONE = {"width": 360, "height": 800}
MAX_MOVES = 200
WORDS = {
    "de": {
        "your_turn": "Du bist am Zug.",
        "asked": "Bart darf gegen Anne meutern.",
        "forced": "Bart hat gemeutert: Anne muss mit diesem Stapel entern.",
        "mutiny_button": "Im Stapel mit Rot 5 obenauf meutern",
        "mutiny_words": "Du meuterst: Anne muss jetzt mit dem Stapel mit Rot 5 obenauf",
        "last_move": "meutert im Stapel mit Rot 5 obenauf",
    },
    "fr": {
        "your_turn": "À toi de jouer.",
        "asked": "Bart peut se mutiner contre Anne.",
        "forced": "Anne doit aborder avec cette pile.",
        "mutiny_button": "Se mutiner dans la pile coiffée par le rouge 5",
        "mutiny_words": "Tu te mutines : Anne doit maintenant aborder un navire",
        "last_move": "se mutine dans la pile coiffée par le rouge 5",
    },
}


def _checked(page: Any, where: str) -> None:
    """The page as it is now passes axe-core and the Nu validator and fits 360 px unbroken."""
    assert axe_violations(page) == [], where
    assert nu_errors(page.content()) == [], where
    assert broken_words(page) == [], where
    assert overflow(page) == 0, where


def _wait_for_move(game: Game, seq: int, page: Any) -> None:
    for _ in range(200):
        game.refresh_from_db()
        if game.last_seq > seq:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the move after seq {seq} was not stored")


def _choose(page: Any, notation: str) -> None:
    """Click through the controls to the confirmation of ``notation`` (not confirming it yet)."""
    option = page.locator(f'.controls a[data-move="{notation}"]')
    if option.count() == 0:
        words = notation.split()
        stack = words[1] if words[0] == "stack" else words[3]
        page.locator(f'.controls a[data-stack-pick="{stack}"]').click()
        option.wait_for()
    option.click()
    page.locator("#confirm button[type=submit]").wait_for()


def _confirm(game: Game, page: Any) -> None:
    seq = game.last_seq
    page.locator("#confirm button[type=submit]").click()
    _wait_for_move(game, seq, page)


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.django_db(transaction=True)
def test_a_seerauber_game_with_a_mutiny_is_played_to_its_end_on_a_phone(
    language: str, live_server: Any, browser: Any, console: Any, screenshots: Path
) -> None:
    words = WORDS[language]
    game = game_create(
        kind="seerauber",
        players=[PlayerSpec(name=name, language=language) for name in NAMES],
        seed=4,
    )
    seats = {seat.display_name: seat for seat in game.seats.all()}
    urls = {name: f"{live_server.url}/play/{seat_token(seat)}/" for name, seat in seats.items()}
    pages = {name: console.watch(browser.new_page(viewport=PHONE)) for name in NAMES}
    shot = f"seerauber-{language}"

    for number, (name, notation) in enumerate(OPENING):
        page = pages[name]
        page.goto(urls[name])
        if number == 0:
            assert words["your_turn"] in page.locator(".banner").inner_text()
            page.screenshot(path=str(screenshots / f"{shot}-start.png"), full_page=True)
            _checked(page, "the opening page")
        _choose(page, notation)
        if number == len(OPENING) - 1:
            page.screenshot(path=str(screenshots / f"{shot}-confirm.png"), full_page=True)
            _checked(page, "a stack chosen and its move to confirm")
        _confirm(game, page)

    bart = pages["Bart"]
    bart.goto(urls["Bart"])
    assert words["asked"] in bart.locator(".banner").inner_text()
    assert bart.locator(".controls [data-stack-pick]").count() == 0  # the question alone
    bart.get_by_role("link", name=words["mutiny_button"]).click()
    bart.locator("#confirm button[type=submit]").wait_for()
    assert words["mutiny_words"] in bart.locator("#confirm").inner_text()
    bart.screenshot(path=str(screenshots / f"{shot}-mutiny.png"), full_page=True)
    _checked(bart, "the mutiny question")
    assert MUTINY in bart.locator("#confirm").inner_text()
    _confirm(game, bart)

    anne = pages["Anne"]
    anne.goto(urls["Anne"])
    assert words["forced"] in anne.locator(".banner").inner_text()
    assert words["last_move"] in anne.locator(".last-move").inner_text()
    boardings = anne.locator(".controls a[data-move]")
    assert boardings.count() > 0
    assert all(" with R5 " in f"{n} " for n in boardings.evaluate_all("l => l.map(a => a.dataset.move)"))
    anne.screenshot(path=str(screenshots / f"{shot}-forced.png"), full_page=True)
    boardings.first.click()
    anne.locator("#confirm button[type=submit]").wait_for()
    _confirm(game, anne)

    moves = 0
    while game.status != Game.Status.FINISHED and moves < MAX_MOVES:
        (name,) = game.to_move
        table = table_for(game=game, seat=seats[name])
        notation = table.engine.format_move(table.engine.bot_move(table.state, name))
        page = pages[name]
        page.goto(urls[name])
        _choose(page, notation)
        _confirm(game, page)
        moves += 1
    assert game.status == Game.Status.FINISHED, f"not over after {moves} more moves"

    end = pages["Anne"]
    end.goto(urls["Anne"])
    assert end.locator(".status-finished").count() == 1
    assert end.locator(".controls").count() == 0
    end.screenshot(path=str(screenshots / f"{shot}-end.png"), full_page=True)
    _checked(end, "the finished game")
    end.goto(urls["Anne"] + "history/")
    assert words["last_move"] in end.locator(".moves-list").inner_text()
    end.screenshot(path=str(screenshots / f"{shot}-history.png"), full_page=True)
    _checked(end, "the history")
    for page in pages.values():
        page.context.close()  # no polling page holds a database connection at teardown
    assert console.errors == []
