"""A whole 3-player game in the browser: created in the lobby, played by clicks from the seats.

Three players accept their invitations (in English, German and French) and
play to the end only through the pages: a card, its field on the board, the
move and its draw, the confirmation. Screenshots of the start, the middle
and the end go to ``var/screenshots/``. The same game then checks the history
slider, the language switch, a 360 px phone and the console.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.models import Event, Game
from games.store import events
from tests.browser.freibeuter_moves import choose_a_move

PLAYERS = (("Anne", "en", "Europe/London"), ("Bart", "de", "Europe/Berlin"), ("Cleo", "fr", "UTC"))
MAX_MOVES = 200
PHONE = {"width": 360, "height": 740}


def _create_in_lobby(page: Any, base: str) -> list[str]:
    """Fill the lobby's form for three invited players; return the invitation links."""
    page.goto(f"{base}/games/new/")
    page.fill("#id_name", "Browser test")
    for index, (name, language, _zone) in enumerate(PLAYERS):
        page.select_option(f"#id_seat{index}_kind", "email")
        page.fill(f"#id_seat{index}_name", name)
        page.fill(f"#id_seat{index}_email", f"{name.lower()}@example.org")
        page.select_option(f"#id_seat{index}_language", language)
    page.select_option("#id_hours", "168")
    page.click("form button[type=submit]")
    page.wait_for_url("**/tables/**")
    links = page.eval_on_selector_all("a.invite-link", "nodes => nodes.map(n => n.href)")
    assert len(links) == 3
    return [base + "/invite/" + link.split("/invite/")[1] for link in links]


def _accept(page: Any, link: str, zone: str) -> None:
    page.goto(link)
    page.select_option("#id_time_zone", zone)
    page.click("form.panel button[type=submit]")
    page.wait_for_selector("form.panel", state="detached")  # accepted: the form is gone


def _play_one_move(page: Any) -> None:
    """Choose a move (``choose_a_move``) and confirm it."""
    choose_a_move(page)
    page.locator("#confirm .confirm-form button[type=submit]").click()
    page.wait_for_selector(".banner-you", state="detached")


@pytest.mark.django_db(transaction=True)
def test_a_lobby_game_is_played_to_the_end_through_the_pages(
    live_server: Any, browser: Any, console: Any, screenshots: Path
) -> None:
    base = live_server.url
    host = console.watch(browser.new_page())
    invitations = _create_in_lobby(host, base)

    seats = []
    for link, (_name, _language, zone) in zip(invitations, PLAYERS, strict=True):
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = console.watch(context.new_page())
        _accept(page, link, zone)
        seats.append(page)
    for page in seats:
        page.goto(page.url)  # the accepter's own page leads to his seat once dealt
        assert "/play/" in page.url
    spent = browser.new_page()  # the host's copies of the links: spent, they open no seat
    for link in invitations:
        assert spent.goto(link).status == 410 and "/play/" not in spent.url
    spent.context.close()
    urls = [page.url for page in seats]
    assert seats[1].locator("html").get_attribute("lang") == "de"
    assert seats[2].locator("html").get_attribute("lang") == "fr"
    seats[0].screenshot(path=str(screenshots / "game-start.png"), full_page=True)

    game = Game.objects.get()
    moves = 0
    while moves < MAX_MOVES:
        page = seats[moves % 3]
        page.goto(urls[moves % 3])
        if page.locator(".status-finished").count():
            break
        assert page.locator(".banner-you").count() == 1, f"seat {moves % 3} should move"
        _play_one_move(page)
        moves += 1
        if moves == 30:
            page.screenshot(path=str(screenshots / "game-middle.png"), full_page=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"not over after {moves} moves"
    # Every move of the game was made on the pages (the deal is random, so its length varies).
    made = Event.objects.filter(game=game, type=events.MOVE).exclude(payload__auto=True)
    assert moves == made.count()
    seats[0].goto(urls[0])
    seats[0].screenshot(path=str(screenshots / "game-end.png"), full_page=True)
    assert seats[0].locator(".status-finished").count() == 1

    _check_history_slider(seats[0], urls[0], moves)
    _check_language_switch(seats[0])
    _check_phone(browser, console, urls[1], screenshots)
    for page in [host, *seats]:
        page.context.close()  # no polling page holds a database connection at teardown
    assert console.errors == []


def _boats(page: Any) -> int:
    return page.locator("#replay svg.board path.boat").count()


def _check_history_slider(page: Any, url: str, moves: int) -> None:
    page.goto(url + "history/")
    final = _boats(page)
    assert page.locator("#at").get_attribute("max") == str(moves)
    page.focus("#at")
    page.keyboard.press("Home")  # the slider to move 0, by keyboard
    page.wait_for_function("() => document.querySelector('#replay svg.board path.boat') === null")
    assert _boats(page) == 0 < final
    page.locator("#replay a.button", has_text="Next").click()
    page.wait_for_function(
        "() => document.querySelector('.replay-caption').textContent.includes('1')"
    )
    assert 0 < _boats(page) <= 1 + 1  # one move: at most one boat (or one boarder)
    page.locator("ol.moves-list li a").nth(9).click()  # a link to move 10, without htmx
    page.wait_for_url("**?at=10")
    assert 0 < _boats(page) < final


def _check_language_switch(page: Any) -> None:
    assert page.locator("h2", has_text="All moves").count() == 1
    page.click(".lang button[value=de]")
    page.wait_for_selector("html[lang=de]")
    assert page.locator("h2", has_text="Alle Züge").count() == 1
    page.click(".lang button[value=fr]")
    page.wait_for_selector("html[lang=fr]")
    assert page.locator("h2", has_text="Tous les coups").count() == 1


def _check_phone(browser: Any, console: Any, url: str, screenshots: Path) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = console.watch(context.new_page())
    page.goto(url)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    board = page.locator("svg.board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
    page.screenshot(path=str(screenshots / "phone-finished.png"), full_page=True)
    context.close()
