"""The error codes only Arenaball's endpoints answer, with what each means: its ruleset's
``api_error_codes``, which the API's schema adds to the core's (api.schema.error_codes). A
refusal of a broken rule lists its ``problems``, each with its rule id."""

from __future__ import annotations

ERROR_CODES = {
    "design_illegal": "The design breaks the rules (A-T1 … A-T5): see `problems`.",
    "design_in_use": "A car uses the design: give the car another design first.",
    "team_illegal": "The cars and crews break the rules (A-T1, A-T2): see `problems`.",
    "not_on_roster": "The character is not on the roster (dead or released).",
    "character_seated": "The character crews a car: seat someone else first.",
    "pits_invalid": "Choose two track cars (1 to 5) to start in the pits (A-G4).",
}
