"""The error codes only Magic Number Eleven's endpoints answer, with what each means: its
ruleset's ``api_error_codes``, which the API's schema adds to the core's
(api.schema.error_codes). A refused report lists its ``problems`` with their E-… rule ids."""

from __future__ import annotations

ERROR_CODES = {
    # the draft (E-S2)
    "unknown_card": "No Star Player card of this draft has that key.",
    "taken": "Another team signed that card already.",
    "draft_done": "The draft is over: every team has signed its cards.",
    "not_started": "The season's draft has not started.",
    "deadline_passed": "The pick's deadline passed: it waits for the commissioner.",
    "already_started": "The season's draft has started already.",
    "draft_impossible": "The draft cannot be held: too few teams, or a pool too small.",
    "turn_moved": "The pick named is not the one on the clock (made meanwhile, or not yet due): "
    "the message names the pick on the clock.",
    # match day
    "gk_pick_refused": "Not this GK card now: Home picks first, then Away one of the two "
    "left (E-S3); or the season plays no GK cards.",
    "lineup_invalid": "The line-up breaks the rules (E-S3: 11 of the team's cards, its GK "
    "card among them, each once and by its one key; no suspended card, E-D3), or the Away set "
    "is not chosen yet (E-S1).",
    "lineup_final": "Both line-ups are in and revealed, so they are final: only a commissioner "
    "changes one (E-S3).",
    "away_set_final": "A line-up is in, so the Away set is final: only a commissioner changes "
    "it (E-S1).",
}
