"""The error codes only MagnoBall's endpoints answer, with what each means: its ruleset's
``api_error_codes``, which the API's schema adds to the core's (api.schema.error_codes)."""

from __future__ import annotations

ERROR_CODES = {
    # simulation
    "fixture_not_ready": "Only a fixture still to play (ready, or awaiting a decision).",
    "round_not_open": "The round is not open yet.",
    "job_exists": "The fixture already has a simulation queued.",
    # inspections and injuries
    "rule_off": "The season does not use this rule.",
    "already_attempted": "The injury has had its one force-healing attempt.",
    "not_injured": "The player is not out injured.",
    "too_late": "The team has played since the injury.",
    # table dice
    "bad_faces": "An entered face is not on the die the rule rolls (1 to its sides), or "
    "there are too few or too many faces; the message says which.",
    "bad_side": "Whose roll: owner (the player's coach) or inspector (the opposing coach).",
    "faces_required": "The season's coaches roll this at the table: send the faces.",
    "server_dice": "The server rolls this in this season: leave the faces out.",
    # line-ups
    "place_not_vacant": "The place's first-stringer plays: there is nobody to replace (M-P3).",
    "reserve_not_available": "Name a fit reserve of the team who is not already starting.",
    "lineup_fixed": "The fixture has kicked off: its line-up is fixed.",
}
