"""The league's admin, by subject: leagues, seasons' settings, standings, the
audit log and people; and what every admin module of the four apps shares (``base``,
``steps``, ``scoping``, ``display``).

Thin by design (docs/architecture.md): every change a commissioner makes in the admin goes
through one service (docs/seasons.md), so it is audited; values the services count or roll
are read-only; the logs are append-only. The admins of teams and players live in
rosters/admin/, and those of seasons, rounds and fixtures in games/admin/, beside the
services their steps call (the league app may not import the higher apps).

Django's autodiscovery imports this package: the modules that register are imported here.
"""

from django.contrib import admin

from league.admin import audit, leagues, people, standings  # noqa: F401

admin.site.site_header = "MagnoBall League administration"
admin.site.site_title = "MagnoBall League admin"
admin.site.index_title = "Run your leagues: set-up, match days, results and logs"
admin.site.site_url = "/"
