"""Standing answers: a player answers in advance a question his game asks off his turn.

Each game that asks such questions has an engine module ``standing`` (``QUESTIONS``,
``rule_error``, ``question``, ``answer``), pure functions of a player's view. A seat's
answers are stored in its :class:`~games.models.StandingAnswers`, seen by its player
only. When a write leaves a seat asked a question it answered in advance, the answer
is played once that write has committed (:func:`standing_play`), through the service
with the ``seq`` it read, as the seat's move marked ``standing``; a standing answer set
while its question is open plays at once the same way.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from types import ModuleType
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.base import GAMES, Move, get_game
from games.errors import GameNotActive, NotYourSeat, Refused, StaleSeq, TooMany
from games.models import Event, Game, Seat, StandingAnswers
from games.play.services import move_submit
from games.play.sign_in import counted
from games.store import events
from games.store.loading import engine_for, load_state

QUESTIONS = sorted(
    {
        question
        for name in GAMES
        if (rules := get_game(name).standing)
        for question in rules.QUESTIONS
    }
)
"""Every question a game of the site asks off a player's turn."""


def _rules(game: Game) -> ModuleType | None:
    """The standing answers of ``game``'s engine, if it asks questions off a player's turn."""
    return engine_for(game).standing


CHANGES_LIMIT = 30
CHANGES_WINDOW = timedelta(hours=1)
"""A seat changes its standing orders (answers and queued moves) at most this often in this
window."""
RETRIES = 3
"""How often an answer is worked out again when the game moved on meanwhile."""


def standing_questions(game: Game) -> tuple[str, ...]:
    """The questions ``game`` lets its players answer in advance (none: ``()``)."""
    rules = _rules(game)
    return () if rules is None else tuple(rules.QUESTIONS)


def standing_answers(seat: Seat) -> dict[str, Any]:
    """``seat``'s standing answers, question by rule: for its own player's eyes only."""
    row = StandingAnswers.objects.filter(seat=seat).first()
    return {} if row is None else dict(row.answers)


def orders_change_check(*, game: Game, seat: Seat) -> None:
    """Refuse a change of ``seat``'s standing orders (its answers or its queued moves): once
    the game has ended, for a seat of another game, and beyond ``CHANGES_LIMIT`` changes in
    a window; else count it."""
    if seat.game_id != game.pk:
        raise NotYourSeat(_("This seat does not play in this game."))
    if game.status in (Game.Status.FINISHED, Game.Status.ABORTED):
        raise GameNotActive(_("This game has ended: its standing orders can no longer change."))
    if counted(f"standing:seat:{seat.pk}", window=CHANGES_WINDOW) > CHANGES_LIMIT:
        raise TooMany(
            _("Standing orders change at most %(limit)s times an hour; try again later.")
            % {"limit": CHANGES_LIMIT},
            limit=CHANGES_LIMIT,
        )


def standing_set(
    *, game: Game, seat: Seat, question: str, rule: Any, now: datetime | None = None
) -> dict[str, Any]:
    """Set (``rule``) or cancel (``None``) ``seat``'s standing answer to ``question``;
    return its answers. Refused once the game is over, for a rule its game does not
    know, and after ``CHANGES_LIMIT`` changes in a window."""
    now = now or timezone.now()
    orders_change_check(game=game, seat=seat)
    rules = _rules(game)
    if rules is None or question not in rules.QUESTIONS:
        raise Refused(_("This game asks no such question off your turn."))
    if rule is not None and rules.rule_error(question, rule) is not None:
        raise Refused(_("That standing answer is not one this question takes."))
    with transaction.atomic():
        row, _created = StandingAnswers.objects.select_for_update().get_or_create(seat=seat)
        if rule is None:
            row.answers.pop(question, None)
        else:
            row.answers[question] = rule
        row.changed_at = now
        row.save(update_fields=["answers", "changed_at"])
        if rule is not None:
            game_id = game.pk
            transaction.on_commit(lambda: standing_play(game_id))
    return dict(row.answers)


def _due(game: Game, rules: ModuleType, seats: list[Seat], state: Any) -> list[tuple[Seat, str]]:
    """Each seat ``state`` asks a question it may answer in advance, with the question."""
    engine = engine_for(game)
    asked = []
    for seat in seats:
        name = seat.display_name
        if name in game.to_move and not seat.is_bot:
            question = rules.question(engine.view(state, name), name)
            if question is not None:
                asked.append((seat, question))
    return asked


def standing_answering(game: Game, state: Any, seats: list[Seat]) -> set[str]:
    """The players whose standing answer the last write has played once it commits: it was a
    move, and it left them asked a question they answered in advance (``state`` is the state
    after it). A takeback, a moderator's action or a resume that leads back to a question
    never has it answered by a standing answer: its player answers it himself (or sets his
    answer again, which plays it)."""
    rules = _rules(game)
    if (
        game.status != Game.Status.ACTIVE
        or rules is None
        or not _due(game, rules, seats, state)
        or not Event.objects.filter(game=game, seq=game.last_seq, type=events.MOVE).exists()
    ):
        return set()
    return {seat.display_name for seat, _move in standing_moves(game, state, seats)}


def standing_due(
    sender: object, *, game: Game, state: Any, seats: list[Seat], **kwargs: object
) -> None:
    """Have the standing answers played once the write commits, for the players
    :func:`standing_answering` names (on ``signals.turn_begun``)."""
    if standing_answering(game, state, seats):
        game_id = game.pk
        transaction.on_commit(lambda: standing_play(game_id))


def standing_moves(game: Game, state: Any, seats: list[Seat]) -> list[tuple[Seat, Move]]:
    """Each seat of ``seats`` that ``state`` asks a question it answered in advance, with the
    move its standing answer makes."""
    rules = _rules(game)
    if rules is None:
        return []
    due = _due(game, rules, seats, state)
    rows = {
        row.seat_id: row.answers
        for row in StandingAnswers.objects.filter(seat__in=[seat for seat, _q in due])
    }
    engine = engine_for(game)
    return [
        (seat, rules.answer(engine.view(state, seat.display_name), seat.display_name, rule))
        for seat, question in due
        if (rule := rows.get(seat.pk, {}).get(question)) is not None
    ]


def standing_play(game_id: int, *, now: datetime | None = None) -> bool:
    """Play a standing answer due in game ``game_id``, worked out without the game's lock
    and submitted with the ``seq`` it read; whether one was played. Its commit has the
    next one played, if its move asks another question answered in advance."""
    for _attempt in range(RETRIES):
        game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
        if game is None:
            return False
        found = standing_moves(game, load_state(game), list(game.seats.order_by("position")))
        if not found:
            return False
        seat, move = found[0]
        try:
            move_submit(
                game=game,
                seat=seat,
                move=move,
                expected_seq=game.last_seq,
                standing=True,
                now=now or timezone.now(),
            )
        except StaleSeq:
            continue
        return True
    return False
