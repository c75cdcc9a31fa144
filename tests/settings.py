"""The test suite's settings: the service's own (league/settings.py) with its runtime files in
a folder of the suite's own, removed when the run ends.

In the embedded set-up (no ``REDIS_URL``) transactional tests hand their after-commit
messages to the filesystem broker. In the service's ``var/`` folder the worker of
``./dev run`` would take them for rows of its own database; uploads and imports would mix
with the demo's too."""

import atexit
import os
import shutil
import tempfile

_VAR = tempfile.mkdtemp(prefix="magnoball-tests-")
atexit.register(shutil.rmtree, _VAR, ignore_errors=True)
os.environ["MAGNOBALL_VAR_DIR"] = _VAR
# Django has read this already. A process a test starts (manage.py, a worker) runs the
# service's own settings, in the suite's folder unless the test names one of its own.
os.environ["DJANGO_SETTINGS_MODULE"] = "league.settings"

from league.settings import *  # noqa: E402, F403
