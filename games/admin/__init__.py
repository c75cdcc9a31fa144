"""The commissioner's control room, by subject: seasons (the control room) and their steps,
rounds, fixtures, inspections, results, the rows of a match, simulation jobs, tournaments,
line-ups and table dice.

The season, round and fixture admins live here rather than in league/admin/ because their
steps call the games services (match day, results, simulations, the season's end), and the
league app may not import games. Every step is one service call behind a confirmation page
that says what will happen; the service audits it and refuses what the rules refuse, and the
admin shows its message. Rows of a match are written by the services only.

Django's autodiscovery imports this package: the modules that register are imported here.
"""

from games.admin import (  # noqa: F401
    fixtures,
    inspections,
    lineups,
    match_records,
    results,
    rounds,
    season_steps,
    seasons,
    simulations,
    table_dice,
    tournaments,
)
