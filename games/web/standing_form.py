"""The game page's standing answers form: the questions a game asks off one's turn, the
answers offered and the rule each sets (``games.play.standing``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import Refused
from games.models import Game, Seat
from games.play.standing import standing_answers, standing_questions
from games.store.loading import engine_for, load_state

CHOICES: dict[str, tuple[tuple[str, Any], ...]] = {
    "mutiny": (
        ("always", gettext_lazy("always mutiny")),
        ("never", gettext_lazy("never mutiny")),
        ("wages", gettext_lazy("mutiny for wages of at least the ducats below")),
    ),
    "choose": (
        ("die", gettext_lazy("die")),
        ("empty", gettext_lazy("empty hand")),
        ("club", gettext_lazy("club")),
    ),
    "wish": (
        ("yes", gettext_lazy("turn the turntable")),
        ("no", gettext_lazy("leave the turntable")),
    ),
    "path": (("furthest", gettext_lazy("the path ending nearest the source")),),
    "pile": (
        ("board", gettext_lazy("pile into the boat on the weaker current")),
        ("stay", gettext_lazy("stay on the ford")),
    ),
    "deploy": (),
}
"""Each question's answers on the form: the value posted and its words (none: the answer is
a number typed in)."""
LABELS = {
    "mutiny": gettext_lazy("Mutiny against another captain's stack"),
    "deploy": gettext_lazy("Pirates on the left start (the others on the right start)"),
    "choose": gettext_lazy("Rowing test, as partner"),
    "path": gettext_lazy("Path when you row alone after a rowing test, as partner"),
    "wish": gettext_lazy("Wish after a departure, as partner"),
    "pile": gettext_lazy("Your pirate waiting at a ford, when a boat stops there"),
}


@dataclass(frozen=True)
class StandingField:
    """One question on the form, with the answer set now (``""``: none)."""

    question: str
    label: str
    choices: tuple[tuple[str, Any], ...]
    value: str


def _value(question: str, rule: dict[str, Any] | None) -> str:
    """The form's value for ``rule`` (``""``: no standing answer)."""
    if rule is None:
        return ""
    if question == "mutiny":
        return str(rule["mutiny"])
    if question == "choose":
        return str(rule["choice"])
    if question == "wish":
        return "yes" if rule["turn"] else "no"
    if question == "deploy":
        return str(rule["left"])
    return str(rule[question])


def form_rule(question: str, value: str, ducats: str) -> dict[str, Any] | None:
    """The rule the form's ``value`` (and ``ducats``) sets; ``None`` cancels."""
    if not value:
        return None
    if question == "mutiny":
        if value != "wages":
            return {"mutiny": value}
        try:
            return {"mutiny": "wages", "ducats": int(ducats)}
        except ValueError:
            raise Refused(_("Give the ducats as a whole number.")) from None
    if question == "deploy":
        try:
            return {"left": int(value)}
        except ValueError:
            raise Refused(_("Give the pirates on the left start as a whole number.")) from None
    if question == "choose":
        return {"choice": value}
    if question == "wish":
        return {"turn": value == "yes"}
    return {question: value}


def standing_context(game: Game, seat: Seat | None) -> dict[str, Any]:
    """The form's fields and the wages answer's ducats, for the seat's own page only; none
    for a spectator, a finished game or a game asking nothing off one's turn."""
    questions = standing_questions(game)
    if seat is None or not questions or game.status not in (Game.Status.ACTIVE, Game.Status.PAUSED):
        return {"standing_fields": []}
    answers = standing_answers(seat)
    engine, name = engine_for(game), seat.display_name
    # A question asked only as the game begins is on the form while it is still asked.
    if engine.standing is not None and (start := engine.standing.AT_THE_START):
        asked = engine.standing.question(engine.view(load_state(game), name), name)
        questions = tuple(q for q in questions if q not in start or q == asked)
    fields = [
        StandingField(q, str(LABELS[q]), CHOICES[q], _value(q, answers.get(q))) for q in questions
    ]
    return {
        "standing_fields": fields,
        "standing_ducats": answers.get("mutiny", {}).get("ducats", ""),
    }
