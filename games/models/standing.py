"""A seat's standing orders: the questions its player answered in advance
(``games.play.standing``) and the moves he queued for his next turn (``games.play.queued``)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from games.models.core import Seat


class StandingAnswers(models.Model):
    """The standing orders of one seat, seen by its player only until one fires.

    ``answers`` maps each question the seat's game may ask off its turn (the engine's
    ``standing.QUESTIONS``) to the rule its player set for it; an answer stands until he
    changes or cancels it, and fires each time its question comes.

    ``queue`` lists the moves he queued for his next turn, in order of preference, each
    ``{"move": <engine move>, "fields": {<field name>: <what his view showed there>}}``;
    at the start of that turn the first still legal whose fields are unchanged is played,
    and the queue is emptied once a move of his turn is made, queued or not.
    """

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="standing")
    answers = models.JSONField(default=dict)
    queue = models.JSONField(default=list)
    changed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"standing answers of seat #{self.seat_id}"
