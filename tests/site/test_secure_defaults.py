"""Production settings' cookies: every cookie the site sets is Secure, SameSite and, but for the
CSRF token, HttpOnly.

The pages are asked in a process of their own on production settings (a key,
DEBUG off, an https SITE_URL, SQLite for a database): the suite's own settings
run with DEBUG on over plain http.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.site.sqlite_helpers import on_sqlite

PRODUCTION = {
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-0123456789abcdefXYZ",
    "DEBUG": "0",
    "SITE_URL": "https://pirates.example.org",
    "ALLOWED_HOSTS": "pirates.example.org",
}

# Each page that sets a cookie: a form's page (the CSRF token), the language switch, a
# moderator's sign-in (the session), an admin change (a flash message), the sign-out.
SCRIPT = """
import json
from django.contrib.auth.models import User
from django.test import Client

User.objects.create_superuser("captain", "captain@example.org", "a long pass phrase 42")
client = Client(HTTP_HOST="pirates.example.org")
cookies = []
for method, path, form in [
    ("get", "/signin/", None),
    ("post", "/i18n/setlang/", {"language": "de", "next": "/"}),
    ("post", "/admin/login/", {"username": "captain", "password": "a long pass phrase 42"}),
    ("post", "/admin/auth/group/add/", {"name": "crew"}),
    ("get", "/admin/", None),
    ("post", "/admin/logout/", {}),
]:
    response = getattr(client, method)(path, form, secure=True)
    assert response.status_code < 400, (path, response.status_code)
    for name, morsel in response.cookies.items():
        cookies.append({
            "page": path, "name": name, "deleted": morsel["max-age"] == 0,
            "secure": bool(morsel["secure"]), "httponly": bool(morsel["httponly"]),
            "samesite": morsel["samesite"],
        })
print(json.dumps(cookies))
"""


def test_every_cookie_is_secure_and_same_site_on_production_settings(tmp_path: Path) -> None:
    cookies = json.loads(on_sqlite(tmp_path, SCRIPT, **PRODUCTION).strip().splitlines()[-1])
    names = {cookie["name"] for cookie in cookies}
    assert names == {"csrftoken", "django_language", "sessionid", "messages"}, cookies
    for cookie in cookies:
        assert cookie["samesite"] == "Lax", cookie
        if cookie["deleted"]:
            continue  # an empty cookie that expires at once carries nothing to protect
        assert cookie["secure"], cookie
        assert cookie["httponly"] == (cookie["name"] != "csrftoken"), cookie
