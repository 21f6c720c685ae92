"""A seat's standing answers: the questions its player answered in advance
(``games.play.standing``)."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from games.models.core import Seat


class StandingAnswers(models.Model):
    """The standing answers of one seat, seen by its player only until one fires.

    ``answers`` maps each question the seat's game may ask off its turn (the engine's
    ``standing.QUESTIONS``) to the rule its player set for it; an answer stands until he
    changes or cancels it, and fires each time its question comes.
    """

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="standing")
    answers = models.JSONField(default=dict)
    changed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"standing answers of seat #{self.seat_id}"
