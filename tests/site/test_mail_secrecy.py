"""No email to one seat holds another seat's hand or the order of a deck (rules §9).

Random games are played move by move; after each move every new email is
rendered to its raw bytes and searched for what its reader may not know at
that moment, taken from the omniscient state.
"""

from __future__ import annotations

import json
import random

import pytest

from games.mail.compose import mail_compose
from games.mail.turn_content import answer_words, queued_words
from games.models import Event, Game, OutboundMail
from games.play.queued import queue_add, queued_moves
from games.play.services import PlayerSpec, game_create, move_submit
from games.play.standing import standing_set
from games.store.loading import engine_for, load_state, state_at

NAMES = ("Anne", "Bart", "Cleo", "Dirk")


def _secrets_hidden_from(reader: str, state: object, game: Game) -> list[str]:
    """Texts that would give away what ``reader`` may not see."""
    summary = engine_for(game).summary(state)
    hidden = []
    for name, player in summary["players"].items():
        if name != reader and player["hand"]:
            hidden += [", ".join(player["hand"]), json.dumps(player["hand"])]
    top_sea = state.sea_deck[state.sea_top : state.sea_top + 4]  # type: ignore[attr-defined]
    top_dutchman = state.dutchman_deck[state.dutchman_top : state.dutchman_top + 3]  # type: ignore[attr-defined]
    for deck in (top_sea, top_dutchman):
        if len(deck) >= 3:
            hidden += [", ".join(deck), json.dumps(list(deck)), " ".join(deck)]
    return hidden


def _readable(row: OutboundMail) -> str:
    message = mail_compose(row).message()
    parts = [message.as_bytes().decode("utf-8", "replace"), json.dumps(row.context)]
    for part in message.walk():
        if part.get_content_maintype() == "text":
            parts.append(part.get_payload(decode=True).decode("utf-8", "replace"))
    return "\n".join(parts)


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_it_never_mails_a_seat_what_the_rules_hide_from_it(
    db: None, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES[:players]],
        seed=seed,
    )
    engine = engine_for(game)
    checked, seen = 0, 0
    for _ in range(45):
        state = load_state(game)
        for row in OutboundMail.objects.filter(pk__gt=seen).select_related("seat").order_by("id"):
            if row.kind == "game_over":  # once the game is over, nothing is secret (§9)
                continue
            text = _readable(row)
            for secret in _secrets_hidden_from(row.seat.display_name, state, game):
                assert secret not in text, f"{row.kind} mail to {row.to} shows {secret!r}"
            seen, checked = row.pk, checked + 1
        if game.status != Game.Status.ACTIVE:
            break
        (name,) = game.to_move
        moves = engine.legal_moves(state, name)
        move = rng.choice(moves)
        seat = game.seats.get(display_name=name)
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
        game.refresh_from_db()
    assert checked >= 40


def test_a_turn_email_composed_after_later_moves_shows_its_seat_the_game_at_its_seq(
    db: None,
) -> None:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES[:3]]
    game = game_create(kind="freibeuter", players=players, seed=31)
    engine = engine_for(game)
    first = OutboundMail.objects.get(game=game, kind="turn")
    assert set(first.context) == {"game_kind", "seq", "deadline"}  # only what the email is
    rng = random.Random(31)
    for _ in range(6):
        state, (name,) = load_state(game), game.to_move
        seat = game.seats.get(display_name=name)
        move = rng.choice(engine.legal_moves(state, name))
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
        game.refresh_from_db()
    reader, seq = first.seat.display_name, first.context["seq"]
    assert engine.view(load_state(game), reader) != engine.view(state_at(game, seq), reader)
    text = _readable(first)
    assert first.context["view"] == engine.view(state_at(game, seq), reader)
    assert first.context["seq"] == seq and first.context["since"] == []
    assert first.context["head_hash"] == game.events.get(seq=seq).hash != game.head_hash
    for secret in _secrets_hidden_from(reader, state_at(game, seq), game):
        assert secret not in text
    later = engine.view(load_state(game), reader)["players"][reader]["hand"]
    assert OutboundMail.objects.get(pk=first.pk).context == first.context  # kept for a retry
    assert later != first.context["hand"]


@pytest.mark.parametrize(("kind", "seed"), [("seerauber", 24), ("flusspiraten", 25)])
def test_no_email_holds_a_standing_answer(transactional_db: None, kind: str, seed: int) -> None:
    """Rule: no email, not even its owner's, holds a seat's standing answer as data (its
    owner's own emails say it in words: the test below); only the move it played is told,
    as any move is (a sealed choice sealed from the others)."""
    rng = random.Random(seed)
    game = game_create(
        kind=kind,
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES[:3]],
        seed=seed,
    )
    rules = {}
    for index, seat in enumerate(game.seats.all()):
        if kind == "seerauber":
            question, rule = "mutiny", {"mutiny": "wages", "ducats": index}
        else:
            question, rule = "choose", {"choice": ("die", "empty", "club")[index]}
        standing_set(game=game, seat=seat, question=question, rule=rule)
        rules[seat.display_name] = rule
    marks = [text for rule in rules.values() for text in (json.dumps(rule), repr(rule))]
    engine = engine_for(game)
    checked = seen = 0
    for _ in range(120):
        for row in OutboundMail.objects.filter(pk__gt=seen).select_related("seat").order_by("id"):
            text = _readable(row)
            assert not [mark for mark in marks if mark in text], f"{row.kind} mail to {row.to}"
            seen, checked = row.pk, checked + 1
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        name = game.to_move[0]
        move = rng.choice(engine.legal_moves(load_state(game), name))
        seat = game.seats.get(display_name=name)
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    assert checked >= 40
    assert Event.objects.filter(game=game, payload__standing=True).exists()


def _unlikely(view: dict[str, object], name: str) -> dict[str, object]:
    """A move ``name`` may queue that his next turn will seldom allow, so that his turn email
    lists his queue: a pass, or taking chests with a card of his hand."""
    players = view["players"]
    assert isinstance(players, dict)
    hand = [card for card in players[name].get("hand", []) if card[0] in "ABCDEFG"]
    if not hand:
        return {"type": "pass"}
    return {"type": "place", "card": hand[0], "boat": False, "draw": "sea"}


@pytest.mark.parametrize(
    ("kind", "seed"), [("freibeuter", 26), ("seerauber", 27), ("flusspiraten", 28)]
)
def test_no_email_to_another_holds_a_seats_standing_orders(
    transactional_db: None, kind: str, seed: int
) -> None:
    """Rule: a seat's standing answers and queued moves are told to its owner only (his own
    turn emails list them); no email to another seat holds them, in words or as data, until
    a queued move fires and is a move like any other. (An order the reader set in the same
    words himself is his own to see.)"""
    rng = random.Random(seed)
    game = game_create(
        kind=kind,
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES[:3]],
        seed=seed,
    )
    engine = engine_for(game)
    seats = {seat.display_name: seat for seat in game.seats.all()}
    marks: dict[str, set[str]] = {name: set() for name in seats}
    for index, (name, seat) in enumerate(seats.items()):
        if engine.standing is not None:
            question = "mutiny" if kind == "seerauber" else "choose"
            rule = (
                {"mutiny": "wages", "ducats": 80 + index}
                if kind == "seerauber"
                else {"choice": ("die", "empty", "club")[index]}
            )
            standing_set(game=game, seat=seat, question=question, rule=rule)
            marks[name] |= {answer_words(question, rule), json.dumps(rule)}
    seen_at_turn: dict[str, list[dict[str, object]]] = {}
    adds = dict.fromkeys(seats, 0)
    owners_told = checked = seen = 0
    for _ in range(150):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = load_state(game)
        for name, seat in seats.items():
            view = engine.view(state, name)
            if engine.queued.turn_begins(view, name):
                seen_at_turn[name] = engine.legal_moves(state, name)
                continue
            fit = [
                m
                for m in seen_at_turn.get(name, [])
                if not engine.queued.queue_error(view, name, m)
            ]
            if fit and not queued_moves(seat) and adds[name] < 6:
                adds[name] += 1
                field = rng.choice(sorted(engine.queued.fields(view)))
                move = rng.choice(fit) if rng.random() < 0.5 else _unlikely(view, name)
                (entry,) = queue_add(game=game, seat=seat, move=move, fields=[field])
                marks[name] |= {queued_words(game, entry), json.dumps(entry)}
        for row in OutboundMail.objects.filter(pk__gt=seen).select_related("seat").order_by("id"):
            text = _readable(row)
            reader = row.seat.display_name
            owners_told += any(mark in text for mark in marks[reader])
            for owner, own in marks.items():
                found = [mark for mark in own - marks[reader] if mark in text]
                assert not found, f"{row.kind} mail to {reader} shows {owner}'s {found}"
            seen, checked = row.pk, checked + 1
        name = game.to_move[0]
        move = rng.choice(engine.legal_moves(load_state(game), name))
        move_submit(game=game, seat=seats[name], move=move, expected_seq=game.last_seq)
    assert checked >= 40 and owners_told >= 1, "the check never saw an order told to its owner"
    assert Event.objects.filter(game=game, payload__order="queued").exists()
