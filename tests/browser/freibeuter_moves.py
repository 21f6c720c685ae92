"""Freibeuter's way to a move on its page, by clicks: shared by the browser tests that play it."""

from __future__ import annotations

from typing import Any


def choose_a_move(page: Any) -> None:
    """The simple policy: the first sea card, its field on the board, the first option
    (with only Dutchman cards, their first field), up to the confirmation's button."""
    sea_cards = page.locator("ul.hand a.card:not(.dutchman)")
    if sea_cards.count():
        sea_cards.first.click()
        page.wait_for_selector("ul.hand a.card.selected")
        page.locator("svg.board a.hit:has(g.chosen)").first.click()
        page.wait_for_selector(".options a.option")
        page.locator(".options a.option").first.click()
    else:
        page.locator("svg.board a.hit").first.click()
    page.wait_for_selector("#confirm .confirm-form button[type=submit]")
