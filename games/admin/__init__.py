"""MagnoBall's admin, by subject: inspections, the rows of a match, simulation jobs, line-ups
and table dice; and its parts of the core's admins, handed to them by games/ruleset.py: the
season and round admins' simulation steps and control room (season_steps.py), the fixture
admin's steps, action, records and line-ups (fixtures.py), the result admin's correct and
void steps and appearances (results.py).

The season, round, team, fixture and result admins are the core's (league/admin/), for every
game: they offer MagnoBall's parts on MagnoBall's objects only. Every step is one service
call behind a confirmation page that says what will happen; the service audits it and
refuses what the rules refuse, and the admin shows its message. Rows of a match are written
by the services only.

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
