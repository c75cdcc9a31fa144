"""MagnoBall's admin, by subject: fixtures, inspections, results, the rows of a match,
simulation jobs, line-ups and table dice; and its parts of the core's season and round admins
(season_steps.py: the simulation steps and the control room's panels, handed to the core by
games/ruleset.py).

The season and round admins and their control room are the core's (league/admin/), for every
game. The fixture admin lives here because its steps call MagnoBall's services (results,
simulations); it lists every game's fixtures and offers its steps for MagnoBall's only.
Every step is one service call behind a confirmation page that says what will happen; the
service audits it and refuses what the rules refuse, and the admin shows its message. Rows
of a match are written by the services only.

Django's autodiscovery imports this package: the modules that register are imported here.
"""

from games.admin import (  # noqa: F401
    fixtures,
    inspections,
    lineups,
    match_records,
    results,
    season_steps,
    simulations,
    table_dice,
)
