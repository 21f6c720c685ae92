"""Freibeuter moves in words, in the active language: what a move does, or what it did.

A description compares two *public positions* (the board, money, ships and
set-aside tiles of two views), so it can only say what everyone may know:
which card was drawn, or what a hand holds, never enters it. The same words
serve the history, the last move on the game page and the confirmation of a
move not yet made ("Surrounds the 15/3 at C3-D4: you pay Anna 6").
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from engine.freibeuter.board import DOUBLES, SHIPS
from games.kinds.base import game_over, sentence
from games.kinds.freibeuter.drawing import tile_fields, tile_kind

PUBLIC_PLAYER_KEYS = ("seat", "chests", "credit", "supply", "ships")


def public_position(view: dict[str, Any]) -> dict[str, Any]:
    """The parts of a view that every reader may see; nothing else is ever described."""
    return {
        "fields": view["board"]["fields"],
        "tiles": view["board"]["tiles"],
        "players": {
            name: {key: player[key] for key in PUBLIC_PLAYER_KEYS}
            for name, player in view["players"].items()
        },
        "over": view["over"],
        "winners": view["winners"],
    }


def card_label(card: str) -> str:
    """A card as a player reads it: ``F4``, ``row 3``, ``column C``."""
    kind, _space, which = card.partition(" ")
    if kind == "row":
        return _("row %(number)s") % {"number": which}
    if kind == "col":
        return _("column %(letter)s") % {"letter": which}
    return card


def _name(player: str, viewer: str | None) -> str:
    return _("you") if player == viewer else player


def move_action(move: dict[str, Any]) -> str:
    """What the move itself does, without its consequences: "places a boat on F4 and draws …"."""
    kind = move.get("type")
    if kind == "board":
        return _("boards the ship at %(tile)s") % {"tile": move["tile"]}
    if kind == "place":
        if move.get("boat", True):
            action = _("places a boat on %(field)s") % {"field": move["card"]}
        else:
            action = _("plays %(field)s and takes 2 chests") % {"field": move["card"]}
    else:
        action = _("plays %(card)s and puts the Flying Dutchman on %(field)s") % {
            "card": card_label(str(move["card"])),
            "field": move["field"],
        }
    draw = move.get("draw")
    if draw is None:
        return action
    drawn = _("draws a sea card") if draw == "sea" else _("draws a Dutchman card")
    return _("%(action)s and %(draw)s") % {"action": action, "draw": drawn}


def _ship_clauses(
    name: str, tile: dict[str, Any], after: dict[str, Any], viewer: str | None
) -> list[str]:
    owner = tile.get("boarded_by")
    if owner is None:
        return [_("it escapes, nobody had boarded it")]
    payout = SHIPS[tile["tile"]][1]
    around = [who for field in tile_fields(name) for who in after["fields"].get(field, [])]
    clauses = []
    for player in sorted(after["players"], key=lambda who: after["players"][who]["seat"]):
        amount = payout * around.count(player)
        if player == owner or not amount:
            continue
        if owner == viewer:
            clauses.append(_("you pay %(payee)s %(amount)s") % {"payee": player, "amount": amount})
        elif player == viewer:
            clauses.append(_("%(payer)s pays you %(amount)s") % {"payer": owner, "amount": amount})
        else:
            clauses.append(
                _("%(payer)s pays %(payee)s %(amount)s")
                % {"payer": owner, "payee": player, "amount": amount}
            )
    if owner == viewer:
        clauses.append(_("you take the ship"))
    else:
        clauses.append(_("%(owner)s takes the ship") % {"owner": owner})
    return clauses


def _lair_clauses(name: str, after: dict[str, Any], viewer: str | None) -> list[str]:
    around = [who for field in tile_fields(name) for who in after["fields"].get(field, [])]
    clauses = []
    for player in sorted(after["players"], key=lambda who: after["players"][who]["seat"]):
        amount = 2 * around.count(player)
        if not amount:
            continue
        if player == viewer:
            clauses.append(_("you get %(amount)s") % {"amount": amount})
        else:
            clauses.append(_("%(player)s gets %(amount)s") % {"player": player, "amount": amount})
    return clauses


def _surround_sentence(
    name: str, tile: dict[str, Any], after: dict[str, Any], viewer: str | None
) -> str:
    token = str(tile["tile"])
    kind = tile_kind(token)
    if kind == "ship":
        head = _("Surrounds the %(tile)s at %(where)s") % {"tile": token, "where": name}
        clauses = _ship_clauses(name, tile, after, viewer)
    elif kind == "lair":
        head = _("Surrounds the pirate lair at %(where)s") % {"where": name}
        clauses = _lair_clauses(name, after, viewer)
    else:
        value = DOUBLES[token]
        head = _("Surrounds the double %(value)s at %(where)s") % {"value": value, "where": name}
        ship = next(ship for ship, (worth, _pay) in SHIPS.items() if worth == value)
        clauses = [_("every %(ship)s now counts double") % {"ship": ship}]
    if not clauses:
        return head + "."
    separator = pgettext("between clauses", "; ")
    return _("%(head)s: %(clauses)s.") % {"head": head, "clauses": separator.join(clauses)}


def _credit_sentences(
    before: dict[str, Any], after: dict[str, Any], viewer: str | None
) -> list[str]:
    sentences = []
    for player, now in after["players"].items():
        taken = now["credit"] - before["players"][player]["credit"]
        if taken > 0:
            if player == viewer:
                sentences.append(_("You take %(amount)s credit.") % {"amount": taken})
            else:
                sentences.append(
                    _("%(player)s takes %(amount)s credit.") % {"player": player, "amount": taken}
                )
    return sentences


def move_consequences(
    move: dict[str, Any], before: dict[str, Any], after: dict[str, Any], viewer: str | None
) -> list[str]:
    """Sentences for what the move surrounded, paid and ended, from two public positions."""
    removed = [name for name in before["tiles"] if name not in after["tiles"]]
    order = [tile for tile in move.get("order", []) if tile in removed]
    removed = order + [name for name in removed if name not in order]
    sentences = [_surround_sentence(name, before["tiles"][name], after, viewer) for name in removed]
    sentences += _credit_sentences(before, after, viewer)
    if after["over"] and not before["over"]:
        sentences.append(game_over([_name(winner, viewer) for winner in after["winners"]]))
    return sentences


def move_words(
    move: dict[str, Any], before: dict[str, Any], after: dict[str, Any], viewer: str | None
) -> str:
    """The whole move in words, without its player: "Places a boat on C3 … Surrounds …"."""
    return " ".join([sentence(move_action(move)), *move_consequences(move, before, after, viewer)])
