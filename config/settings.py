"""The one settings module. Everything that differs between machines comes from the environment.

README.md lists every variable with its default. The defaults describe the embedded run (one
machine, SQLite and a private redis-server under var/); the scale-out run sets DATABASE_URL,
REDIS_URL and friends.
"""

import os
from pathlib import Path

import dj_database_url
import django_stubs_ext
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from config.env import (
    celery_broker_url_for,
    env_bool,
    env_int,
    env_list,
    secret_key_from_file,
    vapid_key_from_file,
)

# Django's generic classes (ModelAdmin, ModelForm, QuerySet...) take their type at runtime too.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

VAR_DIR = Path(os.environ.get("VAR_DIR") or BASE_DIR / "var").resolve()

# Off unless asked for: `./dev run` asks for it, tests and deployments do not.
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY") or secret_key_from_file(VAR_DIR / "secret_key")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "games.web.unavailable.RedisUnavailableMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed for the phone's network (static files come compressed from WhiteNoise);
    # Django's gzip pads each response against BREACH.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.profiles.middleware.TimeZoneMiddleware",
    "accounts.moderation.middleware.BannedMemberMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
# Every reaction to a write's events, read by games.news.publish at the first event.
NEWS_SUBSCRIBERS = "config.subscribers"
# Every kind of live page, read by games.live.pages at the first page socket.
LIVE_PAGES = "config.pages"
# The places with a chat of their own beside the tables (games.tables.services.chat).
CHAT_PLACES = "config.chats"
# Every table of words kept by code (acts, notice kinds, reasons to reach a member), read by
# accounts' audit log and notices.
WORD_TABLES = "config.words"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.members.context_processors.language_buttons",
                "accounts.notices.context_processors.unread_notices",
                "games.web.context_processors.game_catalogue",
            ],
            # Template tags live with the pages (games/web), not at the app's root.
            "libraries": {
                "table_tags": "games.web.templatetags.table_tags",
                "daily_tags": "games.web.templatetags.daily_tags",
                "chat_tags": "games.web.templatetags.chat_tags",
                # Dates, times and numbers in the reader's language and zone (issue 33).
                "formats": "accounts.profiles.format_tags",
            },
        },
    },
]

# --- Database -------------------------------------------------------------------------------

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        # Persistent connections do not mix with ASGI's per-request threads: Django's advice.
        conn_max_age=0,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    _sqlite_file = Path(DATABASES["default"]["NAME"])
    DATABASES["default"]["OPTIONS"] = {
        # Daphne, the worker and beat write to one file: WAL lets readers run beside a writer,
        # and IMMEDIATE takes the write lock up front instead of failing half-way.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A file, not Django's in-memory default, so that test subprocesses (Daphne, a Celery
    # worker) see the rows a test wrote.
    DATABASES["default"]["TEST"] = {
        "NAME": str(_sqlite_file.with_name(f"test_{_sqlite_file.name}"))
    }

elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A pool in each process: without it every database call of a socket or a Celery job opens
    # a connection (CONN_MAX_AGE is 0), which costs PostgreSQL a new backend process each time.
    # No health check on every checkout (a round trip each): the pool drops connections that
    # fail, and replaces idle ones after max_idle.
    # Server-side binding, and statements prepared on their fifth run in a connection: the row
    # lock every move takes is a five-table join whose planning alone cost more than running it
    # (bench/bench_move.py: 0.52 ms, 0.27 ms prepared; a move 2.04 ms, 1.64 ms). Django turns
    # preparing off for connection poolers such as PgBouncer; we pool in the process instead.
    DATABASES["default"]["OPTIONS"] = {
        "pool": {"min_size": 1, "max_size": 8, "timeout": 20},
        "server_side_binding": True,
        "prepare_threshold": 5,
    }
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer, cache, Celery broker ---------------------------------------------

REDIS_URL = os.environ.get("REDIS_URL") or f"unix://{VAR_DIR / 'redis.sock'}"
# Pub/sub channels are shared by every Redis database number, so separate sites (or test runs)
# on one Redis need their own prefix.
REDIS_KEY_PREFIX = os.environ.get("REDIS_KEY_PREFIX") or "taash"

CHANNEL_LAYERS = {
    "default": {
        # Not RedisChannelLayer: it drops group messages silently when a channel is full
        # (DESIGN.md, "Channel layer").
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_KEY_PREFIX},
    }
}

CACHES = {
    "default": {
        # A real shared cache: allauth's rate limits count in it across every server process.
        "BACKEND": "config.cache.ProcessRedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": REDIS_KEY_PREFIX,
        # A Redis that does not answer fails a request in a second, not after the client's
        # default wait (games.web.unavailable shows a page that says so).
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
}

CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or celery_broker_url_for(REDIS_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# One site's jobs stay its own on a shared Redis: its queue is named for its prefix, and every
# key Celery makes there (queues, their bindings, unacknowledged jobs, the control and event
# channels) carries the prefix. Without both a second site's worker took this one's bot turns
# (issue 17). On RabbitMQ a site has a virtual host of its own (README).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE") or REDIS_KEY_PREFIX
if CELERY_BROKER_URL.startswith("redis"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {"global_keyprefix": f"{REDIS_KEY_PREFIX}:"}
CELERY_TASK_IGNORE_RESULT = True
# A job whose worker died is run again rather than forgotten (DESIGN.md, "Celery countdowns").
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes a prefork process's whole connection pool before and after every
# job unless this is set: a new pool, its threads and a new PostgreSQL backend for each job. Under
# load the jobs queued waiting for their connections (py-spy: both pool processes in getconn at
# 200 tables with bots). Set, it closes them every 2 x this many jobs, and each job gives its
# connection back to the process's pool as a request does (config/celery.py).
CELERY_DB_REUSE_MAX = 500
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    # Turn clocks whose timeout job came late or was lost (DESIGN.md, "Celery countdowns").
    "tables-sweep": {"task": "games.tasks.tables_sweep", "schedule": 2.0},
    # The ranked queues form tables (issue 32, games.ranked).
    "ranked-queues-form": {"task": "games.tasks.ranked_queues_form", "schedule": 2.0},
    # Tournament starts at their time, and round checks a lost job left undone.
    "tournaments-sweep": {"task": "tournaments.tasks.tournaments_sweep", "schedule": 10.0},
    "series-ahead": {"task": "tournaments.tasks.series_ahead", "schedule": 3600.0},
    # Midnight in Asia/Kolkata (UTC+05:30, the daily deal's day: games.daily.days) is 18:30
    # UTC; the job runs at half past every hour, that one included, so that a run missed (a
    # worker down) is made up within the hour: it is idempotent.
    "daily-deals": {
        "task": "games.tasks.daily_deals_make",
        "schedule": crontab(minute=30),
    },
    # The months' titles (issue 32, point 6): a month ends at 18:30 UTC (midnight in India),
    # its titles wait five minutes for a match committed in its last second; every hour, so a
    # missed run is made up. Idempotent (accounts.ratings.seasons).
    "month-titles": {"task": "accounts.tasks.month_titles_give", "schedule": crontab(minute=35)},
}

# The load benchmark's floor: a bare echo socket at /ws/echo/ (bench/bench_tables.py).
BENCH_ECHO = env_bool("BENCH_ECHO", False)

# --- Accounts -------------------------------------------------------------------------------

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"

ACCOUNT_ADAPTER = "accounts.members.adapter.AccountAdapter"
# Sign-up also asks the member's time zone, the browser's offered (issue 33).
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.members.forms.SignupZoneForm"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_USERNAME_MIN_LENGTH = 3
# A confirmation mail is sent, but play does not wait for it.
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
}

SESSION_COOKIE_AGE = 60 * 60 * 24 * 30

# Behind proxies every request comes from the proxy's address, and the rate limits above would
# count the whole site as one client. How many proxies of our own stand in front: allauth then
# takes the client's address that many places from the right of X-Forwarded-For (a client can
# only add to the left of it). 0 trusts no header.
ALLAUTH_TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
# Or a header the proxy alone sets to the client's address (X-Real-IP, CF-Connecting-IP).
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = os.environ.get("TRUSTED_CLIENT_IP_HEADER") or None

# A visitor's try at the daily deal costs a table, and a new session is only a dropped cookie
# away: at most this many begin from one client address (as allauth determines it, above) in
# an hour, so that one script cannot spend the site's hourly share of visitors' tries
# (games.daily.addresses). Members are never counted.
DAILY_VISITOR_TRIES_PER_ADDRESS = env_int("DAILY_VISITOR_TRIES_PER_ADDRESS", 10)

# --- Languages ------------------------------------------------------------------------------

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("hi", _("Hindi")), ("ur", _("Urdu"))]
# Ours first, then translations of library strings that Django and allauth leave untranslated.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "vendor_locale"]
USE_I18N = True
LANGUAGE_COOKIE_AGE = 60 * 60 * 24 * 365
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"

# Stored and computed in UTC; shown in each reader's zone (accounts.profiles.middleware).
TIME_ZONE = "UTC"
USE_TZ = True
# Django's own date and number forms, where a page or a form still uses them: day before
# month, Indian grouping (Django's English is American's). Pages use accounts.profiles.formats.
FORMAT_MODULE_PATH = ["config.formats"]

# --- Static files ---------------------------------------------------------------------------

STATIC_URL = "static/"
STATICFILES_DIRS = [
    BASE_DIR / "static",
    # Offline play (games.offline): Pyodide from npm (package-lock.json) and the engine packed
    # by games.offline.build; ./dev installs and builds both.
    ("vendor/pyodide", BASE_DIR / "node_modules" / "pyodide"),
    ("offline", BASE_DIR / "build" / "offline"),
]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed names (cache-busting) need `collectstatic`; in DEBUG files are served as they are.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "config.storage.HashedStaticFilesStorage"
    },
}

# --- Mail -----------------------------------------------------------------------------------

EMAIL_BACKEND = (
    os.environ.get("EMAIL_BACKEND") or "django.core.mail.backends.filebased.EmailBackend"
)
EMAIL_FILE_PATH = VAR_DIR / "mail"
EMAIL_HOST = os.environ.get("EMAIL_HOST") or "localhost"
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL") or "Taash <noreply@localhost>"
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Where the site is seen from outside: the links in its mails and push notifications.
SITE_URL = os.environ.get("SITE_URL") or "http://127.0.0.1:8000"

# --- Web Push -------------------------------------------------------------------------------

# The key push services know this site by (RFC 8292): one for the whole deployment, or every
# browser's subscription stops working (accounts.notices.push).
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY") or vapid_key_from_file(
    VAR_DIR / "vapid_private_key"
)
# Whom a push service may contact about this site's pushes.
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT") or "mailto:noreply@localhost"

# --- HTTPS ----------------------------------------------------------------------------------

SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
# Off by default: HSTS is remembered by browsers for its whole lifetime, and the TLS proxy
# usually redirects to HTTPS itself. A deployment over HTTPS turns them on (README.md).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if env_bool("USE_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): the pages load only this site's own scripts, styles and
# images, and talk only to this site (CSP 3's 'self' covers its ws:/wss: sockets). No inline
# script or style anywhere: the pages' data travels in json_script elements, which are not run.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL") or "INFO"},
}
