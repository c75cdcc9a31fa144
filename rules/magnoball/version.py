"""The engine version recorded with every simulation (M-D8): bump it when results change.

A stored result keeps the version that made it. The match centre replays a stored result
from its stored events (``games.MatchEvent``), never by simulating its seed again, so a
bump never changes a result already recorded. Reproducing one from its seed needs the
engine of its version (docs/rules-decisions.md, "Engine versions").

1.0.0  the first engine.
1.1.0  issue #12 rule fixes: a pick-up next to an opponent leads to contact (M-G3); EM Coil
       helps only the carrier resist a steal (M-E1); kick-off substitutes for first-stringers
       missing from the sheet (M-P3); a substitute Goalie takes an emptied box at once
       (M-S5, setting).
"""

ENGINE_VERSION = "1.1.0"
