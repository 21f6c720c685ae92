"""What the game waits for, in words: the step line of the banner and emails, and the prompts.

Each step of a turn (deploy, announce, rowing test, path, turntable wish,
pile-in) has a line for every reader ("Birgit chooses the path of boat 3
(5 points).") and, for the player asked, a title and a prompt that say what
to decide, with the roll that led to it. Who has chosen in a rowing test is
public; what he chose is not ([F5]) and is never read here.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine.base import Move
from games.kinds.flusspiraten.describe import dice_text, space_phrase


def _boats(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def step_line(step: dict[str, Any] | None, viewer: str | None) -> str:
    """The pending step in one sentence, said to ``viewer`` when it is his to answer."""
    if step is None:
        return _("The game is over.")
    kind = step["kind"]
    if kind == "deploy":
        return _("Every player splits five pirates between the two start spaces.")
    if kind == "announce":
        if step["turn"] == viewer:
            return _("Announce a walk or a row.")
        return _("%(player)s announces a walk or a row.") % {"player": step["turn"]}
    if kind == "choose":
        line = _("Rowing test in boat %(boat)s between %(helmsman)s and %(partner)s.") % step
        for name in step["chosen"]:
            line += " " + _("%(name)s has chosen.") % {"name": name}
        return line
    if kind == "path":
        return _path_line(step, viewer)
    if kind == "wish":
        if step["player"] == viewer:
            return _("Say whether the turntable turns.")
        return _("%(player)s says whether the turntable turns.") % step
    values = {"player": step["player"], "number": step["ford"][1:], "boats": _boats(step["boats"])}
    if step["player"] == viewer:
        return _("Your pirate on ford %(number)s may pile into boat %(boats)s.") % values
    return _("%(player)s may pile into boat %(boats)s at ford %(number)s.") % values


def _path_line(step: dict[str, Any], viewer: str | None) -> str:
    points = step["points"]
    values = {"player": step["player"], "points": points, "boat": step["boat"]}
    if step["player"] == viewer and step["boat"] is None:
        text = ngettext(
            "Choose where your pirate walks: %(points)s space.",
            "Choose where your pirate walks: %(points)s spaces.",
            points,
        )
    elif step["player"] == viewer:
        text = ngettext(
            "Choose the path of boat %(boat)s: %(points)s point.",
            "Choose the path of boat %(boat)s: %(points)s points.",
            points,
        )
    elif step["boat"] is None:
        values["space"] = space_phrase(step["from"], "from")
        text = ngettext(
            "%(player)s chooses where the pirate from %(space)s walks (%(points)s space).",
            "%(player)s chooses where the pirate from %(space)s walks (%(points)s spaces).",
            points,
        )
    else:
        text = ngettext(
            "%(player)s chooses the path of boat %(boat)s (%(points)s point).",
            "%(player)s chooses the path of boat %(boat)s (%(points)s points).",
            points,
        )
    return text % values


def step_title(kind: str) -> str:
    """The heading of the controls for a step."""
    return {
        "deploy": _("Split your pirates"),
        "announce": _("Announce your move"),
        "choose": _("Rowing test: choose in secret"),
        "path": _("Choose the path"),
        "wish": _("The turntable"),
        "pile": _("Pile into a boat?"),
    }[kind]


def step_prompt(view: dict[str, Any], viewer: str, latest: Move | None) -> str:
    """What the step asks of ``viewer``; a path says the roll of ``latest``, the move before it."""
    step = view["step"]
    kind = step["kind"]
    if kind == "deploy":
        return _(
            "Put your five pirates on the two start spaces: how many on the left start? The"
            " others go on the right start."
        )
    if kind == "announce":
        return _(
            "Walk one pirate or row a boat one of your pirates sits in. The dice are rolled"
            " after you confirm."
        )
    if kind == "choose":
        other = step["partner"] if step["helmsman"] == viewer else step["helmsman"]
        return _(
            "You and %(other)s sit in boat %(boat)s. Each chooses in secret; nothing is shown"
            " until both have chosen."
        ) % {"other": other, "boat": step["boat"]}
    if kind == "path":
        return _path_prompt(view, latest)
    if kind == "wish":
        value = view["turntable"]
        return _(
            "Boat %(boat)s left the harbour and %(helmsman)s wishes the turntable to turn (from"
            " %(value)s to %(next)s). Do you agree?"
        ) % {
            "boat": step["boat"],
            "helmsman": step["turn"],
            "value": value,
            "next": (value + 1) % 8,
        }
    return _(
        "Your pirate waits on ford %(number)s and boat %(boats)s ended its move there with a free"
        " seat."
    ) % {"number": step["ford"][1:], "boats": _boats(step["boats"])}


def _path_prompt(view: dict[str, Any], latest: Move | None) -> str:
    step = view["step"]
    roll = (latest or {}).get("roll") or [step["points"]]
    values = {"dice": dice_text(roll), "points": step["points"], "boat": step["boat"]}
    if step["boat"] is None:
        values["space"] = space_phrase(step["from"], "on")
        text = ngettext(
            "Rolled %(dice)s: your pirate on %(space)s walks %(points)s space.",
            "Rolled %(dice)s: your pirate on %(space)s walks %(points)s spaces.",
            step["points"],
        )
        return text % values
    if view["boats"][str(step["boat"])]["at"].startswith("H"):
        return (
            _(
                "Rolled %(dice)s: boat %(boat)s leaves the harbour with the highest odd roll,"
                " %(points)s. Choose its lane and whether you wish the turntable to turn."
            )
            % values
        )
    text = ngettext(
        "Rolled %(dice)s: boat %(boat)s moves %(points)s point. Choose its path.",
        "Rolled %(dice)s: boat %(boat)s moves %(points)s points. Choose its path; every point"
        " must be used if it can be.",
        step["points"],
    )
    return text % values
