"""Admin for MagnoBall's season rules, players, season lines, enhancements and the dice
ledger, and its parts of the core's team admin (teams.py: the players inline, the table
dice of creation, rosters.services.team_create, the call-up step), handed to the core by
games/ruleset.py. Values the services roll or count are read-only; the dice ledger is append-only.

Django's autodiscovery imports this package: the modules that register are imported here.
"""

from rosters.admin import dice_ledger, players, season_rules, teams  # noqa: F401
