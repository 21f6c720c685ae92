"""``manage.py vapid_keys``: print a new VAPID key for browser push, as the setting
``NOTICE_VAPID_PRIVATE_KEY`` takes it, and its public half (which the site derives)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.notices.push import vapid_key_new


class Command(BaseCommand):
    help = "Print a new VAPID key pair (P-256) for browser push, base64url."

    def handle(self, *args: Any, **options: Any) -> None:
        private, public = vapid_key_new()
        self.stdout.write(f"NOTICE_VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"# its public key, which the site derives: {public}")
