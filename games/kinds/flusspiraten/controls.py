"""Flußpiraten's legal moves as controls: pick a move by what it does, see it in words, confirm.

The selection lives in the page's query string (``?move=`` with the move's
notation), so every step is a plain link that works without JavaScript.
A path is chosen by where it ends: a short button, or a tap on that space of
the river (a :class:`~games.kinds.flusspiraten.river.Target`); where several
ways lead there (``?field=`` the space), they are listed in words next. A walk
onto a ford where another pirate waits comes in two parts: the path first,
then the bank space the waiting pirate goes to. Nothing here decides what is
legal: every option is one of the engine's ``legal_moves``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.base import IllegalMove, Move
from engine.flusspiraten.board import PIRATES
from games.kinds.base import TableView, query, sentence
from games.kinds.flusspiraten.describe import (
    action_words,
    choice_effect,
    choice_name,
    consequences,
    space_label,
    space_phrase,
)
from games.kinds.flusspiraten.river import Target
from games.kinds.flusspiraten.steps import step_prompt, step_title


@dataclass
class Option:
    """One move (``full``) or the first part of one, as a link to its confirmation."""

    notation: str
    label: str
    detail: str = ""
    full: bool = True
    short: str = ""
    """A compact group's visible label (``5`` for left bank 5); ``label`` is then read aloud."""
    end: str = ""
    """A path's end with several ways to it: the option lists those ways (``?field=O7``)."""
    current: bool = False
    """The destination chosen so far."""

    @property
    def query(self) -> str:
        """The query string that selects this option (``?move=walk+SL``, ``?field=O7``)."""
        return query(field=self.end) if self.end else query(move=self.notation)


@dataclass
class Group:
    """Options under one heading (``compact``: short labels in a row, such as bank numbers)."""

    title: str
    options: list[Option]
    compact: bool = False


@dataclass
class Controls:
    """What the seat asked can click now, given its selection so far."""

    kind: str
    title: str
    prompt: str
    groups: list[Group] = field(default_factory=list)
    part: str = ""
    """The first part of a move chosen so far (a path whose evicted pirate is still to place)."""
    move: Move | None = None
    notation: str = ""
    refusal: IllegalMove | None = None
    waiting: str = ""
    """The viewer's own sealed choice, while the other rower chooses."""
    targets: list[Target] = field(default_factory=list)
    """The spaces of the river a tap chooses (a path's end, a bank for the waiting pirate)."""


def _label(move: Move, view: dict[str, Any]) -> str:
    action = action_words(move, view, sealed=False)
    return action[:1].upper() + action[1:]


def _dice_detail(move: Move, view: dict[str, Any]) -> str:
    """What the dice of an announcement will do."""
    if move["type"] == "walk":
        return _("One die is rolled; the pirate walks that many spaces.")
    if move["type"] != "row":
        return ""
    boat = view["boats"][str(move["boat"])]
    if boat["at"].startswith("H"):
        return _("Both pirates roll; the highest odd roll takes the boat onto the river.")
    if len(boat["crew"]) == 1:
        return _("One die: an odd roll moves the boat forward, an even roll lets it drift back.")
    return _("Both rowers choose in secret: row, empty hand or club.")


def _after(table: TableView, move: Move) -> dict[str, Any] | None:
    """The viewer's view after a move that rolls no dice, or ``None`` (dice, a sealed choice)."""
    viewer = table.viewer
    if viewer is None or move["type"] == "choose" or table.engine.rolls_needed(table.state, move):
        return None
    return table.engine.view(table.engine.apply(table.state, viewer, move), viewer)


def _option(table: TableView, view: dict[str, Any], move: Move) -> Option:
    notation = table.engine.format_move(move)
    if move["type"] == "choose":
        return Option(notation, choice_name(move["choice"]), choice_effect(move["choice"]))
    if move["type"] == "deploy":
        left = move["left"]
        label = _("%(left)s left, %(right)s right") % {"left": left, "right": PIRATES - left}
        return Option(notation, label)
    after = _after(table, move)
    detail = (
        _dice_detail(move, view) if after is None else " ".join(consequences(move, view, after))
    )
    return Option(notation, _label(move, view), detail)


def _ways(table: TableView, view: dict[str, Any], legal: list[Move]) -> dict[str, list[Option]]:
    """The paths by where they end; a walk that evicts a waiting pirate offered once (its bank
    comes next); a way that shares its end with others is named by the spaces it passes."""
    ways: dict[str, list[Option]] = {}
    ends = Counter(move["steps"][-1] for move in legal)
    seen: set[tuple[str, ...]] = set()
    for move in legal:
        steps = tuple(move["steps"])
        if "evict" in move:
            if steps not in seen:
                seen.add(steps)
                part = {"type": "path", "steps": list(steps)}
                label = _("Walks to ford %(number)s, where the waiting pirate must make way") % {
                    "number": steps[-1][1:]
                }
                ways.setdefault(steps[-1], []).append(
                    Option(table.engine.format_move(part), label, full=False)
                )
            continue
        option = _option(table, view, move)
        if ends[steps[-1]] > 1 and len(steps) > 1 and "turn" not in move:
            via = ", ".join(space_label(space) for space in steps[:-1])
            option.label = _("Via %(spaces)s") % {"spaces": via}
        ways.setdefault(steps[-1], []).append(option)
    return ways


def _on_river(view: dict[str, Any], end: str) -> str:
    """The space of the river drawing where a path ending at ``end`` ends (a boat's berth)."""
    return view["boats"][end[5:]]["at"] if end.startswith("boat ") else end


def _destination(table: TableView, view: dict[str, Any], end: str, ways: list[Option]) -> Option:
    """One button for a path's end: its move, or the list of the ways that lead there."""
    if len(ways) == 1:
        (option,) = ways
        return Option(option.notation, option.label, full=option.full, short=space_label(end))
    move = {"type": "path", "steps": table.engine.parse_move(ways[0].notation)["steps"]}
    count = {"action": _label(move, view), "count": len(ways)}
    label = ngettext("%(action)s: %(count)s way", "%(action)s: %(count)s ways", len(ways)) % count
    return Option("", label, full=False, short=space_label(end), end=end)


def _paths(
    table: TableView, view: dict[str, Any], legal: list[Move], chosen: str
) -> tuple[list[Group], list[Target]]:
    """The ends of the paths as short buttons and river targets; the ways to ``chosen`` when
    several lead there."""
    ways = _ways(table, view, legal)
    ends = [_destination(table, view, end, options) for end, options in ways.items()]
    for end, option in zip(ways, ends, strict=True):
        option.current = end == chosen
    targets = [
        Target(_on_river(view, end), option.query, option.label, option.current)
        for end, option in zip(ways, ends, strict=True)
    ]
    groups = [Group(_("Where to?"), ends, compact=True)]
    if len(ways.get(chosen, [])) > 1:
        groups.append(Group(_("Which way?"), ways[chosen]))
    return groups, targets


def _evictions(
    table: TableView, view: dict[str, Any], part: Move, legal: list[Move]
) -> list[Group]:
    """The bank spaces the pirate waiting on the ford may be sent to ([F16])."""
    by_side: dict[str, list[Option]] = {"L": [], "R": []}
    for move in legal:
        if move["type"] == "path" and move["steps"] == part["steps"] and "evict" in move:
            space = move["evict"]
            by_side[space[0]].append(
                Option(
                    table.engine.format_move(move),
                    _("The waiting pirate goes to %(space)s")
                    % {"space": space_phrase(space, "to")},
                    short=space[1:],
                )
            )
    for options in by_side.values():
        options.sort(key=lambda option: int(option.short))
    return [
        Group(_("Left bank"), by_side["L"], compact=True),
        Group(_("Right bank"), by_side["R"], compact=True),
    ]


def _groups(table: TableView, view: dict[str, Any], legal: list[Move]) -> list[Group]:
    kind = view["step"]["kind"]
    if kind == "announce":
        titles = {"walk": _("Walk"), "row": _("Row"), "pass": _("Pass")}
        groups = [
            Group(title, [_option(table, view, move) for move in legal if move["type"] == typ])
            for typ, title in titles.items()
        ]
        return [group for group in groups if group.options]
    if kind == "choose":
        legal = sorted(legal, key=lambda move: ("die", "empty", "club").index(move["choice"]))
    return [Group("", [_option(table, view, move) for move in legal])]


def _waiting(view: dict[str, Any], viewer: str) -> Controls | None:
    """The rower who has chosen: his own choice, and that the other rower still chooses."""
    step = view["step"] or {}
    if step.get("kind") != "choose" or viewer not in step["chosen"]:
        return None
    return Controls(
        kind="choose",
        title=step_title("choose"),
        prompt=_("You have chosen. Waiting for the other rower."),
        waiting=choice_name(step["choices"][viewer]),
    )


def controls_for(table: TableView, selection: dict[str, str]) -> Controls | None:
    """The controls of the table's viewer for his legal moves and his ``selection``."""
    viewer = table.viewer
    if viewer is None:
        return None
    view = table.engine.view(table.state, viewer)
    if not table.legal:
        return _waiting(view, viewer)
    kind = view["step"]["kind"]
    latest = table.last_move() if kind == "path" else None
    controls = Controls(
        kind=kind,
        title=step_title(kind),
        prompt=step_prompt(view, viewer, latest.move if latest else None),
    )
    text = selection.get("move", "")
    move = None
    if text:
        controls.notation = text
        try:
            move = table.engine.parse_move(text)
        except IllegalMove as error:
            controls.refusal = error
    if kind == "path":
        end = move["steps"][-1] if move and move.get("steps") else selection.get("field", "")
        controls.groups, controls.targets = _paths(table, view, table.legal, end)
    else:
        controls.groups = _groups(table, view, table.legal)
    if move is None:
        return controls
    if move in table.legal:
        controls.move = move
        controls.notation = table.engine.format_move(move)
    elif move["type"] == "path" and "evict" not in move:
        groups = _evictions(table, view, move, table.legal)
        if any(group.options for group in groups):
            controls.part = table.engine.format_move(move)
            controls.prompt = sentence(_label(move, view))
            controls.groups = groups
            controls.targets = [
                Target(option.notation.split()[-1], option.query, option.label)
                for group in groups
                for option in group.options
            ]
    return controls


def confirmation(table: TableView, controls: Controls) -> str:
    """What the selected move does, in words; a choice and a roll only as what they will do."""
    move = controls.move
    if move is None or table.viewer is None:
        return ""
    view = table.engine.view(table.state, table.viewer)
    if move["type"] == "choose":
        words = _("Your choice: %(choice)s.") % {"choice": choice_name(move["choice"])}
        settled = _(
            "The other rower has chosen: the test is settled as soon as you confirm, and"
            " both choices are shown."
        )
        secret = _("It stays secret until the other rower has chosen.")
        return words + " " + (settled if view["step"]["chosen"] else secret)
    after = _after(table, move)
    words = sentence(_label(move, view))
    if after is None:
        detail = _dice_detail(move, view)
        return " ".join([words, detail, _("The server rolls the dice when you confirm.")])
    return " ".join([words, *consequences(move, view, after)])
