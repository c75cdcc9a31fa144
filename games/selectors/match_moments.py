"""The match centre's play-by-play in words: each stored event as a line without a repeated
"half 1:" and with the replay's caption, and the key moments shown first (issue #17):

- every goal, with the score after it;
- every Incapacitation (off for the match, an injury roll follows, M-T2);
- a save that mattered: one made while the score was level or one point apart, when the
  shot would have tied the match or taken or stretched a lead.

Players merely hurt (back next half) and the other saves stay in the full play-by-play.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from games.models import MatchEvent

#: A save matters while the score is at most this many points apart.
CLOSE_SCORE = 1

_HALF_PREFIX = re.compile(r"^half (\d+):\s*", re.IGNORECASE)
_POINTS = re.compile(r"(\d+) point\(s\)$")


@dataclass(frozen=True)
class EventLine:
    kind: str
    half: int
    text: str  # the event in words, without a leading "half N:"
    caption: str  # the replay's caption: "Half 1: …", "Overtime: …"
    moment: str  # why it is a key moment ("" when it is not one)
    data: dict[str, Any]  # the board's squares for the replay (MatchEvent.data)

    @property
    def half_label(self) -> str:
        return half_name(self.half)


def half_name(half: int) -> str:
    return "Overtime" if half >= 3 else f"Half {half}"


def _text(event: MatchEvent) -> str:
    text = _HALF_PREFIX.sub("", event.text)
    return text[:1].upper() + text[1:]


def _caption(event: MatchEvent, text: str) -> str:
    # "half 1 ends with no goal" already names its half: say it once.
    if event.text.lower().startswith(f"half {event.half} "):
        return text
    return f"{half_name(event.half)}: {text}"


def event_lines(events: Iterable[MatchEvent], *, home_team_id: int) -> list[EventLine]:
    """Every event in order, each marked when it is a key moment (the module's rules)."""
    score = {True: 0, False: 0}  # home?, points
    lines = []
    for event in events:
        text = _text(event)
        moment = ""
        home = event.team_id == home_team_id
        if event.kind == "goal":
            found = _POINTS.search(event.text)
            score[home] += int(found.group(1)) if found else 1
            moment = f"Goal · {score[True]}–{score[False]}"
        elif event.kind == "incapacitated":
            moment = "Incapacitated"
        elif event.kind == "save" and abs(score[True] - score[False]) <= CLOSE_SCORE:
            moment = f"Save at {score[True]}–{score[False]}"
        lines.append(
            EventLine(event.kind, event.half, text, _caption(event, text), moment, event.data)
        )
    return lines
