"""The league's admin, by subject: leagues, seasons and their control room (with a
tournament's steps), rounds, teams, fixtures and results, standings, the audit log and
people; and what every admin module of the four apps shares (``base``, ``steps``,
``scoping``, ``display``).

Thin by design (docs/architecture.md): every change a commissioner makes in the admin goes
through one service (docs/seasons.md), so it is audited; values the services count or roll
are read-only; the logs are append-only. The season, round, team, fixture and result
admins serve every game: what is a game's own (its settings, steps, actions, panels, team
creation and inlines) they ask of its ruleset (league/capabilities/admin_*.py). A game's own models'
admins (e.g. its players) live in its apps.

Django's autodiscovery imports this package: the modules that register are imported here.
"""

from django.conf import settings
from django.contrib import admin
from django.utils.functional import lazy

from league.admin import (  # noqa: F401
    audit,
    fixtures,
    honours,
    leagues,
    people,
    results,
    rounds,
    seasons,
    standings,
    teams,
    webhooks,  # league/webhooks' subscriptions and delivery log
)

# Read when a page is shown, so PRODUCT_NAME names the admin as it names every other page.
admin.site.site_header = lazy(lambda: f"{settings.PRODUCT_NAME} administration", str)()
admin.site.site_title = lazy(lambda: f"{settings.PRODUCT_NAME} admin", str)()
admin.site.index_title = "Run your leagues: set-up, match days, results and logs"
admin.site.site_url = "/"
