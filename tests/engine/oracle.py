"""An independent model of what one Freibeuter move does, for the property tests.

:func:`expect` takes the public summary before a move and returns the summary
the rules (``docs/rules/freibeuter.md`` §3–§8) say must follow, worked out from the
rules text alone: which tiles the move surrounds, in which order they resolve,
who pays whom, who borrows, which deck is drawn from and whether the game
ends. Only the identity of a drawn card is left open; the caller checks it.
It shares no code with the engine beyond reading its summaries.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from positions import capacity, field_tiles, tile_fields

Summary = dict[str, Any]

SEA_CARDS = 74
DUTCHMAN_CARDS = 14
BOATS = 25
LAIRS = 4


def surrounds(before: Summary, move: dict[str, Any]) -> list[str]:
    """The tiles ``move`` surrounds, in row-major order (§4)."""
    fields = before["board"]["fields"]
    if move["type"] == "board":
        return []
    if move["type"] == "place":
        field = move["card"]
        if field in fields or not move["boat"]:
            return []
    else:
        field = move["field"]
    tiles = before["board"]["tiles"]
    return [
        tile
        for tile in field_tiles(field)
        if tile in tiles and all(f == field or f in fields for f in tile_fields(tile))
    ]


def _ship(token: str) -> tuple[int, int]:
    value, payout = token.split("/")
    return int(value), int(payout)


def scores(summary: Summary) -> dict[str, int]:
    """§8: chests + ship values (doubled where their double is set aside) − 2 × credit."""
    doubled = {int(token.split(":")[1]) for token in summary["set_aside"]["doubles"]}
    result = {}
    for name, p in summary["players"].items():
        ships = sum(_ship(s)[0] * (2 if _ship(s)[0] in doubled else 1) for s in p["ships"])
        result[name] = p["chests"] + ships - 2 * p["credit"]
    return result


def _resolve(expected: Summary, tile: str) -> int:
    """Carry out a surround (§5–§6); return the chests that came from the bank as rewards."""
    players = expected["players"]
    token = expected["board"]["tiles"][tile]["tile"]
    owner = expected["board"]["tiles"][tile]["boarded_by"]
    del expected["board"]["tiles"][tile]
    around = [p for f in tile_fields(tile) for p in expected["board"]["fields"].get(f, [])]
    if token == "lair":
        expected["set_aside"]["lairs"] += 1
        for name in around:
            players[name]["chests"] += 2
        return 2 * len(around)
    if token.startswith("x2:"):
        expected["set_aside"]["doubles"].append(token)
    elif owner is not None:
        payout = _ship(token)[1]
        helpers = [name for name in around if name != owner]
        payer = players[owner]
        payer["supply"] += 1
        owed = payout * len(helpers)
        if owed > payer["chests"]:
            if payer["credit"] == 0:
                payer["supply"] -= 1
            payer["credit"] += owed - payer["chests"]
            payer["chests"] = owed
        payer["chests"] -= owed
        for name in helpers:
            players[name]["chests"] += payout
        payer["ships"].append(token)
    return 0


def expect(before: Summary, move: dict[str, Any]) -> tuple[Summary, int]:
    """The summary after the player to move makes the legal ``move``, and the chests the
    bank handed out (2 per chests option, 2 per boat around a lair; credit not counted)."""
    expected = json.loads(json.dumps(before))
    names = list(expected["players"])
    mover = expected["to_move"]
    me = expected["players"][mover]
    fields = expected["board"]["fields"]
    handed_out = 0
    if move["type"] == "board":
        expected["board"]["tiles"][move["tile"]]["boarded_by"] = mover
        me["supply"] -= 1
    else:
        kind = "sea" if move["type"] == "place" else "dutchman"
        me["hand"].remove(move["card"])
        me["hand_size"][kind] -= 1
        expected["discards"][kind] += 1
        surrounded = surrounds(before, move)
        if move["type"] == "place" and move["boat"]:
            fields.setdefault(move["card"], []).append(mover)
            me["supply"] -= 1
        elif move["type"] == "place":
            me["chests"] += 2
            handed_out += 2
        order = move.get("order", surrounded)
        for tile in order:
            handed_out += _resolve(expected, tile)
        last_lair = expected["set_aside"]["lairs"] == LAIRS and any(
            before["board"]["tiles"][t]["tile"] == "lair" for t in order
        )
        if last_lair:
            expected["end_reason"] = "last_lair"
        elif move["draw"] == "sea" and expected["decks"]["sea"] == 0:
            expected["end_reason"] = "sea_deck_empty"
        else:
            expected["decks"][move["draw"]] -= 1
            me["hand_size"][move["draw"]] += 1
    if expected["end_reason"] is None:
        following = names[(names.index(mover) + 1) % len(names)]
        expected["to_move"] = following
        if expected["players"][following]["supply"] == 0:
            expected["end_reason"] = "no_boats"
    expected["over"] = expected["end_reason"] is not None
    expected["moves"] += 1
    for p in expected["players"].values():
        p["ships"].sort(key=json.dumps)
    expected["set_aside"]["doubles"].sort(key=json.dumps)
    expected["scores"] = scores(expected)
    if expected["over"]:
        expected["to_move"] = None
        best = max(expected["scores"].values())
        expected["winners"] = [n for n in names if expected["scores"][n] == best]
    return expected, handed_out


def assert_follows(after: Summary, expected: Summary) -> None:
    """Check the engine's summary against :func:`expect`'s; a drawn card may be any card."""
    for name, p in after["players"].items():
        want = expected["players"][name]
        assert {k: v for k, v in p.items() if k != "hand"} == {
            k: v for k, v in want.items() if k != "hand"
        }, name
        assert not Counter(want["hand"]) - Counter(p["hand"]), name
        assert len(p["hand"]) == sum(want["hand_size"].values()), name
    assert {k: v for k, v in after.items() if k != "players"} == {
        k: v for k, v in expected.items() if k != "players"
    }


def check_invariants(summary: Summary) -> None:
    """What holds after every move of every game (§1, §3b, §6)."""
    boats: Counter[str] = Counter()
    for field, owners in summary["board"]["fields"].items():
        assert 1 <= len(owners) <= capacity(field), field
        boats.update(owners)
    for tile in summary["board"]["tiles"].values():
        if tile["boarded_by"] is not None:
            boats[tile["boarded_by"]] += 1
    for name, p in summary["players"].items():
        marker = 1 if p["credit"] > 0 else 0
        assert p["supply"] + boats[name] + marker == BOATS, name
        assert p["chests"] >= 0 and p["credit"] >= 0 and p["supply"] >= 0
    sea = sum(p["hand_size"]["sea"] for p in summary["players"].values())
    dutchman = sum(p["hand_size"]["dutchman"] for p in summary["players"].values())
    assert sea + summary["decks"]["sea"] + summary["discards"]["sea"] == SEA_CARDS
    assert dutchman + summary["decks"]["dutchman"] + summary["discards"]["dutchman"] == (
        DUTCHMAN_CARDS
    )
    assert summary["scores"] == scores(summary)
