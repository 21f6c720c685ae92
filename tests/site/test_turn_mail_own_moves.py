"""A turn email names what its reader himself did since his last turn email, beside what the
others did: Flußpiraten's roll and path (and his own rowing-test choice, which only he may
read while it is sealed), Seeräuber's mutiny answer, Freibeuter's move.

Games are played to the end by the bot through the service; every turn email's
"since your last turn" lines are read as the email shows them.
"""

from __future__ import annotations

import pytest
from seerauber_mutiny import MUTINY, NAMES, OPENING

from games.mail.compose import mail_compose, mail_context
from games.models import Event, Game, OutboundMail
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for
from tests.clock import T0
from tests.site.player_helpers import bot_moves

PLAYERS = {"freibeuter": 3, "seerauber": 3, "flusspiraten": 3}


def _game(kind: str, seed: int, names: tuple[str, ...] = NAMES) -> Game:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in names]
    return game_create(kind=kind, players=players, seed=seed, now=T0)


def _own_moves(game: Game, name: str, after: int, upto: int) -> list[str]:
    """``name``'s moves after event ``after`` up to ``upto``, in notation."""
    engine = engine_for(game)
    moves = Event.objects.filter(
        game=game, type=events.MOVE, seq__gt=after, seq__lte=upto, payload__player=name
    ).order_by("seq")
    return [
        engine.format_move(payload["move"]) for payload in moves.values_list("payload", flat=True)
    ]


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_a_turn_email_names_the_readers_own_moves_since_his_last_one(db: None, kind: str) -> None:
    """Rule: each move a seat made between its previous turn email and this one is among
    this one's lines, marked as its own ("Anne (you): …")."""
    game = _game(kind, seed=6)
    bot_moves(game, 150)
    checked = 0
    for seat in game.seats.all():
        rows = list(OutboundMail.objects.filter(game=game, seat=seat, kind="turn").order_by("pk"))
        for previous, row in zip(rows, rows[1:], strict=False):
            own = _own_moves(game, seat.display_name, previous.context["seq"], row.context["seq"])
            told = [
                entry.get("notation")
                for entry in mail_context(row)["since"]
                if entry["player"] == f"{seat.display_name} (you)"
            ]
            assert told == own, (seat.display_name, row.context["seq"])
            checked += len(own)
    assert checked >= 10


def test_a_flusspiraten_turn_email_says_the_readers_roll_in_words(db: None) -> None:
    """Flußpiraten: "Vi (you): rows boat 2 …: rolled 4" in the text the reader gets."""
    game = _game("flusspiraten", seed=6, names=("Vi", "Bo", "Di"))
    bot_moves(game, 60)
    for row in OutboundMail.objects.filter(game=game, kind="turn").order_by("pk"):
        lines = [e for e in mail_context(row)["since"] if e["player"].endswith(" (you)")]
        rolled = [e for e in lines if "rolled" in e["move"]]
        if rolled:
            text = mail_compose(row).body
            assert f"{rolled[0]['player']}: {rolled[0]['move']}" in text
            return
    pytest.fail("no turn email named its reader's roll")


def test_the_mutineers_next_turn_email_names_his_own_mutiny_answer(db: None) -> None:
    """Seeräuber §6: the asked player's answer is his move; his next turn email tells it."""
    game = _game("seerauber", seed=1)
    engine = engine_for(game)
    for name, text in (*OPENING, ("Bart", MUTINY)):
        seat = game.seats.get(display_name=name)
        move_submit(game=game, seat=seat, move=engine.parse_move(text), expected_seq=game.last_seq)
        game.refresh_from_db()
    bart = game.seats.get(display_name="Bart")
    asked = OutboundMail.objects.filter(seat=bart, kind="turn").order_by("-pk").first()
    assert asked is not None and "mutiny" in mail_compose(asked).body
    bot_moves(game, 3)
    row = OutboundMail.objects.filter(seat=bart, kind="turn").order_by("-pk").first()
    assert row is not None and row.pk != asked.pk
    assert any(
        entry["player"] == "Bart (you)" and entry["notation"] == MUTINY
        for entry in mail_context(row)["since"]
    )
    assert "Bart (you): " in mail_compose(row).body
