"""Settings, read from the environment.

With nothing set, the *embedded default* runs on one machine: SQLite in
``var/``, a local-memory cache, ``DEBUG`` on, a development secret key and the
development mailbox at ``/dev/mail/``. Anything more (``CONFIGURED`` below)
needs a ``SECRET_KEY`` of its own, and ``DEBUG`` is then off unless ``DEBUG``
says otherwise. Production sets at least ``SECRET_KEY``, ``DATABASE_URL``,
``REDIS_URL``, ``SITE_URL`` and ``ALLOWED_HOSTS``; ``manage.py check --deploy``
then passes.
"""

from __future__ import annotations

import ipaddress
import os
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import dj_database_url
from csp import constants as csp
from django.core.exceptions import ImproperlyConfigured
from django.utils.log import DEFAULT_LOGGING

BASE_DIR = Path(__file__).resolve().parent.parent
# The embedded default's files (SQLite, broker, beat schedule, emails); VAR_DIR moves them.
VAR_DIR = Path(os.environ.get("VAR_DIR") or BASE_DIR / "var")


def _flag(name: str, default: bool) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {value!r}.")


def _list(name: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def _loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (so a site under it is not reachable)."""
    if host.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
_site_host = urlsplit(SITE_URL).hostname or "localhost"

# What moves the service off the embedded default: a shared service, or an address others can
# reach (a SITE_URL or ALLOWED_HOSTS beyond this machine's loopback). Any of them needs a real
# SECRET_KEY: the development key below is published, so anyone could sign seat links with it.
_SERVICES = (
    "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL", "EMAIL_HOST", "IMAP_URL",
)  # fmt: skip
CONFIGURED = [name for name in _SERVICES if os.environ.get(name, "").strip()]
if os.environ.get("SITE_URL", "").strip() and not _loopback(_site_host):
    CONFIGURED.append("SITE_URL")
if any(not _loopback(host) for host in _list("ALLOWED_HOSTS")):
    CONFIGURED.append("ALLOWED_HOSTS")
EMBEDDED_DEFAULT = not CONFIGURED

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and CONFIGURED:
    raise ImproperlyConfigured(
        f"SECRET_KEY must be set: {', '.join(CONFIGURED)} configure a service beyond the "
        "embedded default. Set SECRET_KEY to a long random string of your own, e.g. "
        "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )
# DEBUG is on by default only for the embedded default without a key of its own.
DEBUG = _flag("DEBUG", default=EMBEDDED_DEFAULT and not SECRET_KEY)
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "development only: never use this key for a service others can reach"

ALLOWED_HOSTS = _list("ALLOWED_HOSTS") or (
    [_site_host, "localhost", "127.0.0.1", "[::1]"] if DEBUG else [_site_host]
)
CSRF_TRUSTED_ORIGINS = [SITE_URL]
# How many reverse proxies in front of the site append to X-Forwarded-For: the client's real
# address is that many entries from the header's right (games.web.clients); 0 trusts no header.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "games",
]

# games.api.middleware's three are Django's and django-htmx's own, skipped under /api/.
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "games.api.errors.ApiErrorMiddleware",
    "games.web.unavailable.UnavailableMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "games.api.middleware.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "games.api.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "games.api.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "freibeuter_site.urls"
WSGI_APPLICATION = "freibeuter_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.web.context.site",
            ],
        },
    },
]

# Database: PostgreSQL (psycopg 3) in production and CI; SQLite is the embedded default.
if os.environ.get("DATABASE_URL"):
    DATABASES = {
        "default": dj_database_url.config(
            conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")), conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend with fewer round trips (freibeuter_site/db/base.py).
        DATABASES["default"]["ENGINE"] = "freibeuter_site.db"
    # Behind PgBouncer in transaction mode (DATABASE_URL names the pooler) no cursor may outlive
    # its transaction; the outbox listener, which needs a session of its own (LISTEN and a
    # session advisory lock), then connects to PostgreSQL itself (LISTENER_DATABASE_URL).
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = _flag(
        "DATABASE_TRANSACTION_POOLING", default=False
    )
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "freibeuter.sqlite3"),
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
LISTENER_DATABASE_URL = os.environ.get("LISTENER_DATABASE_URL", "")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache: state snapshots only; correctness never depends on it. REDIS_KEY_PREFIX begins every
# key the service writes, so instances can share one Redis database; the cache's and the
# broker's keys never share a prefix, and the cache's clear() deletes its own keys only.
REDIS_URL = os.environ.get("REDIS_URL", "")
REDIS_KEY_PREFIX = os.environ.get("REDIS_KEY_PREFIX", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "games.store.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": f"{REDIS_KEY_PREFIX}freibeuter",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: Redis in production, else kombu's filesystem transport under var/ (no server). Tasks
# are idempotent, acked late and requeued when their worker dies; the sweeps back them up.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or REDIS_URL or "filesystem://"
if CELERY_BROKER_URL.startswith("filesystem://"):
    _broker_folder = VAR_DIR / "celery-broker"
    _broker_folder.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_folder),
        "data_folder_out": str(_broker_folder),
        "control_folder": str(_broker_folder / "control"),
        "store_processed": False,
    }
elif REDIS_KEY_PREFIX:
    CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": f"{REDIS_KEY_PREFIX}broker:"}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_TASK_SOFT_TIME_LIMIT = 30
CELERY_TASK_TIME_LIMIT = 60
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_PREFETCH_MULTIPLIER = int(os.environ.get("CELERY_PREFETCH", "4"))
# A publish never blocks a request for long: a lost task is found again by the sweeps.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# The service's name in page titles, the header, the footer and the sender of its emails.
SITE_NAME = os.environ.get("SITE_NAME", "Freibeuter")

# Mail: SMTP from EMAIL_URL (smtp://, smtp+tls://, smtp+ssl://) or Django's EMAIL_HOST & co.;
# with neither, .eml files under var/mail/. A site served from a bare IP mails from "localhost".
MAIL_DOMAIN = os.environ.get("MAIL_DOMAIN") or (
    "localhost" if re.fullmatch(r"[\d.]+|\[?[0-9a-fA-F:]+\]?", _site_host) else _site_host
)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", f"{SITE_NAME} <play@{MAIL_DOMAIN}>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
EMAIL_URL = os.environ.get("EMAIL_URL", "")
if EMAIL_URL:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    _mail = urlsplit(EMAIL_URL)
    if _mail.scheme not in ("smtp", "smtp+tls", "smtp+ssl"):
        raise ImproperlyConfigured("EMAIL_URL must start with smtp://, smtp+tls:// or smtp+ssl://.")
    EMAIL_HOST = _mail.hostname or "localhost"
    EMAIL_USE_TLS = _mail.scheme == "smtp+tls"
    EMAIL_USE_SSL = _mail.scheme == "smtp+ssl"
    EMAIL_PORT = _mail.port or (465 if EMAIL_USE_SSL else 587 if EMAIL_USE_TLS else 25)
    EMAIL_HOST_USER = unquote(_mail.username or "")
    EMAIL_HOST_PASSWORD = unquote(_mail.password or "")
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = _flag("EMAIL_USE_TLS", default=False)
    EMAIL_USE_SSL = _flag("EMAIL_USE_SSL", default=False)
else:
    EMAIL_BACKEND = "games.mail.backend.EmlFileBackend"
EMAIL_FILE_PATH = VAR_DIR / "mail"
# The development mailbox at /dev/mail/ shows the emails under var/mail/ and answers them as
# their recipients: only the embedded default serves it, never a configured service.
DEV_MAILBOX = EMBEDDED_DEFAULT and DEBUG
MAIL_RETRY_BASE_SECONDS = float(os.environ.get("MAIL_RETRY_BASE_SECONDS", "5"))
MAIL_RETRY_MAX_SECONDS = float(os.environ.get("MAIL_RETRY_MAX_SECONDS", "600"))
MAIL_LEASE_SECONDS = float(os.environ.get("MAIL_LEASE_SECONDS", "120"))
MAIL_UNQUEUED_GRACE_SECONDS = float(os.environ.get("MAIL_UNQUEUED_GRACE_SECONDS", "120"))
# Webhook notices (games.notices): https to public addresses only, unless a test or a private
# deployment allows plain http and private, loopback and link-local addresses.
NOTICE_ALLOW_PRIVATE = _flag("NOTICE_ALLOW_PRIVATE", default=False)
NOTICE_TIMEOUT_SECONDS = float(os.environ.get("NOTICE_TIMEOUT_SECONDS", "5"))
NOTICE_RETRY_BASE_SECONDS = float(os.environ.get("NOTICE_RETRY_BASE_SECONDS", "30"))
NOTICE_RETRY_MAX_SECONDS = float(os.environ.get("NOTICE_RETRY_MAX_SECONDS", "3600"))
# A channel whose sends failed so many times in a row is paused and its player told.
NOTICE_PAUSE_AFTER = int(os.environ.get("NOTICE_PAUSE_AFTER", "8"))
# Browser push (Web Push, games.notices.push): the operator's VAPID key, the raw P-256 private
# key in base64url (``manage.py vapid_keys`` makes one; its public half is derived), and the
# contact the push services may write to (RFC 8292's "sub"). No key: no push offered.
NOTICE_VAPID_PRIVATE_KEY = os.environ.get("NOTICE_VAPID_PRIVATE_KEY", "")
NOTICE_VAPID_SUBJECT = os.environ.get("NOTICE_VAPID_SUBJECT", f"mailto:play@{MAIL_DOMAIN}")
# DKIM (RFC 6376): outgoing mail is signed when all three are set. DKIM_PRIVATE_KEY is the PEM
# of an RSA key, or the path of a file holding it (a mounted secret).
DKIM_SELECTOR = os.environ.get("DKIM_SELECTOR", "")
DKIM_DOMAIN = os.environ.get("DKIM_DOMAIN", "")
DKIM_PRIVATE_KEY = os.environ.get("DKIM_PRIVATE_KEY", "").strip()
if DKIM_PRIVATE_KEY and not DKIM_PRIVATE_KEY.startswith("-----BEGIN"):
    try:
        DKIM_PRIVATE_KEY = Path(DKIM_PRIVATE_KEY).read_text().strip()
    except OSError as error:
        raise ImproperlyConfigured(
            f"DKIM_PRIVATE_KEY: cannot read the key file: {error}"
        ) from error
if bool(DKIM_PRIVATE_KEY) != bool(DKIM_SELECTOR) or bool(DKIM_SELECTOR) != bool(DKIM_DOMAIN):
    raise ImproperlyConfigured("DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN go together.")
# Inbound mail: the webhook /mail/inbound/ is open only when this secret is set.
INBOUND_MAIL_SECRET = os.environ.get("INBOUND_MAIL_SECRET", "")
# The authserv-id of our receiving server's Authentication-Results (RFC 8601); when set,
# a move by reply is played only if that header passes it (games.mail.inbound).
INBOUND_AUTHSERV_ID = os.environ.get("INBOUND_AUTHSERV_ID", "").strip().lower()
IMAP_URL = os.environ.get("IMAP_URL", "")
# fetch_mail gives up on an IMAP server that does not answer within this many seconds.
IMAP_TIMEOUT_SECONDS = float(os.environ.get("IMAP_TIMEOUT_SECONDS", "60"))

# Health and metrics: /healthz answers 503 once a sweep is this many minutes past its next run
# by the beat's schedule, or the broker does not answer within the timeout; /metrics exists
# only with a METRICS_TOKEN, sent as "Authorization: Bearer <token>".
HEALTH_SWEEP_LATE_MINUTES = float(os.environ.get("HEALTH_SWEEP_LATE_MINUTES", "5"))
HEALTH_BROKER_TIMEOUT_SECONDS = float(os.environ.get("HEALTH_BROKER_TIMEOUT_SECONDS", "2"))
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("fr", "Français")]
TIME_ZONE = "UTC"
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
# WhiteNoise serves the apps' static folders and each game's (games/kinds/<game>/static/) as
# they are: no collectstatic, no front-end build. STATIC_ROOT stays empty; WhiteNoise wants it.
WHITENOISE_USE_FINDERS = True
STATICFILES_DIRS = sorted((BASE_DIR / "games" / "kinds").glob("*/static"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)

# Request bodies larger than this are refused (the API answers 413).
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.auth.SeatTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.StrictJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": f"{SITE_NAME} play-by-email API",
    "DESCRIPTION": (
        "Games, per-seat views, legal moves, moves, history, records and fairness "
        "commitments. Authenticate as a seat with `Authorization: Seat <token>` (here: "
        "*Authorize*, then paste `Seat <token>`); a signed-in browser session works too."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # /api/docs/ and /api/redoc/ load Swagger UI and Redoc from this site's static files.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# Cookies: the session (with the flash messages that fall back to it), the CSRF token and the
# chosen language, each SameSite=Lax and Secure with DEBUG off; all but the CSRF token are
# HttpOnly (that one is in every form anyway: Django leaves it readable).
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = not DEBUG
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = LANGUAGE_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_HTTPONLY = LANGUAGE_COOKIE_HTTPONLY = True

# Content-Security-Policy on every response (django-csp): scripts and styles come from this site
# or carry the request's nonce (``request.csp_nonce``), so nothing inline runs that the page did
# not put there itself; no plugins, no <base>, no framing by another page, forms post only here.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [csp.SELF],
        "script-src": [csp.SELF, csp.NONCE],
        "style-src": [csp.SELF, csp.NONCE],
        "img-src": [csp.SELF, "data:"],
        "object-src": [csp.NONE],
        "base-uri": [csp.NONE],
        "frame-ancestors": [csp.NONE],
        "form-action": [csp.SELF],
    }
}

# Production hardening (``manage.py check --deploy`` passes with DEBUG off).
if not DEBUG:
    SECURE_SSL_REDIRECT = _flag("SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain HTTP
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = _flag("SECURE_HSTS_PRELOAD", default=True)
    if _flag("BEHIND_TLS_PROXY", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# No page's path (nor the token in it) goes to another site or back to this one as a Referer:
# the origin alone. Not "no-referrer": browsers then send "Origin: null" with a form's POST,
# which Django's CSRF check refuses.
SECURE_REFERRER_POLICY = "strict-origin"

# Django's loggers that print a request's path show no token in it (freibeuter_site.access_log;
# gunicorn's logs are redacted by its logger_class there). runserver's logger keeps Django's
# own handler and format.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"tokens": {"()": "freibeuter_site.access_log.PathRedaction"}},
    "formatters": {"django.server": DEFAULT_LOGGING["formatters"]["django.server"]},
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "django.server": DEFAULT_LOGGING["handlers"]["django.server"],
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # Refused requests (4xx) are the API working as designed; server errors still log.
        "django.request": {"level": "ERROR", "filters": ["tokens"]},
        "django.security.csrf": {"filters": ["tokens"]},
        "django.server": {**DEFAULT_LOGGING["loggers"]["django.server"], "filters": ["tokens"]},
    },
}
