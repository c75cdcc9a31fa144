"""Arenaball's admin, one module per subject: the fixtures and their match reports, the parts
catalogue, the designs, the characters and the cars; and the season settings' inline (the
ruleset's season_admin_inlines). Every change goes through a service, which audits it; a
commissioner sees only his own leagues.

Django's autodiscovery imports this package: the modules that register are imported here."""

from arenaball.admin import fixtures, parts, teams  # noqa: F401
