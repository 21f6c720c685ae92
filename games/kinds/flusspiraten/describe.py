"""Flußpiraten moves in words, in the active language: what a move does, and what it did.

A description reads two views, before and after the move (everything is
public but a rowing-test choice, [F5]), so it can only say what every reader
may know. A choice is named only when the caller says it is no longer
sealed: :func:`move_action`, which lists call with the bare move, never
names one. Dice are named as rolls ("rolled 3 and 5").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

from engine.base import Move
from engine.flusspiraten.board import PIRATES, SOURCE
from games.kinds.base import game_over, sentence

SPACE_NAMES = {
    SOURCE: gettext_noop("source"),
    "SL": gettext_noop("left start"),
    "SR": gettext_noop("right start"),
    "XL": gettext_noop("left red space"),
    "XR": gettext_noop("right red space"),
    "boat": gettext_noop("boat %(number)s"),
    "L": gettext_noop("left bank %(number)s"),
    "R": gettext_noop("right bank %(number)s"),
    "I": gettext_noop("inner lane %(number)s"),
    "O": gettext_noop("outer lane %(number)s"),
    "F": gettext_noop("ford %(number)s"),
    "H": gettext_noop("berth %(number)s"),
}
"""A space's name (untranslated) by the space, or by its kind for a numbered one."""
SPACE_ROLES = ("from", "on", "to")
"""What a sentence does with a space: leaves it, is on it, goes to it."""


def _space_name(name: str) -> tuple[str, dict[str, str]]:
    if name.startswith("boat "):
        return SPACE_NAMES["boat"], {"number": name[5:]}
    if name in SPACE_NAMES:
        return SPACE_NAMES[name], {}
    return SPACE_NAMES[name[0]], {"number": name[1:]}


def space_label(name: str) -> str:
    """A space as a player reads it: ``left bank 5``, ``inner lane 4``, ``berth 2``."""
    msgid, values = _space_name(name)
    return _(msgid) % values


def space_phrase(name: str, role: str) -> str:
    """A space as a sentence names it when it leaves it, is on it or goes to it (``role``).

    Where a language's article and preposition depend on the space, its catalogue
    translates the name in the context ``space <role>`` with both ("vom roten Feld
    links", "zur Innenbahn 4") and its sentences leave the preposition out; other
    languages say the plain label, their sentences holding the preposition.
    """
    assert role in SPACE_ROLES, role
    msgid, values = _space_name(name)
    phrase = pgettext(f"space {role}", msgid)
    return (_(msgid) if phrase == msgid else phrase) % values


def choice_name(choice: str) -> str:
    """A rowing-test choice by what the pirate does: "Row (die)", "Empty hand", "Club"."""
    return {"die": _("Row (die)"), "empty": _("Empty hand"), "club": _("Club")}[choice]


def choice_effect(choice: str) -> str:
    """What a rowing-test choice does against each answer of the other rower (§4's table)."""
    return {
        "die": _(
            "You reach for the oar. If the other rows too, both roll and the highest odd roll"
            " moves the boat. An empty hand throws you overboard; a club goes overboard itself"
            " and you roll alone."
        ),
        "empty": _(
            "You grab the other pirate. If he reaches for the oar, you throw him overboard;"
            " two empty hands get nowhere; a club knocks you overboard. Each time the boat"
            " drifts back."
        ),
        "club": _(
            "You swing the club. An empty hand goes overboard; a rower tips you overboard and"
            " rolls alone; two clubs capsize the boat, both go overboard and it returns to the"
            " harbour."
        ),
    }[choice]


def _chose(choice: str) -> str:
    return {
        "die": _("chooses to row (die)"),
        "empty": _("chooses the empty hand"),
        "club": _("chooses the club"),
    }[choice]


def _had_chosen(player: str, choice: str) -> str:
    return {
        "die": _("%(player)s had chosen to row (die)"),
        "empty": _("%(player)s had chosen the empty hand"),
        "club": _("%(player)s had chosen the club"),
    }[choice] % {"player": player}


def _second_choice(move: Move, before: dict[str, Any]) -> str:
    """The choice that settles a rowing test, with the first one it answers where ``before``
    shows it (both are public once made, [F5]): "chooses the club; Hana had chosen to row"."""
    step = before["step"]
    first = step["chosen"][0]
    if first not in step["choices"]:
        return _chose(move["choice"])
    return _("%(choice)s; %(earlier)s") % {
        "choice": _chose(move["choice"]),
        "earlier": _had_chosen(first, step["choices"][first]),
    }


def _both_rolled(helmsman: str, partner: str, roll: list[int]) -> str:
    return _("Both row: %(helmsman)s rolled %(first)s, %(partner)s rolled %(second)s.") % {
        "helmsman": helmsman,
        "partner": partner,
        "first": roll[0],
        "second": roll[1],
    }


def _rowers_roll(move: Move, before: dict[str, Any]) -> str | None:
    """Who rolled what where the dice are not all the mover's own, or ``None``.

    Two dice are the two rowers' own, helmsman's first: a harbour departure's
    or a rowing test's with two oars. A rowing test's single die is the roll of
    the rower who chose the oar against a club ([F18]).
    """
    roll = move.get("roll") or []
    if move["type"] == "row" and len(roll) == 2:
        helmsman = before["to_move"][0]
        crew = before["boats"][str(move["boat"])]["crew"]
        return _both_rolled(helmsman, next(name for name in crew if name != helmsman), roll)
    if move["type"] != "choose" or not roll:
        return None
    step = before["step"]
    if len(roll) == 2:
        return _both_rolled(step["helmsman"], step["partner"], roll)
    (first,) = step["chosen"]
    chooser = step["partner"] if first == step["helmsman"] else step["helmsman"]
    rower = chooser if move["choice"] == "die" else first
    return _("%(player)s rows alone: rolled %(dice)s.") % {"player": rower, "dice": roll[0]}


def dice_text(roll: list[int]) -> str:
    """The dice of a roll: ``4``, ``3 and 5``."""
    if len(roll) == 1:
        return str(roll[0])
    return _("%(first)s and %(second)s") % {
        "first": ", ".join(map(str, roll[:-1])),
        "second": roll[-1],
    }


def _walk_path_action(move: Move) -> str:
    steps = list(move["steps"])
    last = steps[-1]
    if "evict" in move:
        return _("walks to ford %(number)s and sends the pirate waiting there to %(space)s") % {
            "number": last[1:],
            "space": space_phrase(move["evict"], "to"),
        }
    if last.startswith("boat "):
        before = steps[-2] if len(steps) > 1 else ""
        if before.startswith("F"):
            return _("walks to ford %(number)s and piles into boat %(boat)s") % {
                "number": before[1:],
                "boat": last[5:],
            }
        return _("walks into boat %(boat)s in the harbour") % {"boat": last[5:]}
    return _("walks to %(space)s") % {"space": space_phrase(last, "to")}


def _boat_path_action(move: Move, boat: int | None) -> str:
    last = move["steps"][-1]
    if boat is None:
        action = (
            _("rows into the source")
            if last == SOURCE
            else _("rows to %(space)s") % {"space": space_phrase(last, "to")}
        )
    elif last == SOURCE:
        action = _("rows boat %(boat)s into the source") % {"boat": boat}
    else:
        action = _("rows boat %(boat)s to %(space)s") % {
            "boat": boat,
            "space": space_phrase(last, "to"),
        }
    if "turn" not in move:
        return action
    if move["turn"]:
        return _("%(action)s and wishes the turntable to turn") % {"action": action}
    return _("%(action)s without wishing the turntable to turn") % {"action": action}


def _is_walk_path(move: Move) -> bool:
    steps = move["steps"]
    return steps[0][0] in "SXLRF" or steps[-1].startswith("boat ")


def _row_action(move: Move, before: dict[str, Any] | None) -> str:
    boat = move["boat"]
    if before is None:
        return _("rows boat %(boat)s") % {"boat": boat}
    where = before["boats"][str(boat)]
    if where["at"].startswith("H"):
        return _("rows boat %(boat)s out of the harbour") % {"boat": boat}
    crew = where["crew"]
    if len(crew) == 1:
        return _("rows boat %(boat)s alone") % {"boat": boat}
    partner = crew[0] if crew[1] == before["to_move"][0] else crew[1]
    return _("rows boat %(boat)s with %(partner)s: a rowing test") % {
        "boat": boat,
        "partner": partner,
    }


def action_words(move: Move, before: dict[str, Any] | None = None, *, sealed: bool = True) -> str:
    """What the move itself does, without its roll or consequences ("walks to left bank 5").

    ``before`` (the view the move was made in) names the boat of a path and
    tells a harbour departure from a lone row; a choice is named only when
    ``sealed`` is false.
    """
    kind = move["type"]
    if kind == "deploy":
        return _("splits the pirates: %(left)s on the left start, %(right)s on the right start") % {
            "left": move["left"],
            "right": PIRATES - move["left"],
        }
    if kind == "walk":
        return _("walks a pirate from %(space)s") % {"space": space_phrase(move["from"], "from")}
    if kind == "row":
        return _row_action(move, before)
    if kind == "pass":
        return _("passes: no walk and no row is possible")
    if kind == "choose":
        if sealed:
            return _("chooses in secret in the rowing test")
        if before is not None and before["step"]["chosen"]:
            return _second_choice(move, before)
        return _chose(move["choice"])
    if kind == "path":
        if _is_walk_path(move):
            return _walk_path_action(move)
        step = (before or {}).get("step") or {}
        return _boat_path_action(move, step.get("boat"))
    if kind == "wish":
        return (
            _("agrees: the turntable turns") if move["turn"] else _("refuses: the turntable stays")
        )
    if kind == "pile":
        return _("piles into boat %(boat)s from the ford") % {"boat": move["boat"]}
    return _("stays on the ford")


def with_roll(action: str, move: Move) -> str:
    """``action`` followed by the move's roll, if it carries one: "…: rolled 5".

    Two dice are two rowers' and a rowing test's die may be the other rower's
    ([F18]): such a roll is said without a roller ("…; the dice show 3 and 5").
    """
    roll = move.get("roll")
    if not roll:
        return action
    values = {"action": action, "dice": dice_text(roll)}
    if move["type"] == "choose" or len(roll) == 2:
        return _("%(action)s; the dice show %(dice)s") % values
    return _("%(action)s: rolled %(dice)s") % values


def move_action(move: Move) -> str:
    """A move in a few words with its roll, for lists and emails; a choice stays unsaid ([F5]).

    Lists such as the dashboard's last move cannot tell a sealed choice from
    an answered one, so they never say which choice was made.
    """
    return with_roll(action_words(move), move)


def _place(at: str) -> tuple[int, int]:
    """A boat's place as (position upriver, lane) — a berth is position 0."""
    if at.startswith("H"):
        return 0, 0
    return int(at[1:]), "IO".index(at[0])


def _boat_sentences(move: Move, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    said = None
    if move["type"] == "path" and not _is_walk_path(move):
        said = str((before["step"] or {}).get("boat"))
    sentences = []
    for number, boat in after["boats"].items():
        old, new = before["boats"][number]["at"], boat["at"]
        crew = before["boats"][number]["crew"]
        if old == new or (number == said and move["steps"][-1] in (new, SOURCE)):
            continue
        values = {"boat": number, "from": space_phrase(old, "from"), "to": space_phrase(new, "to")}
        if not new.startswith("H"):
            if old.startswith("H"):
                sentences.append(_("Boat %(boat)s leaves the harbour for %(to)s.") % values)
            elif _place(new) > _place(old):
                sentences.append(_("Boat %(boat)s moves from %(from)s to %(to)s.") % values)
            else:
                sentences.append(_("Boat %(boat)s drifts back from %(from)s to %(to)s.") % values)
        elif old.startswith("H"):
            continue
        elif any(
            after["players"][name]["finished"] > before["players"][name]["finished"]
            for name in crew
        ):
            values["crew"] = ", ".join(crew)
            sentences.append(
                _("Boat %(boat)s reaches the source with %(crew)s and returns to the harbour.")
                % values
            )
        elif boat["crew"]:
            values["berth"] = new[1:]
            sentences.append(
                _("Boat %(boat)s drifts back into the harbour (berth %(berth)s).") % values
            )
        else:
            sentences.append(_("Boat %(boat)s capsizes and returns to the harbour.") % values)
    return sentences


def _on_foot(player: dict[str, Any]) -> Counter[str]:
    spaces = Counter(player["banks"] + player["fords"])
    spaces.update({"SL": player["SL"], "SR": player["SR"]})
    return +spaces


def _crewed(view: dict[str, Any], name: str) -> set[str]:
    return {number for number, boat in view["boats"].items() if name in boat["crew"]}


def _said(move: Move, before: dict[str, Any]) -> tuple[str | None, list[str], list[str], list[str]]:
    """The pirate the move's own words move: its player, and where it left, reached, boarded."""
    step = before["step"] or {}
    if move["type"] == "pile":
        return step["player"], [step["ford"]], [], [str(move["boat"])]
    if move["type"] != "path" or not _is_walk_path(move):
        return None, [], [], []
    last = move["steps"][-1]
    if last.startswith("boat "):
        return step["player"], [step["from"]], [], [last[5:]]
    return step["player"], [step["from"]], [last], []


def _unsaid(seen: list[str], said: list[str]) -> list[str]:
    """The changes ``seen`` between the views that the move's words do not already say.

    Each item said takes away at most one seen, and only one that is there:
    the view after may not show the move (a page says its last move against
    the position it read, which is older than the move when the move was
    stored just after the read or taken back), and then the words say what
    the views cannot.
    """
    return sorted((Counter(seen) - Counter(said)).elements())


def _pirate_sentences(move: Move, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Pirates that walked, went overboard or boarded, besides the one the move's words move."""
    if "evict" in move:
        return []
    mover, *said = _said(move, before)
    sentences = []
    for name in after["players"]:
        old, new = _on_foot(before["players"][name]), _on_foot(after["players"][name])
        changes = [
            sorted((old - new).elements()),
            sorted((new - old).elements()),
            sorted(_crewed(after, name) - _crewed(before, name)),
        ]
        if name == mover:
            changes = [_unsaid(seen, known) for seen, known in zip(changes, said, strict=True)]
        left, reached, boarded = changes
        values: dict[str, Any] = {"player": name}
        for number in sorted(_crewed(before, name) - _crewed(after, name)):
            if reached:
                values.update(boat=number, space=space_phrase(reached.pop(0), "on"))
                sentences.append(
                    _("%(player)s: a pirate goes overboard from boat %(boat)s onto %(space)s.")
                    % values
                )
        for number in boarded:
            if left:
                values.update(boat=number, space=space_phrase(left.pop(0), "from"))
                sentences.append(
                    _("%(player)s: a pirate boards boat %(boat)s from %(space)s.") % values
                )
        for start, end in zip(left, reached, strict=False):
            values.update({"from": space_phrase(start, "from"), "to": space_phrase(end, "to")})
            sentences.append(_("%(player)s: a pirate goes from %(from)s to %(to)s.") % values)
    return sentences


def _rowed_in_place(move: Move, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """A rowed boat that did not move (no odd roll, nowhere to drift) or that waits for a path."""
    step = after["step"] or {}
    if step.get("kind") == "path":
        points = step["points"]
        text = ngettext(
            "The path of %(points)s point is chosen next.",
            "The path of %(points)s points is chosen next.",
            points,
        )
        return [text % {"points": points}]
    if not move.get("roll") or move["type"] not in ("row", "choose"):
        return []
    number = str(move["boat"] if move["type"] == "row" else before["step"]["boat"])
    if after["boats"][number] != before["boats"][number]:
        return []
    return [_("Boat %(boat)s stays where it is.") % {"boat": number}]


def _end_sentences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    sentences = []
    for name, player in after["players"].items():
        points = player["score"] - before["players"][name]["score"]
        if points:
            text = ngettext(
                "%(player)s scores %(points)s point and now has %(score)s.",
                "%(player)s scores %(points)s points and now has %(score)s.",
                points,
            )
            sentences.append(text % {"player": name, "points": points, "score": player["score"]})
    if after["turntable"] != before["turntable"]:
        sentences.append(_("The turntable turns to %(value)s.") % {"value": after["turntable"]})
    if after["over"] and not before["over"]:
        sentences.append(game_over(after["winners"]))
    return sentences


def consequences(move: Move, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Sentences for what changed on the river besides what the move's words say.

    None when the views are alike: every move changes the view (its step, who
    is to move or what is chosen), so the view after does not show this move
    (a page's last move stored after the page read its position, or taken
    back), and nothing the move did can be told from it.
    """
    if after == before:
        return []
    return [
        *_pirate_sentences(move, before, after),
        *_rowed_in_place(move, before, after),
        *_boat_sentences(move, before, after),
        *_end_sentences(before, after),
    ]


def move_words(move: Move, before: dict[str, Any], after: dict[str, Any], *, sealed: bool) -> str:
    """The whole move in words, without its player: "Rows boat 3: rolled 5. Boat 2 moves …".

    The choice that settles a rowing test names the first one it answers (where
    ``before`` shows it); dice that are not all the mover's own are each given to
    their roller.
    """
    action = action_words(move, before, sealed=sealed)
    rolled = None if sealed else _rowers_roll(move, before)
    said = [sentence(action), rolled] if rolled else [sentence(with_roll(action, move))]
    return " ".join([*said, *consequences(move, before, after)])
