"""A whole 3-player game in the browser: created in the lobby, played by clicks from the seats.

Three players accept their invitations (in English, German and French) and
play to the end only through the pages: a card, its field on the board, the
move and its draw, the confirmation. Screenshots of the start, the middle
and the end go to ``var/screenshots/``. The same game then checks the history
slider, the language switch, a 360 px phone and the console. A seeded game
plays Freibeuter's special steps, the Flying Dutchman and a boarding, on a phone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.models import Event, Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.store import events
from tests.browser.checks import small_targets, smallest_svg_text, stale_confirmation_refused
from tests.browser.freibeuter_moves import choose_a_move
from tests.site.player_helpers import bot_moves

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


def _confirm(page: Any) -> None:
    """Press "Confirm move" and wait until the page no longer says it is the seat's turn."""
    page.locator("#confirm .confirm-form button[type=submit]").click()
    page.wait_for_selector(".banner-you", state="detached")


def _play_one_move(page: Any) -> None:
    """Choose a move (``choose_a_move``) and confirm it."""
    choose_a_move(page)
    _confirm(page)


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


PHONE_SEATS = (("Anne", "en"), ("Bart", "de"), ("Cleo", "fr"))
THIS_MOVE = {"en": "This move:", "de": "Dieser Zug:", "fr": "Ce coup :"}
BOARD_LABELS = "svg.board text"
DUTCHMAN_SEED, DUTCHMAN_AFTER = 27, 10
"""A deal whose 11th move can be a Flying Dutchman (German), then a boarding (French)."""


def _fits_a_finger(page: Any, where: str) -> None:
    """Every move control and board target 44 × 44 CSS px at least, board labels 11 px."""
    assert small_targets(page) == [], where
    smallest = smallest_svg_text(page, BOARD_LABELS)
    assert smallest is not None and smallest >= 11, f"{where}: a board label of {smallest} px"


def _confirm_on_phone(page: Any, language: str, where: str) -> None:
    confirm = page.locator("#confirm .confirm-box")
    confirm.wait_for()
    assert THIS_MOVE[language] in confirm.inner_text()
    _fits_a_finger(page, f"{where}, confirmation")
    _confirm(page)


@pytest.mark.django_db(transaction=True)
def test_the_flying_dutchman_and_a_boarding_are_played_on_a_phone_in_three_languages(
    live_server: Any, browser: Any, console: Any, screenshots: Path
) -> None:
    """At 360 px, in English, German and French: a Flying Dutchman card (card, field, draw),
    a boarding tapped on its ship and a sea card, each step's move controls and board
    targets 44 × 44 CSS px at least and the board's labels 11 px; a boarding confirmed on
    a stale page is refused with its error in view."""
    players = [PlayerSpec(name=name, language=language) for name, language in PHONE_SEATS]
    game = game_create(kind="freibeuter", players=players, seed=DUTCHMAN_SEED)
    bot_moves(game, DUTCHMAN_AFTER)
    languages = dict(PHONE_SEATS)
    urls = {
        seat.display_name: f"{live_server.url}/play/{seat_token(seat)}/"
        for seat in game.seats.all()
    }
    page = console.watch(browser.new_context(viewport=PHONE).new_page())
    dutchman = game.to_move[0]
    page.goto(urls[dutchman])
    _fits_a_finger(page, "the first page")
    page.locator("ul.hand a.card.dutchman").first.click()
    page.wait_for_selector("ul.hand a.card.dutchman.selected")
    _fits_a_finger(page, "the Flying Dutchman's fields")
    page.screenshot(path=str(screenshots / "phone-freibeuter-dutchman.png"), full_page=True)
    page.locator("svg.board a.hit").first.click()
    page.wait_for_selector(".options a.option")
    _fits_a_finger(page, "the Flying Dutchman's draws")
    page.locator(".options a.option").first.click()
    _confirm_on_phone(page, languages[dutchman], "the Flying Dutchman")

    game.refresh_from_db()
    boarding = game.to_move[0]
    page.goto(urls[boarding])
    assert page.locator("html").get_attribute("lang") == languages[boarding]
    ship = page.locator("svg.board a.hit").first
    ship.click()
    page.locator("#confirm .confirm-box").wait_for()
    assert page.locator("#confirm input[name=move]").input_value().startswith("board ")
    assert stale_confirmation_refused(page) == ""
    page.goto(urls[boarding])
    page.locator("svg.board a.hit").first.click()
    _confirm_on_phone(page, languages[boarding], "a boarding")

    game.refresh_from_db()
    last = game.to_move[0]
    page.goto(urls[last])
    choose_a_move(page)
    _confirm_on_phone(page, languages[last], "a sea card")
    assert {dutchman, boarding, last} == set(languages)
    page.context.close()
    assert console.errors == []
