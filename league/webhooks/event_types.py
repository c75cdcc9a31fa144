"""The events a subscription may choose, in the words the pages show (docs/data.md)."""

from __future__ import annotations

from dataclasses import dataclass

#: Every payload's ``version``; a change that breaks a script gets a new one.
PAYLOAD_VERSION = 1

#: The test event "Send test event" sends; every subscription receives it, chosen or not.
PING = "ping"


@dataclass(frozen=True)
class EventType:
    key: str
    label: str
    #: Only a league-wide (commissioner's) subscription may choose it: a coach's team
    #: subscription never receives it.
    commissioners_only: bool = False


EVENT_TYPES: tuple[EventType, ...] = (
    EventType("result.recorded", "A result is recorded (reported or simulated)"),
    EventType("result.corrected", "A result is corrected by a commissioner"),
    EventType("result.voided", "A result is voided by a commissioner"),
    EventType("inspection.pending", "An inspection awaits a coach's decision"),
    EventType("injury.recorded", "A player is injured"),
    EventType("round.opened", "A round is opened"),
    EventType("fixture.scheduled", "A fixture's kick-off is agreed by both sides"),
    EventType("season.finished", "A season is finished"),
    EventType("export.ready", "A league export is ready to download", commissioners_only=True),
)
EVENT_KEYS = frozenset(event.key for event in EVENT_TYPES)


def event_choices(*, league_wide: bool) -> list[tuple[str, str]]:
    """The events a subscription may choose: a team's subscription not the commissioners'."""
    return [
        (event.key, event.label)
        for event in EVENT_TYPES
        if league_wide or not event.commissioners_only
    ]
