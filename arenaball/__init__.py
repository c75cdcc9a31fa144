"""Arenaball: Car Wars cars with electromagnets chasing a steel ball (docs/rules-arenaball.md).

The league side of the game played at the table: season settings, each team's catalogue of
parts, car designs checked against the rules, cars and crews, match reports, the points and
casualties a game leaves. No simulator: results are reported. The rules themselves are pure
Python in rules/arenaball/; `ruleset.py` plugs the game into the core.
"""
