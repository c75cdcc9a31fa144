import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()

from league.checks import refuse_unsafe_start  # noqa: E402  (needs the apps loaded)

refuse_unsafe_start()  # e.g. the development SECRET_KEY with DEBUG off
