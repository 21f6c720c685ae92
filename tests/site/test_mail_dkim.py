# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""Outgoing mail is DKIM-signed when a key is configured: the bytes an SMTP server receives
verify against the public key, over the headers RFC 8058 asks to be signed."""

from __future__ import annotations

import base64
import email
import email.policy
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dkim
import pytest
from mail_helpers import SmtpSink, smtp  # noqa: F401

from games.mail.outbox import mail_send
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from tests.clock import T0, clocked_command

SELECTOR, DOMAIN = "pirates2026", "mail.example.org"
MUST_SIGN = {
    "from", "to", "subject", "date", "message-id", "list-unsubscribe", "list-unsubscribe-post",
}  # fmt: skip


@dataclass(frozen=True)
class Key:
    """A fresh RSA key: its PEM file and its DNS TXT record."""

    path: Path
    record: bytes


def _openssl(*args: str, data: bytes = b"") -> bytes:
    program = shutil.which("openssl")
    if program is None:
        pytest.fail("openssl is missing: the DKIM test makes its key with it", pytrace=False)
    return subprocess.run([program, *args], input=data, capture_output=True, check=True).stdout


@pytest.fixture
def key(tmp_path: Path, settings: Any) -> Key:
    """A key of this test, configured for signing."""
    path = tmp_path / "dkim.pem"
    path.write_bytes(_openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"))
    public = _openssl("pkey", "-in", str(path), "-pubout", "-outform", "DER")
    settings.DKIM_PRIVATE_KEY = path.read_text()
    settings.DKIM_SELECTOR, settings.DKIM_DOMAIN = SELECTOR, DOMAIN
    return Key(path, b"v=DKIM1; k=rsa; p=" + base64.b64encode(public))


def _dns(key: Key) -> Any:
    def lookup(name: bytes, timeout: int = 5) -> bytes | None:
        return key.record if name == f"{SELECTOR}._domainkey.{DOMAIN}.".encode() else None

    return lookup


def _sent_turn_email(smtp: SmtpSink) -> bytes:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")]
    game = game_create(kind="freibeuter", players=players, seed=5, now=T0)
    row = OutboundMail.objects.get(game=game, kind="turn")
    assert mail_send(mail_id=row.pk)
    ((_, raw),) = smtp.received
    return raw


def test_it_signs_what_the_smtp_server_receives_and_the_signature_verifies(
    db: None, smtp: SmtpSink, key: Key
) -> None:
    raw = _sent_turn_email(smtp)
    assert dkim.verify(raw, dnsfunc=_dns(key))
    signature = email.message_from_bytes(raw, policy=email.policy.default)["DKIM-Signature"]
    tags = dict(tag.strip().split("=", 1) for tag in str(signature).split(";"))
    assert (tags["d"], tags["s"], tags["c"]) == (DOMAIN, SELECTOR, "relaxed/relaxed")
    assert {name.strip().lower() for name in tags["h"].split(":")} >= MUST_SIGN


def test_a_changed_subject_or_unsubscribe_link_no_longer_verifies(
    db: None, smtp: SmtpSink, key: Key
) -> None:
    raw = _sent_turn_email(smtp)
    assert not dkim.verify(raw.replace(b"your turn", b"you won", 1), dnsfunc=_dns(key))
    assert not dkim.verify(raw.replace(b"/unsubscribe/>", b"/x/>", 1), dnsfunc=_dns(key))


def test_it_signs_nothing_without_a_key(db: None, smtp: SmtpSink) -> None:
    assert b"DKIM-Signature" not in _sent_turn_email(smtp)


def _settings_with(**environment: str) -> subprocess.CompletedProcess[str]:
    code = "from django.conf import settings; print(settings.DKIM_PRIVATE_KEY.splitlines()[1])"
    command = clocked_command("django", "shell", "--no-imports", "-c", code)
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "freibeuter_site.settings", **environment}
    return subprocess.run(command, capture_output=True, text=True, env=env, check=False)


def test_the_key_may_be_given_as_pem_or_as_the_path_of_a_file(key: Key) -> None:
    dkim_env = {"DKIM_SELECTOR": SELECTOR, "DKIM_DOMAIN": DOMAIN}
    second_line = key.path.read_text().splitlines()[1]
    as_pem = _settings_with(DKIM_PRIVATE_KEY=key.path.read_text(), **dkim_env)
    as_path = _settings_with(DKIM_PRIVATE_KEY=str(key.path), **dkim_env)
    assert as_pem.stdout.strip() == as_path.stdout.strip() == second_line


def test_a_missing_key_file_or_a_partial_setting_stops_the_site_with_a_clear_error(
    tmp_path: Path,
) -> None:
    missing = _settings_with(
        DKIM_PRIVATE_KEY=str(tmp_path / "nope.pem"), DKIM_SELECTOR=SELECTOR, DKIM_DOMAIN=DOMAIN
    )
    assert "DKIM_PRIVATE_KEY: cannot read the key file" in missing.stderr
    partial = _settings_with(DKIM_SELECTOR=SELECTOR)
    assert "DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN go together." in partial.stderr
