"""Bad values for every Arenaball season setting, as a form posts them and as JSON sends them
(issue #45, item 4): each must be refused beside its field, never a server error."""

from __future__ import annotations

from typing import Any

#: (field, bad value as a form posts it, other fields to set with it, a word of the error).
FORM_BAD_VALUES: tuple[tuple[str, str, dict[str, str], str], ...] = (
    ("budget", "0", {}, "between"),
    ("budget", "-1", {}, "0"),
    ("budget", "999", {}, "between"),
    ("budget", "1000001", {}, "between"),
    ("budget", "99999999999", {}, ""),
    ("budget", "lots", {}, "whole number"),
    ("budget", "", {}, "required"),
    ("target_points", "0", {}, "between"),
    ("target_points", "51", {}, "between"),
    ("target_points", "70000", {}, ""),
    ("points_per_kill", "11", {}, "between"),
    ("points_per_kill", "-1", {}, ""),
    ("points_per_level", "0", {}, "between"),
    ("points_per_level", "1001", {}, "between"),
    ("injury_games_missed", "21", {}, "between"),
    ("points_win", "11", {}, "between"),
    ("points_draw", "3", {"points_win": "2"}, "win ≥ draw ≥ loss"),
    ("points_loss", "2", {"points_win": "2", "points_draw": "1"}, "win ≥ draw ≥ loss"),
    ("tie_breakers", "", {}, "required"),
    ("tie_breakers", "kills", {}, "team name"),
    ("tie_breakers", "points, points, name", {}, "once"),
    ("tie_breakers", "points, nonsense, name", {}, "nonsense"),
)

#: The same as the API's JSON takes them (booleans must be JSON booleans there).
JSON_BAD_VALUES: tuple[tuple[str, Any, dict[str, Any]], ...] = (
    *((name, value, dict(others)) for name, value, others, _ in FORM_BAD_VALUES),
    ("budget", None, {}),
    ("budget", 12.5, {}),
    ("budget", True, {}),
    ("target_points", [5], {}),
    ("tie_breakers", 7, {}),
    ("tie_breakers", ["points", 3, "name"], {}),
    ("one_track_design", "lots", {}),
    ("time_limit_games", 1, {}),
    ("substitutes", None, {}),
)
