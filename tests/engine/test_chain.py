"""The history's hash chain (engine/chain.py) and `python -m engine verify-chain` offline.

A record's chain is built here as the service builds it (each event's hash over
the previous hash and its content), then changed the ways a forger would.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

from engine import chain
from engine.fairness import canonical_json
from tests.engine.test_command_line import run as engine_command

DATA = Path(__file__).resolve().parent / "data"


def _event(seq: int, event_type: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {
        "seq": seq,
        "type": event_type,
        "version": 1,
        "payload": payload,
        "actor": "system",
        "created_at": f"2026-12-01T09:{seq:02d}:00.000000Z",
        "nonce": f"{seq:032x}",
    }


def _sealed(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    previous = chain.GENESIS
    for event in events:
        event["hash"] = previous = chain.link(previous, event)
    return events


def _move_payload(move: dict[str, Any]) -> dict[str, Any]:
    body = {key: value for key, value in move.items() if key != "player"}
    return {"player": move["player"], "move": body, "auto": False}


def chained_record() -> dict[str, Any]:
    """The 3-player example record with a chain: created, ten moves, a chat, a takeback."""
    record = json.loads((DATA / "freibeuter-3p.record.json").read_text(encoding="utf-8"))
    moves = record["moves"][:10]
    created = copy.deepcopy({key: record[key] for key in ("format", "game", "players", "setup")})
    events = [_event(1, "game_created", created)]
    for move in moves:
        events.append(_event(len(events) + 1, "move", _move_payload(move)))
    events.append(_event(len(events) + 1, "chat_posted", {"player": "Volker", "text": "Ahoy"}))
    events.append(_event(len(events) + 1, "move", _move_payload(moves[9])))
    events.append(_event(len(events) + 1, "move_taken_back", {"player": "x", "move_seq": 13}))
    return {**record, "moves": moves, "chain": {"scheme": chain.SCHEME, "events": _sealed(events)}}


def run(tmp_path: Path, record: Any, *hashes: str) -> tuple[int, Any]:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return engine_command("verify-chain", str(path), *hashes)


def test_each_hash_is_sha256_of_the_previous_hash_and_the_canonical_content() -> None:
    event = _event(1, "chat_posted", {"text": "Grüß dich", "player": "Anne"})
    text = chain.GENESIS + canonical_json(event)
    assert chain.link(chain.GENESIS, event) == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert chain.link(chain.GENESIS, {**event, "hash": "ignored"}) == chain.link(
        chain.GENESIS, event
    )
    for key in chain.CONTENT_KEYS:
        changed = {**event, key: "other"}
        assert chain.link(chain.GENESIS, changed) != chain.link(chain.GENESIS, event), key


def test_a_chain_names_its_first_event_that_does_not_follow() -> None:
    events = chained_record()["chain"]["events"]
    assert chain.first_broken(events) is None
    forged = copy.deepcopy(events)
    forged[4]["payload"]["move"] = {"type": "board", "tile": "A1-B2"}
    assert chain.first_broken(forged) == 4
    forged[4]["hash"] = chain.link(forged[3]["hash"], forged[4])
    assert chain.first_broken(forged) == 5
    assert chain.first_broken(events[:3] + events[4:]) == 3


def test_verify_chain_accepts_the_record_and_the_hashes_kept_from_its_history(tmp_path) -> None:
    record = chained_record()
    events = record["chain"]["events"]
    status, output = run(tmp_path, record, events[2]["hash"].upper(), events[-1]["hash"])
    assert status == 0, output
    assert output["verified"] is True
    assert output["head"] == {"seq": 14, "hash": events[-1]["hash"]}
    assert [found["seq"] for found in output["found"]] == [3, 14]


def test_verify_chain_names_the_event_a_forger_changed(tmp_path) -> None:
    record = chained_record()
    record["chain"]["events"][11]["payload"]["text"] = "I never said that"
    status, output = run(tmp_path, record)
    assert status == 2
    assert output["error"]["code"] == "chain_broken"
    assert "seq 12 (chat_posted)" in output["error"]["message"]


def test_verify_chain_refuses_a_rewritten_history_a_kept_hash_is_not_in(tmp_path) -> None:
    record = chained_record()
    kept = record["chain"]["events"][12]["hash"]  # at seq 13, after the chat that is changed
    rewritten = copy.deepcopy(record)
    rewritten["chain"]["events"][11]["payload"]["text"] = "I never said that"
    _sealed(rewritten["chain"]["events"])
    assert run(tmp_path, rewritten)[0] == 0  # consistent in itself: only a kept hash tells
    status, output = run(tmp_path, rewritten, kept)
    assert status == 2
    assert output["error"]["code"] == "hash_not_in_chain"
    assert kept in output["error"]["message"]


def test_verify_chain_refuses_a_chain_that_does_not_hold_the_records_moves(tmp_path) -> None:
    record = chained_record()
    status, output = run(tmp_path, {**record, "moves": record["moves"][:9]})
    assert (status, output["error"]["code"]) == (2, "chain_mismatch")
    other = copy.deepcopy(record)
    other["setup"]["sea_deck"].reverse()
    status, output = run(tmp_path, other)
    assert (status, output["error"]["code"]) == (2, "chain_mismatch")


def test_verify_chain_needs_a_chain(tmp_path) -> None:
    record = chained_record()
    del record["chain"]
    status, output = run(tmp_path, record)
    assert (status, output["error"]["code"]) == (2, "no_chain")
    status, output = run(tmp_path, {**record, "chain": {"events": [{"seq": 1}]}})
    assert (status, output["error"]["code"]) == (2, "invalid_chain")
