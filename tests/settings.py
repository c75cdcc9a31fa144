"""The test suite's settings: the service's own (config/settings.py) with its runtime files in
a folder of the suite's own, removed when the run ends, and under pytest-xdist a Redis
database of each worker's own.

In the embedded set-up (no ``REDIS_URL``) transactional tests hand their after-commit
messages to the filesystem broker. In the service's ``var/`` folder the worker of
``./dev run`` would take them for rows of its own database; uploads and imports would mix
with the demo's too.

Each xdist worker (``PYTEST_XDIST_WORKER=gw3``) already has its own test database (pytest-django
names it ``test_<name>_gw3``) and its own folder (this module runs once per worker). With Redis,
worker N takes the database numbered N above the URL's: every test empties the cache
(tests/conftest.py), and one worker's ``FLUSHDB`` must not drop the pages another is reading.
"""

import atexit
import os
import shutil
import tempfile

from tests.xdist_redis import redis_url_for_worker

_VAR = tempfile.mkdtemp(prefix="magnoball-tests-")
atexit.register(shutil.rmtree, _VAR, ignore_errors=True)
os.environ["MAGNOBALL_VAR_DIR"] = _VAR
if os.environ.get("REDIS_URL"):
    # Set before config.settings reads it, and seen by every process a test starts.
    os.environ["REDIS_URL"] = redis_url_for_worker(
        os.environ["REDIS_URL"], os.environ.get("PYTEST_XDIST_WORKER", "")
    )
# Django has read this already. A process a test starts (manage.py, a worker) runs the
# service's own settings, in the suite's folder unless the test names one of its own.
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"

from config.settings import *  # noqa: E402, F403

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file in WAL mode, as the embedded set-up runs (config/settings.py), not SQLite's
    # shared in-memory database: there, a live server's thread reading a table another
    # connection writes fails at once ("database table is locked") instead of waiting.
    DATABASES["default"]["TEST"] = {"NAME": os.path.join(_VAR, "test.sqlite3")}  # noqa: F405
