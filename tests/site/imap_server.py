"""A fixture of the IMAP tests: a private, real Dovecot IMAP server on a free local port.

Dovecot runs in the foreground from a configuration of its own, with its
sockets, state, log, password file and mail all under the test's ``tmp_path``,
so it touches nothing of a system-wide Dovecot. As root (as in CI) its login
processes run as Debian's ``dovenull`` and the mail processes as ``nobody``,
chrooted into the test's home directory: Dovecot serves no mail as root, and
``tmp_path`` lies under a 0700 directory. As another user, everything runs as
that user. It listens for plain IMAP and for IMAP over TLS (``imaps``), with a
certificate for 127.0.0.1 made for the test (``cert``: trust it to connect).
Messages reach the mailbox over IMAP APPEND, as in a real one.
Without Dovecot the tests fail, never skip: ``make test`` installs it.
"""

from __future__ import annotations

import grp
import imaplib
import os
import pwd
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from mail_helpers import free_port, poll

USER = "pirate"
PASSWORD = "Jolly Roger 17"
MAIL_USER = "nobody"
"""The account the mail processes run as when the test runs as root."""


def find_dovecot() -> str:
    """The path of the ``dovecot`` binary; fail the test with how to install it when missing."""
    found = shutil.which("dovecot", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    if not found:
        pytest.fail(
            "The IMAP tests need Dovecot: install it as root with "
            "`apt-get install -y dovecot-imapd`, or run `make test` (its .ci/services does).",
            pytrace=False,
        )
    return found


AS_ROOT = """\
default_internal_user = dovecot
default_login_user = dovenull
valid_chroot_dirs = {root}/home
service auth {{
  user = root
}}
"""
"""Run as root: Dovecot's own users where it may not be root, auth as root to read the
passwd-file, and the mail processes chrooted into ``home`` (its parents are 0700)."""

AS_USER = """\
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
}}
"""
"""Run as another user: every process as that user, without the chroots only root can make."""

CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
instance_name = freibeuter-test
log_path = {root}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <{root}/cert.pem
ssl_key = <{root}/key.pem
disable_plaintext_auth = no
auth_failure_delay = 0
first_valid_uid = {uid}
first_valid_gid = {gid}
mail_location = maildir:~/Maildir
passdb {{
  driver = passwd-file
  args = scheme=PLAIN {root}/users
}}
userdb {{
  driver = passwd-file
  args = {root}/users
}}
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port}
  }}
}}
"""
"""One IMAP user on 127.0.0.1, plain on ``port`` and TLS on ``tls_port``, with no delay
after a wrong password."""


def _certificate(root: Path) -> None:
    """A self-signed certificate for 127.0.0.1 (an EC key: made in milliseconds)."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(root / "key.pem"), "-out", str(root / "cert.pem")],
        check=True,
        capture_output=True,
    )  # fmt: skip


def _config(root: Path, port: int, tls_port: int) -> str:
    """The dovecot.conf text, after writing the user's passwd-file and home under ``root``."""
    if os.getuid() == 0:
        mail = pwd.getpwnam(MAIL_USER)
        uid, gid, home = mail.pw_uid, mail.pw_gid, f"{root}/home/./{USER}"
        run_as = AS_ROOT.format(root=root)
    else:
        uid, gid, home = os.getuid(), os.getgid(), f"{root}/home/{USER}"
        user, group = pwd.getpwuid(uid).pw_name, grp.getgrgid(gid).gr_name
        run_as = AS_USER.format(user=user, group=group)
    os.makedirs(f"{root}/home/{USER}")
    os.chown(f"{root}/home/{USER}", uid, gid)
    (root / "users").write_text(f"{USER}:{{PLAIN}}{PASSWORD}:{uid}:{gid}::{home}\n")
    _certificate(root)
    return CONFIG.format(root=root, port=port, tls_port=tls_port, uid=uid, gid=gid) + run_as


def _answers(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) == 0


class ImapServer:
    """A running Dovecot with one user, ``USER``; ``deliver`` puts a message in a folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root.mkdir()
        self.port = free_port()
        self.tls_port = free_port()
        self.cert = root / "cert.pem"
        self.binary = find_dovecot()
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        config = self.root / "dovecot.conf"
        config.write_text(_config(self.root, self.port, self.tls_port))
        with open(self.root / "dovecot.out", "wb") as out:
            process = subprocess.Popen(
                [self.binary, "-F", "-c", str(config)], stdout=out, stderr=subprocess.STDOUT
            )
        self.process = process
        poll(lambda: self._listening() or process.poll() is not None, timeout=15)
        if not self._listening():
            self.stop()
            pytest.fail(f"Dovecot did not start:\n{self.log()}", pytrace=False)

    def _listening(self) -> bool:
        return _answers(self.port) and _answers(self.tls_port)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
            poll(lambda: not _answers(self.port), timeout=10)

    def log(self) -> str:
        """What Dovecot wrote: its output before it read the configuration, then its log."""
        parts = [self.root / "dovecot.out", self.root / "dovecot.log"]
        return "".join(path.read_text(errors="replace") for path in parts if path.exists())

    def url(self, folder: str = "", password: str = PASSWORD, *, tls: bool = False) -> str:
        """An ``IMAP_URL`` for this server's user, reading ``folder`` (default: INBOX);
        ``tls``: over IMAP with TLS (``imaps://``)."""
        secret, path = quote(password, safe=""), quote(folder, safe="")
        scheme, port = ("imaps", self.tls_port) if tls else ("imap", self.port)
        return f"{scheme}://{USER}:{secret}@127.0.0.1:{port}/{path}"

    def client(self) -> imaplib.IMAP4:
        """A logged-in IMAP connection; log it out when done."""
        client = imaplib.IMAP4("127.0.0.1", self.port, timeout=10)
        client.login(USER, PASSWORD)
        return client

    def deliver(self, raw: bytes, folder: str = "INBOX") -> None:
        """Put a message into ``folder`` (created if missing) over IMAP APPEND."""
        client = self.client()
        try:
            if folder != "INBOX":
                client.create(_quoted(folder))
            typ, data = client.append(_quoted(folder), "", None, raw)
            assert typ == "OK", data
        finally:
            client.logout()

    def seen(self, folder: str = "INBOX") -> list[bool]:
        """Whether each message in ``folder``, in order, is flagged \\Seen."""
        client = self.client()
        try:
            typ, count = client.select(_quoted(folder), readonly=True)
            assert typ == "OK", count
            if count == [b"0"]:
                return []
            _, flags = client.fetch("1:*", "(FLAGS)")
            return [b"\\Seen" in part for part in flags if isinstance(part, bytes)]
        finally:
            client.logout()


def _quoted(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.fixture
def imap(settings: Any, tmp_path: Path) -> Iterator[ImapServer]:
    """A running private Dovecot, and ``IMAP_URL`` pointing at its user's INBOX."""
    server = ImapServer(tmp_path / "imap")
    server.start()
    settings.IMAP_URL = server.url()
    yield server
    server.stop()
