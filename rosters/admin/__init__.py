"""Admin for MagnoBall's season rules, teams and their players, season lines, enhancements and
the dice ledger.

The Team admin lives here rather than in league/admin/ because it shows the team's players
and creates teams through rosters.services.team_create (the league app may not import
rosters). Values the services roll or count are read-only; the dice ledger is append-only.

Django's autodiscovery imports this package: the modules that register are imported here.
"""

from rosters.admin import dice_ledger, players, season_rules, teams  # noqa: F401
