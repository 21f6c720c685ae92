"""A short 3-player Seeräuber game in the browser: made in the lobby, played by clicks.

Three invited players accept and play from their seat pages by pressing the
first move button each time (the list is sorted, so boardings come first).
The game runs to its end; the table (ship cards, stacks of coloured discs,
the players' ducats and booty) is on every page, and the console stays clean.
Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games.models import Game

PLAYERS = ("Anne", "Bart", "Cleo")
MAX_MOVES = 300


def _create_in_lobby(page: Any, base: str) -> list[str]:
    """Choose Seeräuber and invite three players by email; return the invitation links."""
    page.goto(f"{base}/games/new/")
    page.select_option("#id_game", "seerauber")
    page.fill("#id_name", "Seeräuber browser test")
    for index, name in enumerate(PLAYERS):
        page.select_option(f"#id_seat{index}_kind", "email")
        page.fill(f"#id_seat{index}_name", name)
        page.fill(f"#id_seat{index}_email", f"{name.lower()}@example.org")
    page.click("form button[type=submit]")
    page.wait_for_url("**/tables/**")
    links = page.eval_on_selector_all("a.invite-link", "nodes => nodes.map(n => n.href)")
    assert len(links) == 3
    return [base + "/invite/" + link.split("/invite/")[1] for link in links]


def _wait_for_move(game: Game, seq: int, page: Any) -> None:
    """Wait until the clicked move is stored (the form is posted by htmx, without navigation)."""
    for _ in range(100):
        game.refresh_from_db()
        if game.last_seq > seq:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the move after seq {seq} was not stored")


@pytest.mark.django_db(transaction=True)
def test_a_seerauber_game_is_played_to_the_end_through_the_pages(
    live_server: Any, browser: Any, console: Any, screenshots: Path
) -> None:
    base = live_server.url
    host = console.watch(browser.new_page())
    invitations = _create_in_lobby(host, base)
    pages = {}
    for link, name in zip(invitations, PLAYERS, strict=True):
        page = console.watch(browser.new_context().new_page())
        page.goto(link)
        page.select_option("#id_time_zone", "UTC")
        page.click("form.panel button[type=submit]")
        page.wait_for_selector("form.panel", state="detached")
        pages[name] = page
    urls = {}
    for name, link in zip(PLAYERS, invitations, strict=True):
        pages[name].goto(link)
        assert "/play/" in pages[name].url
        urls[name] = pages[name].url
    game = Game.objects.get()
    assert game.kind == "seerauber"
    pages["Anne"].screenshot(path=str(screenshots / "seerauber-start.png"), full_page=True)
    assert pages["Anne"].locator(".ship").count() == 3

    clicks = 0
    while clicks < MAX_MOVES:
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        (name,) = game.to_move
        page = pages[name]
        page.goto(urls[name])
        assert page.locator(".stack, .ship").count() > 0
        seq = game.last_seq
        page.locator("section.moves button").first.click()
        _wait_for_move(game, seq, page)
        clicks += 1
        if clicks == 20:
            page.screenshot(path=str(screenshots / "seerauber-middle.png"), full_page=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"not over after {clicks} clicks"
    end = pages["Anne"]
    end.goto(urls["Anne"])
    end.screenshot(path=str(screenshots / "seerauber-end.png"), full_page=True)
    assert end.locator(".status-finished").count() == 1
    assert end.locator("section.moves").count() == 0
    for page in [host, *pages.values()]:
        page.context.close()  # no polling page holds a database connection at teardown
    assert console.errors == []
