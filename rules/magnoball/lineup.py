"""M-P3 at kick-off: who fills each first-string place when some first-stringers cannot play.

The reference: "a first-stringer out of the match — injured or on the injured list before it,
retired, or Incapacitated during it — is replaced by the second-string player of the same
position, if fit: at kick-off for those out before the match […]. With no fit counterpart the
team plays short-handed; a coach may name another fit reserve instead before the match."

The places are those of the M-P2 first string (2 Forwards, 2 Wingbacks, 2 Halfbacks,
2 Fullbacks, a Mauler, a Heavy Mauler, a Goalie): each first-stringer on the roster holds one
of his position, numbered 1, 2 within the position in roster order; a place with no
first-stringer (his career ended, he was released) is open. A place is *vacant* when nobody
of the first string can play in it. Each vacant place takes, in place order, the reserve the
coach named for it, else the next fit second-stringer of its position, else nobody: the team
is short there. The simulator then plays exactly these starters (``TeamSheet.kick_off_fixed``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .vocabulary import FIRST_STRING, FIRST_STRING_ORDER, Position

__all__ = ["Fill", "KickOffLineup", "LineupPlace", "RosterEntry", "kick_off_lineup", "place_key"]


class Fill(StrEnum):
    """How a first-string place is filled at kick-off."""

    FIRST_STRING = "first_string"  # its own first-stringer plays
    COUNTERPART = "counterpart"  # M-P3: the fit second-stringer of the same position
    NAMED = "named"  # M-P3: another fit reserve the coach named instead
    SHORT = "short"  # M-P3: no fit counterpart and none named: the team plays short-handed

    @property
    def label(self) -> str:
        return _FILL_LABELS[self]


_FILL_LABELS: Final = {
    Fill.FIRST_STRING: "First-stringer",
    Fill.COUNTERPART: "Second-string counterpart",
    Fill.NAMED: "Reserve named by the coach",
    Fill.SHORT: "Nobody: short-handed",
}


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """A player on the roster (active or on the injured list), in roster order."""

    key: str
    position: Position
    first_string: bool
    fit: bool


@dataclass(frozen=True, slots=True)
class LineupPlace:
    """One first-string place: its position and number within it, the first-stringer whose
    place it is (None for an open place) and who starts in it (None: short-handed)."""

    position: Position
    number: int
    first_stringer: str | None
    starter: str | None
    fill: Fill

    @property
    def key(self) -> str:
        return place_key(self.position, self.number)


@dataclass(frozen=True, slots=True)
class KickOffLineup:
    places: tuple[LineupPlace, ...]
    bench: tuple[str, ...]

    @property
    def starters(self) -> tuple[str, ...]:
        return tuple(p.starter for p in self.places if p.starter is not None)

    @property
    def short(self) -> tuple[LineupPlace, ...]:
        """The places nobody fills: the team plays that many short."""
        return tuple(p for p in self.places if p.starter is None)

    def vacant(self) -> tuple[LineupPlace, ...]:
        """The places whose first-stringer cannot play (or that have none): where a coach
        may name a reserve."""
        return tuple(p for p in self.places if p.fill is not Fill.FIRST_STRING)


def place_key(position: Position, number: int) -> str:
    """A place's stable name, e.g. ``wingback-2``: how a coach's named reserve refers to it."""
    return f"{position.value}-{number}"


def _places(roster: Sequence[RosterEntry]) -> list[tuple[Position, int, RosterEntry | None]]:
    """Every first-stringer's place, then open places of the M-P2 first string while there
    are fewer than 11 (as the simulator counts them), grouped by position in M-P2 order."""
    firsts: dict[Position, list[RosterEntry]] = {}
    for entry in roster:
        if entry.first_string:
            firsts.setdefault(entry.position, []).append(entry)
    room = len(FIRST_STRING_ORDER) - sum(len(group) for group in firsts.values())
    open_count: dict[Position, int] = {}
    for position in FIRST_STRING_ORDER:  # open places in M-P2 order, up to 11 places in all
        if room <= 0:
            break
        held = len(firsts.get(position, ()))
        if held + open_count.get(position, 0) < FIRST_STRING[position]:
            open_count[position] = open_count.get(position, 0) + 1
            room -= 1
    places: list[tuple[Position, int, RosterEntry | None]] = []
    for position in dict.fromkeys(FIRST_STRING_ORDER):
        group: list[RosterEntry | None] = [*firsts.get(position, [])]
        group += [None] * open_count.get(position, 0)
        places += [(position, number, entry) for number, entry in enumerate(group, start=1)]
    return places


def kick_off_lineup(
    roster: Sequence[RosterEntry], named: Mapping[str, str] | None = None
) -> KickOffLineup:
    """M-P3: the starters of every first-string place at kick-off, and the bench.

    ``named`` maps a place key (``place_key``) to the key of the reserve the coach named for
    it. A name counts only for a vacant place and a fit second-stringer not starting
    elsewhere; otherwise the place is filled as if nobody had been named. Named reserves
    are placed first, so a reserve named for one place is never also another's counterpart.
    """
    named = named or {}
    reserves = [e for e in roster if e.fit and not e.first_string]
    taken: set[str] = set()
    slots = _places(roster)
    chosen: dict[int, str] = {}
    reserve_keys = {e.key for e in reserves}
    for index, (position, number, holder) in enumerate(slots):
        if holder is not None and holder.fit:
            continue
        name = named.get(place_key(position, number))
        if name in reserve_keys and name not in taken:
            chosen[index] = name
            taken.add(name)
    places: list[LineupPlace] = []
    for index, (position, number, holder) in enumerate(slots):
        first = holder.key if holder else None
        if holder is not None and holder.fit:
            places.append(LineupPlace(position, number, first, holder.key, Fill.FIRST_STRING))
        elif index in chosen:
            places.append(LineupPlace(position, number, first, chosen[index], Fill.NAMED))
        else:
            counterpart = next(
                (e.key for e in reserves if e.position is position and e.key not in taken), None
            )
            if counterpart is None:
                places.append(LineupPlace(position, number, first, None, Fill.SHORT))
            else:
                taken.add(counterpart)
                places.append(LineupPlace(position, number, first, counterpart, Fill.COUNTERPART))
    bench = tuple(e.key for e in reserves if e.key not in taken)
    return KickOffLineup(tuple(places), bench)
