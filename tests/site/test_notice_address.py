"""The webhook guard: https to public addresses only, every address a name answers checked,
and the connection made to the address checked, so DNS rebinding reaches nothing private."""

from __future__ import annotations

import socket
import ssl
import subprocess
from pathlib import Path
from typing import Any

import pytest
from notice_helpers import Receiver, free_port

from games.models import Notice, NoticeChannel
from games.notices.address import WebhookRefused, webhook_target
from games.notices.webhooks import SendFailed, notice_post

PUBLIC = "93.184.216.34"
"""A public address (IANA's example.com) that answers on no port a test uses."""


def _answers(*addresses: str) -> list[tuple[Any, ...]]:
    """What ``socket.getaddrinfo`` answers for a name with ``addresses``."""
    return [
        (socket.AF_INET6, socket.SOCK_STREAM, 6, "", (a, 443, 0, 0))
        if ":" in a
        else (socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, 443))
        for a in addresses
    ]


class Rebinding:
    """A resolver that answers a public address first and a private one after."""

    def __init__(self, private: str) -> None:
        self.private, self.calls = private, 0

    def __call__(self, host: str, port: int, **kwargs: Any) -> list[tuple[Any, ...]]:
        self.calls += 1
        return _answers(PUBLIC if self.calls == 1 else self.private)


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "169.254.169.254",
        "100.64.0.1",
        "0.0.0.0",
        "224.0.0.1",
        "::1",
        "fe80::1",
        "fc00::1",
        "::ffff:127.0.0.1",
        "ff02::1",
    ],
)
def test_it_refuses_private_loopback_link_local_and_multicast_addresses(address: str) -> None:
    """Whether typed as a literal or answered by the name's resolution."""
    literal = f"[{address}]" if ":" in address else address
    with pytest.raises(WebhookRefused):
        webhook_target(f"https://{literal}/hook")
    with pytest.raises(WebhookRefused):
        webhook_target("https://hooks.example/hook", resolve=lambda *a, **k: _answers(address))


def test_a_name_answering_a_public_and_a_private_address_is_refused() -> None:
    with pytest.raises(WebhookRefused):
        webhook_target(
            "https://hooks.example/", resolve=lambda *a, **k: _answers(PUBLIC, "10.0.0.1")
        )


@pytest.mark.parametrize(
    "url",
    [
        "http://hooks.example/",
        "ftp://hooks.example/",
        "https://user:pw@hooks.example/",
        "https:///nohost",
        "https://hooks.example:99999/",
    ],
)
def test_it_refuses_what_is_not_plain_https(url: str) -> None:
    with pytest.raises(WebhookRefused):
        webhook_target(url, resolve=lambda *a, **k: _answers(PUBLIC))


def test_a_public_name_is_pinned_to_its_first_address() -> None:
    target = webhook_target(
        "https://hooks.example:8443/a/b?c=d", resolve=lambda *a, **k: _answers(PUBLIC)
    )
    assert (target.host, target.address, target.port, target.path) == (
        "hooks.example",
        PUBLIC,
        8443,
        "/a/b?c=d",
    )


def test_a_rebinding_name_never_reaches_the_private_address(settings: Any) -> None:
    """The name is resolved once: the request goes to the public address it answered first
    (here unreachable), never to the loopback receiver it answers afterwards."""
    settings.NOTICE_TIMEOUT_SECONDS = 0.5
    local = Receiver(port=free_port())
    local.start()
    try:
        resolver = Rebinding("127.0.0.1")
        channel = NoticeChannel(
            kind="json", url=f"https://rebind.example:{local.port}/", secret="s"
        )
        notice = Notice(channel=channel, kind="test", notice_id="test-1", context={"text": "t"})
        with pytest.raises(SendFailed) as failure:
            notice_post(notice, timestamp=0, resolve=resolver)
        assert f"host='{PUBLIC}'" in failure.value.message
        assert resolver.calls == 1
        assert local.received == []
    finally:
        local.stop()


def _certificate(folder: Path, name: str) -> ssl.SSLContext:
    """A server context with a self-signed certificate for ``name``, which the process's
    clients trust (``SSL_CERT_FILE`` names it)."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={name}",
         "-addext", f"subjectAltName=DNS:{name}"],
        check=True, capture_output=True,
    )  # fmt: skip
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


@pytest.mark.parametrize("certified", ["hooks.test", "other.test"])
def test_https_goes_to_the_checked_address_and_verifies_the_hosts_certificate(
    certified: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """The request connects to the address the name was resolved to, yet TLS checks the
    certificate against the name in the URL: another name's certificate is refused."""
    settings.NOTICE_ALLOW_PRIVATE = True
    tls = _certificate(tmp_path, certified)
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "cert.pem"))
    local = Receiver(port=free_port(), tls=tls)
    local.start()
    try:
        url = f"https://hooks.test:{local.port}/hook"
        channel = NoticeChannel(kind="slack", url=url, secret="s")
        notice = Notice(channel=channel, kind="test", notice_id="test-2", context={"text": "t"})

        def resolver(*args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
            return _answers("127.0.0.1")

        if certified == "hooks.test":
            notice_post(notice, timestamp=0, resolve=resolver)
            (got,) = local.received
            assert got.headers["Host"] == f"hooks.test:{local.port}"
            assert got.json() == {"text": "t"}
        else:
            with pytest.raises(SendFailed, match="certificate|hostname"):
                notice_post(notice, timestamp=0, resolve=resolver)
            assert local.received == []
    finally:
        local.stop()
