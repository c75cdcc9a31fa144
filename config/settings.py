"""Settings for the league service, all read from the environment (docs/operations.md).

The defaults give the embedded set-up: an SQLite file and Celery's filesystem broker under
``var/``, so the service runs with nothing to install. ``DATABASE_URL`` switches to
PostgreSQL and ``REDIS_URL`` to Redis (broker and cache). ``MAGNOBALL_PRODUCTION=1`` turns
on the deployment hardening and refuses to start without a real ``SECRET_KEY``.
"""

from __future__ import annotations

import ssl
from datetime import timedelta
from pathlib import Path

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    env_bool,
    env_email_url,
    env_float,
    env_int,
    env_int_list,
    env_list,
    env_str,
    env_url,
)
from league.broker.queues import DEFAULT as DEFAULT_QUEUE
from league.broker.queues import QUEUES, SIMULATIONS
from league.broker.queues import ROUTES as TASK_ROUTES
from league.secret_key import secret_key_weaknesses

# Django's generic classes take the type parameters strict mypy asks for (ModelAdmin[Team]).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("MAGNOBALL_VAR_DIR") or BASE_DIR / "var")
# Runtime files (SQLite, the filesystem broker, collected static files) live here; the
# folders must exist before SQLite or WhiteNoise look at them.
(VAR_DIR / "static").mkdir(parents=True, exist_ok=True)

PRODUCTION = env_bool("MAGNOBALL_PRODUCTION", False)
DEBUG = env_bool("DJANGO_DEBUG", not PRODUCTION)

# The product's name, in every page's title and heading, the admin's, the API schema's and the
# mails' (league/context_processors.py gives templates ``product_name``).
PRODUCT_NAME = env_str("PRODUCT_NAME") or "Tabletop League"

# Only ever used on a developer's machine; production refuses it below.
DEVELOPMENT_SECRET_KEY = "development-only-secret-key-do-not-use-in-production"
SECRET_KEY = env_str("SECRET_KEY") or DEVELOPMENT_SECRET_KEY

if PRODUCTION:
    if DEBUG:
        raise ImproperlyConfigured("DJANGO_DEBUG must be off when MAGNOBALL_PRODUCTION is on.")
    # With DEBUG off in any mode, the system check league.E001 refuses these as well.
    if SECRET_KEY == DEVELOPMENT_SECRET_KEY or secret_key_weaknesses(SECRET_KEY):
        raise ImproperlyConfigured(
            "MAGNOBALL_PRODUCTION needs SECRET_KEY: at least 50 random characters, e.g. from "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
        )

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]", "testserver"]
)
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("MAGNOBALL_PRODUCTION needs ALLOWED_HOSTS (comma-separated).")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our static files, not a CDN
    "axes",  # failed sign-ins and lockouts (docs/operations.md)
    "csp",
    # Our apps, in their import order: a lower app never imports a higher one.
    "league",
    "league.signup",  # the core's sign-ups: accounts, requests to join (its own migrations)
    "league.webhooks",  # the core's signed webhooks (label "webhooks"), its own migrations
    "league.exchange_jobs",  # export and import jobs (docs/data.md), within the core
    "league.honours",  # the core's honours: awards, MVP vote, records
    "league.odds",  # the power ranking and playoff odds: part of the core, knows no game
    "rosters",
    "injuries",
    "games",
    "arenaball",  # beside MagnoBall's apps, independent of them
    "mn11",  # beside both, independent of them
    "api",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # django-axes turns a locked-out sign-in into the lockout page (outside every other
    # middleware but the outage page, which must see the view's exceptions first).
    "axes.middleware.AxesMiddleware",
    # Last, so it sees the view's exceptions first: an outage is a 503, not a 500.
    "league.outage.OutageMiddleware",
]

ROOT_URLCONF = "config.urls"

# The game a new league plays when none is named (league/rulesets.py); each game's app registers
# its ruleset when Django starts.
DEFAULT_RULESET = "magnoball"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

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
                "league.context_processors.product",
            ],
        },
    },
]

# --- Database -------------------------------------------------------------------------------

# Every client of the database, the cache and the broker gives up after a few seconds: an
# outage costs a clear error and a retry, never a hung request or worker.
DB_CONNECT_TIMEOUT = env_int("DB_CONNECT_TIMEOUT", 5, minimum=1)
DB_STATEMENT_TIMEOUT_MS = env_int("DB_STATEMENT_TIMEOUT_MS", 30_000, minimum=0)
# What the planner takes a random page read to cost against a sequential one. PostgreSQL's
# default, 4, is a spinning disk's; on SSDs, or with the data in memory, 1.1 is the usual
# value. With 4, the reads of a result's lines and of the season's games scanned whole tables
# that grow all season (docs/performance.md, "Prepared statements and the planner").
DB_RANDOM_PAGE_COST = env_float("DB_RANDOM_PAGE_COST", 1.1, above=0)
# Off behind a pooler in transaction mode, which cannot keep a session's prepared statements.
DB_PREPARED_STATEMENTS = env_bool("DB_PREPARED_STATEMENTS", True)
DATABASE_URL = env_url("DATABASE_URL", schemes=("postgres", "postgresql", "sqlite"))
if DATABASE_URL:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=env_int("DB_CONN_MAX_AGE", 60, minimum=0)
        )
    }
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            {
                "connect_timeout": DB_CONNECT_TIMEOUT,
                # The server ends a statement that runs too long; keepalives notice a
                # server that went away without closing the socket.
                "options": (
                    f"-c statement_timeout={DB_STATEMENT_TIMEOUT_MS} "
                    f"-c random_page_cost={DB_RANDOM_PAGE_COST:g}"
                ),
                "keepalives": 1,
                "keepalives_idle": 10,
                "keepalives_interval": 5,
                "keepalives_count": 3,
                "tcp_user_timeout": DB_CONNECT_TIMEOUT * 2000,
            }
        )
        if DB_PREPARED_STATEMENTS:
            # A statement sent a second time on a connection is prepared: the server plans
            # it once, not on every result (docs/performance.md). Values go apart from
            # the SQL for that (server-side binding), so the set-based writes, whose text is
            # the same for any number of rows, are prepared too.
            DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=1)
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "magnoball.sqlite3"),
            "OPTIONS": {
                # The web server and the Celery worker share the file: WAL lets readers go on
                # while one writes, IMMEDIATE takes the write lock up front (no upgrade
                # deadlocks) and the timeout waits for it instead of failing at once.
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis, cache and Celery ----------------------------------------------------------------

REDIS_URL = env_url("REDIS_URL", schemes=("redis", "rediss"))
REDIS_TIMEOUT = env_int("REDIS_TIMEOUT", 2, minimum=1)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "SOCKET_CONNECT_TIMEOUT": REDIS_TIMEOUT,
                "SOCKET_TIMEOUT": REDIS_TIMEOUT,
                # The cache holds throttle counters, cached pages and the marks of queued
                # ratings refreshes: with Redis away, reads miss and writes are dropped
                # (logged), and pages and the API go on serving.
                "IGNORE_EXCEPTIONS": True,
            },
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_DIR = VAR_DIR / "celery"
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    # kombu's Redis transport, its acknowledgements safe to fail (league/broker/): a stalled
    # Redis cost the workers their prefetch places for good.
    CELERY_BROKER_TRANSPORT = "league.broker.redis_transport:Transport"
    if REDIS_URL.startswith("rediss://"):
        # The certificate checked (kombu names its own transport to switch TLS on; ours is
        # named by its path, so TLS is asked for here, verified).
        CELERY_BROKER_USE_SSL = {"ssl_cert_reqs": ssl.CERT_REQUIRED}
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        # Longer than the longest job, so a slow job is not handed to a second worker. A
        # job whose worker died is taken back by the sweep long before (heartbeats).
        "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600, minimum=60),
        "socket_timeout": REDIS_TIMEOUT,
        "socket_connect_timeout": REDIS_TIMEOUT,
        "socket_keepalive": True,
        "health_check_interval": 10,
    }
else:
    CELERY_BROKER_URL = "filesystem://localhost/"  # the host is ignored; naming one quiets kombu
    # kombu's filesystem transport with atomic writes (league/broker/): its reader took a
    # message file half-written and the worker stopped.
    CELERY_BROKER_TRANSPORT = "league.broker.filesystem_transport:Transport"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_BROKER_DIR / "queue"),
        "data_folder_out": str(CELERY_BROKER_DIR / "queue"),
        "processed_folder": str(CELERY_BROKER_DIR / "processed"),
        "control_folder": str(CELERY_BROKER_DIR / "control"),
        "store_processed": False,
        # The folder is polled: a short interval keeps a season's chain of jobs moving.
        "polling_interval": 0.2,
    }
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT
# The queues by kind (league/broker/queues.py, docs/operations.md "Queues"): a worker without
# -Q consumes them all; the sweeps and other bookkeeping go to "default".
CELERY_TASK_DEFAULT_QUEUE = DEFAULT_QUEUE
CELERY_TASK_QUEUES: dict[str, dict[str, object]] = {name: {} for name in QUEUES}
# The installed games' tasks that need a queue of their own, named here beside the installed
# apps (the core names no game): a worker's simulation is never behind an odds run's chunks.
GAME_TASK_ROUTES = {"games.tasks.simulate_fixture": SIMULATIONS}
CELERY_TASK_ROUTES = {
    task: {"queue": queue} for task, queue in {**TASK_ROUTES, **GAME_TASK_ROUTES}.items()
}
# A request hands a job to the broker once, quickly: if the broker is away the job stays
# queued in the database and the sweep sends it when the broker is back.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.5,
    "interval_max": 0.5,
}
# Job state lives in our own SimulationJob rows; Celery keeps no results.
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
# A job is acknowledged only when it has finished, and a worker that dies mid-job gives it
# back to the queue; the job row's claim makes the second run safe.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# The sweep (games/services/job_queue.py) every SIMULATION_SWEEP_SECONDS: lost messages sent again,
# jobs of dead workers taken back, waiting jobs queued. Run one `celery beat` (./dev run
# embeds it in its worker); a sweep message older than its period is dropped, not piled up.
SIMULATION_SWEEP_SECONDS = env_int("SIMULATION_SWEEP_SECONDS", 15, minimum=1)
# A running job with no heartbeat for this long has lost its worker and is taken back; a
# queued job whose message has not been picked up for this long is sent again.
SIMULATION_STALE_SECONDS = env_int("SIMULATION_STALE_SECONDS", 60, minimum=5)
SIMULATION_RESEND_SECONDS = env_int("SIMULATION_RESEND_SECONDS", 60, minimum=5)
MN11_DRAFT_SWEEP_SECONDS = env_int("MN11_DRAFT_SWEEP_SECONDS", 60, minimum=1)
# Playoff odds (league/odds, docs/odds.md): seasons played out per run, engine matches per
# MagnoBall pairing, pairings per worker task, and how long a silent odds task may run before
# the sweep takes it back.
ODDS_SAMPLE_SIZE = env_int("ODDS_SAMPLE_SIZE", 10_000, minimum=100)
ODDS_PAIRING_MATCHES = env_int("ODDS_PAIRING_MATCHES", 200, minimum=10)
ODDS_CHUNK_PAIRINGS = env_int("ODDS_CHUNK_PAIRINGS", 6, minimum=1)
ODDS_STALE_SECONDS = env_int("ODDS_STALE_SECONDS", 300, minimum=30)
# Results queue one ratings refresh a season at a time, marked in the cache (league/odds/
# runs.py): only where every process shares it (Redis), not a process's own memory.
ODDS_RATINGS_COALESCE = bool(REDIS_URL)
CELERY_BEAT_SCHEDULE = {
    "sweep-simulation-jobs": {
        "task": "games.tasks.sweep_simulation_jobs",
        "schedule": float(SIMULATION_SWEEP_SECONDS),
        "options": {"expires": float(SIMULATION_SWEEP_SECONDS)},
    },
    # The odds runs' lost messages sent again, tasks of dead workers taken back.
    "sweep-odds-runs": {
        "task": "league.odds.tasks.odds_sweep_task",
        "schedule": float(SIMULATION_SWEEP_SECONDS) * 4,
        "options": {"expires": float(SIMULATION_SWEEP_SECONDS) * 4},
    },
    # E-S2: a Magic Number Eleven draft's missed deadlines, drawn with automatic picks on.
    "mn11-draft-deadlines": {
        "task": "mn11.tasks.draft_deadlines",
        "schedule": float(MN11_DRAFT_SWEEP_SECONDS),
        "options": {"expires": float(MN11_DRAFT_SWEEP_SECONDS)},
    },
}
# Export and import (docs/data.md): the largest file an import reads, how long an export's
# file is kept, and the sweep that resends lost export jobs and deletes expired files.
EXCHANGE_MAX_UPLOAD_BYTES = env_int("EXCHANGE_MAX_UPLOAD_BYTES", 5_000_000, minimum=1000)
# ... and the most data rows it reads (docs/data.md, "Limits"): each is written through the
# game's services in the request.
EXCHANGE_MAX_ROWS = env_int("EXCHANGE_MAX_ROWS", 5_000, minimum=10)
EXCHANGE_FILE_LIFETIME_SECONDS = env_int("EXCHANGE_FILE_LIFETIME_SECONDS", 86_400, minimum=60)
CELERY_BEAT_SCHEDULE["sweep-exchange-jobs"] = {
    "task": "league.exchange_jobs.tasks.sweep_exchange_jobs",
    "schedule": 300.0,
    "options": {"expires": 300.0},
}
MEDIA_ROOT = VAR_DIR / "media"
MEDIA_URL = "/media/"  # never served: job files are downloaded through their permission check
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# --- Webhooks (league/webhooks, docs/operations.md "Webhooks") --------------------------------

# The site's address as the world sees it: payloads link to its pages with it.
SITE_URL = env_url("SITE_URL", schemes=("http", "https")).rstrip("/") or "http://localhost:8000"
# Deliveries to private, loopback, link-local or reserved addresses are refused unless this is
# on (a receiver on the same machine or network, and the tests' local receiver).
WEBHOOKS_ALLOW_PRIVATE = env_bool("WEBHOOKS_ALLOW_PRIVATE", False)
WEBHOOKS_CONNECT_TIMEOUT = env_int("WEBHOOKS_CONNECT_TIMEOUT", 5, minimum=1, maximum=60)
WEBHOOKS_READ_TIMEOUT = env_int("WEBHOOKS_READ_TIMEOUT", 10, minimum=1, maximum=120)
# The whole attempt, the connection and every read together: a receiver trickling a byte
# at a time holds a worker no longer than this (league/webhooks/transport.py).
WEBHOOKS_DEADLINE_SECONDS = env_int("WEBHOOKS_DEADLINE_SECONDS", 10, minimum=1, maximum=120)
# Seconds before each retry after a failed attempt: the defaults try 10 times over a day.
WEBHOOKS_RETRY_SCHEDULE = env_int_list(
    "WEBHOOKS_RETRY_SCHEDULE", [30, 120, 600, 1800, 3600, 7200, 14400, 21600, 36000], minimum=1
)
# A subscription whose attempts failed this many times in a row is switched off (a notice
# is mailed to its owner); the defaults switch off one that failed for a day.
WEBHOOKS_DISABLE_AFTER = env_int("WEBHOOKS_DISABLE_AFTER", 10, minimum=1)
# The sweep sends what is due (retries, messages lost with the broker) this often.
WEBHOOKS_SWEEP_SECONDS = env_int("WEBHOOKS_SWEEP_SECONDS", 30, minimum=1)
CELERY_BEAT_SCHEDULE["sweep-webhook-deliveries"] = {
    "task": "league.webhooks.tasks.sweep_deliveries",
    "schedule": float(WEBHOOKS_SWEEP_SECONDS),
    "options": {"expires": float(WEBHOOKS_SWEEP_SECONDS)},
}

# --- Auth, i18n, static ---------------------------------------------------------------------

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes checks every sign-in (the site's and the admin's) before the password.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "signed-in"  # league/landing.py: My teams or the control room
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- REST framework ---------------------------------------------------------------------------

# How many reverse proxies stand in front of the service (docs/operations.md): the client's
# address is read from X-Forwarded-For only behind that many; 0 ignores the header.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0, minimum=0)

REST_FRAMEWORK = {
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": f"{PRODUCT_NAME} API",
    "DESCRIPTION": "Read leagues, seasons and standings; post match results.",
    "VERSION": "1.0.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # The API's base classes' docstrings are for developers: not in the schema (docs/api.md).
    "GET_LIB_DOC_EXCLUDES": "api.schema.lib_doc_excludes",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",  # drf-spectacular's default
        "api.schema.product_title",
    ],
}

# --- Deployment hardening (checked by `manage.py check --deploy`) ------------------------------

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

# --- Sign-in lockout (django-axes), Content-Security-Policy, mail --------------------------

# Failed sign-ins are counted in the database (AxesDatabaseHandler, the default), not the
# cache, so the lockout holds when Redis is away. They are counted per username and client
# address together: a guesser is locked out of that account from that address, and the
# account's owner elsewhere still signs in.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The same client address as the API throttles: X-Forwarded-For only behind
# TRUSTED_PROXY_COUNT proxies, since any client can send it.
AXES_CLIENT_IP_CALLABLE = "league.client_address.client_address"

# No inline scripts or event handlers anywhere (templates load static/js files); inline style
# attributes stay allowed for the team colours' swatches.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

# EMAIL_URL says how mail (password resets, sign-up links and decisions) is sent:
# smtp://user:password@host:587 (STARTTLS), smtps://…:465 (TLS), or console:// (printed to
# the log: the development default).
EMAIL = env_email_url("EMAIL_URL", default="console://")
EMAIL_BACKEND = EMAIL.backend
EMAIL_HOST = EMAIL.host
EMAIL_PORT = EMAIL.port
EMAIL_HOST_USER = EMAIL.user
EMAIL_HOST_PASSWORD = EMAIL.password
EMAIL_USE_TLS = EMAIL.use_tls
EMAIL_USE_SSL = EMAIL.use_ssl
EMAIL_TIMEOUT = 10
# How long a sign-up's verification link stays valid (league/signup/links.py).
SIGNUP_VERIFY_HOURS = env_int("SIGNUP_VERIFY_HOURS", 48, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", f"{PRODUCT_NAME} <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "{levelname} {name}: {message}", "style": "{"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO").upper()},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "axes.apps": {"level": "WARNING"},  # not its start-up banner in every command
    },
}

# League exports and imports (docs/data.md): the largest file an import reads, in MB.
# Parsed whole: about 8 MB of memory a MB of document (bench/import_memory.py, docs/data.md).
LEAGUE_IMPORT_MAX_BYTES = env_int("LEAGUE_IMPORT_MAX_MB", 30, minimum=1) * 1_000_000
# ... and the most JSON objects and lists it parses (a 28 MB league has 384,000): counted
# before the file is parsed (league/json_input.py).
LEAGUE_IMPORT_MAX_OBJECTS = env_int("LEAGUE_IMPORT_MAX_OBJECTS", 1_000_000, minimum=1000)
# The largest API request body that is not an upload (api/parsers.py): 413 past it.
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", 2_621_440, minimum=10_000)
# Where the admin keeps an uploaded export between its dry run and its import (a day at most).
LEAGUE_IMPORT_DIR = VAR_DIR / "imports"
