# ruff: noqa: F811  (pytest fixtures imported from notice_helpers)
"""Browser push: a seat's push subscription is a channel delivered like the webhooks, to a
local receiver playing the browser's push service, which gets the notice encrypted to the
subscription's keys (RFC 8291) with a VAPID signature (RFC 8292); the test decrypts it as
the browser would. The address guard holds for push endpoints too, and the settings page
offers the subscribe button only when the operator set a VAPID key."""

from __future__ import annotations

import base64
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

import http_ece
import pytest
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from django.conf import settings as django_settings
from django.test import Client
from notice_helpers import Receiver, anne_moves, game, receiver  # noqa: F401

from games.errors import Refused
from games.models import Game, Notice, NoticeChannel
from games.notices.address import WebhookRefused
from games.notices.channels import push_add
from games.notices.delivery import notice_send, notices_due
from games.notices.push import application_server_key, vapid_key_new
from games.play.links import seat_token
from tests.clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's side of a push subscription: its P-256 key and its auth secret."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth_secret: bytes = field(default_factory=lambda: secrets.token_bytes(16))

    @property
    def p256dh(self) -> str:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return _b64(point)

    @property
    def auth(self) -> str:
        return _b64(self.auth_secret)

    def read(self, body: bytes) -> Any:
        """The message as the browser decrypts it (``aes128gcm``, the sender's key in it)."""
        return json.loads(
            http_ece.decrypt(
                body, private_key=self.key, auth_secret=self.auth_secret, version="aes128gcm"
            )
        )


@pytest.fixture
def vapid(settings: Any) -> None:
    """The operator's VAPID key, as ``manage.py vapid_keys`` makes one."""
    settings.NOTICE_VAPID_PRIVATE_KEY, _ = vapid_key_new()
    settings.NOTICE_VAPID_SUBJECT = "mailto:ops@example.org"


def _vapid_claims(authorization: str) -> dict[str, Any]:
    """The claims of a ``vapid t=…,k=…`` header, after checking its ES256 signature with the
    key it names, which must be the site's."""
    scheme, _, rest = authorization.partition(" ")
    fields = dict(part.split("=", 1) for part in rest.split(","))
    assert scheme == "vapid" and fields["k"] == application_server_key()
    head, claims, signature = fields["t"].split(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(fields["k"]))
    raw = _unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    return dict(json.loads(_unb64(claims)))


def test_a_push_subscription_gets_the_turn_encrypted_for_the_browser_alone(
    game: Game, receiver: Receiver, vapid: None
) -> None:
    """Bart's turn reaches his browser's push service as ciphertext that his browser's keys
    open: the game, whose turn, the deadline in his zone and language, the game's public
    page (never his play link); signed with the site's VAPID key for the service's origin."""
    bart = game.seats.get(display_name="Bart")
    browser = Browser()
    push_add(seat=bart, endpoint=receiver.url, p256dh=browser.p256dh, auth=browser.auth, now=T0)
    anne_moves(game)
    assert [notice_send(notice_id=pk) for pk in notices_due(now=T0)] == [True]

    (got,) = receiver.received
    assert got.path == "/hook/abc?x=1"
    assert got.headers["Content-Encoding"] == "aes128gcm" and got.headers["TTL"] == "86400"
    token = seat_token(bart)
    assert token.encode() not in got.body and b"Bart" not in got.body
    message = browser.read(got.body)
    link = f"{django_settings.SITE_URL}/games/{game.pk}/"
    assert message["type"] == "turn" and message["title"] == f"Freibeuter #{game.pk}"
    assert message["body"].startswith(f"Bart doit jouer dans Freibeuter #{game.pk}, jusqu'au ")
    assert "(Europe/Paris)" in message["body"] and message["url"] == link
    assert message["id"] == got.headers["X-Notice-Id"] and token not in json.dumps(message)
    with pytest.raises((InvalidTag, http_ece.ECEException)):  # another browser's opens nothing
        Browser().read(got.body)

    claims = _vapid_claims(got.headers["Authorization"])
    assert claims["aud"] == f"http://127.0.0.1:{receiver.port}"
    assert claims["sub"] == "mailto:ops@example.org" and claims["exp"] > T0.timestamp()


def test_the_address_guard_holds_for_push_endpoints(
    game: Game, receiver: Receiver, vapid: None, settings: Any
) -> None:
    """A push endpoint in a private network or over plain http is refused when it is added,
    and one that points there by the time of a send is not sent to; bad keys are refused."""
    bart = game.seats.get(display_name="Bart")
    browser = Browser()
    push_add(seat=bart, endpoint=receiver.url, p256dh=browser.p256dh, auth=browser.auth, now=T0)
    with pytest.raises(Refused):
        push_add(seat=bart, endpoint=receiver.url, p256dh=browser.p256dh, auth="short", now=T0)

    settings.NOTICE_ALLOW_PRIVATE = False
    for endpoint in ("https://10.1.2.3/push/x", "https://[::1]/push", "http://push.example/"):
        with pytest.raises(WebhookRefused):
            push_add(seat=bart, endpoint=endpoint, p256dh=browser.p256dh, auth=browser.auth, now=T0)
    anne_moves(game)
    assert [notice_send(notice_id=pk) for pk in notices_due(now=T0)] == [False]
    assert receiver.received == []
    notice = Notice.objects.get()
    assert notice.status == "pending" and "WebhookRefused" in notice.error


def test_a_push_without_the_sites_key_fails_and_is_not_sent(
    game: Game, receiver: Receiver, vapid: None, settings: Any
) -> None:
    """A subscription made while the site had a VAPID key gets nothing once the operator
    removed it: its notice fails for good, saying why."""
    browser = Browser()
    bart = game.seats.get(display_name="Bart")
    push_add(seat=bart, endpoint=receiver.url, p256dh=browser.p256dh, auth=browser.auth, now=T0)
    settings.NOTICE_VAPID_PRIVATE_KEY = ""
    anne_moves(game)
    assert [notice_send(notice_id=pk) for pk in notices_due(now=T0)] == [False]
    notice = Notice.objects.get()
    assert notice.status == "failed" and "no VAPID key" in notice.error
    assert receiver.received == []


def test_the_settings_page_offers_push_with_the_sites_key(
    game: Game, receiver: Receiver, settings: Any
) -> None:
    """Without a VAPID key no push is offered; with one the page has the subscribe button
    with the site's public key and its service worker, and the subscription the page posts
    becomes a channel, listed as a browser push in the player's language."""
    anne = game.seats.get(display_name="Anne")
    page = f"/play/{seat_token(anne)}/mail/"
    assert 'id="push-subscribe"' not in Client().get(page).content.decode()

    settings.NOTICE_VAPID_PRIVATE_KEY, public = vapid_key_new()
    shown = Client().get(page).content.decode()
    assert f'data-key="{public}"' in shown and "games/push-sw" in shown
    assert "Benachrichtigungen in diesem Browser" in shown

    browser = Browser()
    subscribed = Client().post(
        page,
        {
            "action": "push-add",
            "endpoint": receiver.url,
            "p256dh": browser.p256dh,
            "auth": browser.auth,
        },
    )
    said = subscribed.content.decode()
    assert subscribed.status_code == 200
    assert "Dieser Browser bekommt jetzt deine Zugbenachrichtigungen." in said
    channel = NoticeChannel.objects.get(seat=anne)
    assert (channel.kind, channel.push_key, channel.push_auth) == (
        "push",
        browser.p256dh,
        browser.auth,
    )
    assert "Browser-Push" in said
    refused = Client().post(page, {"action": "push-add", "endpoint": receiver.url, "auth": "x"})
    assert refused.status_code == 400
