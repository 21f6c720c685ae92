"""The game page's standing answers: its player sets and cancels them
(``games.web.standing_form``, ``games.play.standing``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.errors import GameError
from games.play.refusals import refusal_text
from games.play.standing import standing_answers, standing_questions, standing_set
from games.web.standing_form import form_rule
from games.web.views import link_seat


@require_POST
def play_standing(request: HttpRequest, token: str) -> HttpResponse:
    """Set or cancel the seat's standing answers as posted, each question that changed; a
    question the form did not show (one asked only at the start, once answered) keeps its
    answer."""
    seat = link_seat(request, token)
    answers = standing_answers(seat)
    try:
        for question in standing_questions(seat.game):
            if question not in request.POST:
                continue
            rule = form_rule(
                question,
                request.POST.get(question, "")[:20],
                request.POST.get("ducats", "")[:5],
            )
            if rule != answers.get(question):
                standing_set(game=seat.game, seat=seat, question=question, rule=rule)
    except GameError as error:
        messages.error(request, refusal_text(error))
    else:
        messages.success(request, _("Your standing answers are saved."))
    return redirect("play", token=token)
