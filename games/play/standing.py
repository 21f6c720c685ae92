"""Standing answers: a player answers in advance a question his game asks off his turn.

Each game that asks such questions has an engine module ``standing`` (``QUESTIONS``,
``rule_error``, ``question``, ``answer``), pure functions of a player's view. A seat's
answers are stored in its :class:`~games.models.StandingAnswers`, seen by its player
only. When a move leaves a seat asked a question it answered in advance, or at the start
of its turn with a move queued for it (``games.play.queued``), that order, worked out in
the move's write (``games.play.orders``), is played once the write has committed
(:func:`order_play`), through the service at the ``seq`` the write left, as the seat's
move marked ``standing``; a standing answer set while its question is open plays at once
(:func:`standing_play`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from types import ModuleType
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine.base import GAMES, get_game
from games.errors import GameNotActive, NotYourSeat, Refused, StaleSeq, TooMany
from games.models import Game, Seat, StandingAnswers
from games.play.orders import Order, answer_order
from games.play.services import move_submit
from games.play.sign_in import counted
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


def orders_open(*, game: Game, seat: Seat) -> None:
    """Refuse any change of ``seat``'s standing orders (its answers or its queued moves) once
    the game has ended, and for a seat of another game."""
    if seat.game_id != game.pk:
        raise NotYourSeat(_("This seat does not play in this game."))
    if game.status in (Game.Status.FINISHED, Game.Status.ABORTED):
        raise GameNotActive(_("This game has ended: its standing orders can no longer change."))


def orders_counted(seat: Seat) -> None:
    """Count a change of ``seat``'s standing orders, refused beyond ``CHANGES_LIMIT`` in a
    window (the answers and the queue share the count)."""
    if counted(f"standing:seat:{seat.pk}", window=CHANGES_WINDOW) > CHANGES_LIMIT:
        raise TooMany(
            _("Standing orders change at most %(limit)s times an hour; try again later.")
            % {"limit": CHANGES_LIMIT},
            limit=CHANGES_LIMIT,
        )


def orders_change_check(*, game: Game, seat: Seat) -> None:
    """Refuse a change of ``seat``'s standing orders as :func:`orders_open` and
    :func:`orders_counted` do, or count it."""
    orders_open(game=game, seat=seat)
    orders_counted(seat)


def standing_set(
    *, game: Game, seat: Seat, question: str, rule: Any, now: datetime | None = None
) -> dict[str, Any]:
    """Set (``rule``) or cancel (``None``) ``seat``'s standing answer to ``question``;
    return its answers. Refused once the game is over, for a rule its game does not
    know, and after ``CHANGES_LIMIT`` changes in a window."""
    now = now or timezone.now()
    orders_open(game=game, seat=seat)
    rules = _rules(game)
    if rules is None or question not in rules.QUESTIONS:
        raise Refused(_("This game asks no such question off your turn."))
    if rule is not None and rules.rule_error(question, rule) is not None:
        raise Refused(_("That standing answer is not one this question takes."))
    orders_counted(seat)
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


def standing_due(sender: object, *, game: Game, orders: list[Order], **kwargs: object) -> None:
    """Have the first of the standing ``orders`` a move left due played once it commits (on
    ``signals.turn_begun``, which brings them worked out: ``games.play.orders``); its move's
    own commit has the next one played."""
    if orders:
        order = orders[0]
        transaction.on_commit(lambda: order_play(game, order))


def order_play(game: Game, order: Order, *, now: datetime | None = None) -> bool:
    """Play ``order`` in ``game`` at the ``seq`` the write that made it due left; whether it
    was played. A game that moved on meanwhile had its own orders worked out by the move that
    moved it, so this one is dropped."""
    try:
        move_submit(
            game=game,
            seat=order.seat,
            move=order.move,
            expected_seq=game.last_seq,
            order=order.kind,
            now=now or timezone.now(),
        )
    except (StaleSeq, GameNotActive):
        return False
    return True


def standing_play(game_id: int, *, now: datetime | None = None) -> bool:
    """Play a standing answer due in game ``game_id`` now (one set while its question is
    open), worked out without the game's lock and submitted with the ``seq`` it read; whether
    one was played. Its commit has the next one played, if its move asks another question
    answered in advance. Queued moves wait for a move that begins their turn."""
    for _attempt in range(RETRIES):
        game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
        if game is None:
            return False
        engine, state = engine_for(game), load_state(game)
        waiting = game.seats.filter(display_name__in=game.to_move, is_bot=False)
        rows = StandingAnswers.objects.filter(seat__in=waiting).select_related("seat")
        found = [
            order
            for row in sorted(rows, key=lambda row: row.seat.position)
            if (order := answer_order(engine, state, row.seat, row.answers)) is not None
        ]
        if not found:
            return False
        if order_play(game, found[0], now=now):
            return True
    return False
