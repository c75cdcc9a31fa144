"""What a game's ruleset answers about its honours: the winners of a season's awards
(``Honours.season_awards``), the players a coach may vote MVP (``Honours.mvp_candidates``)
and the league's records (``Honours.league_records``); and the one tie rule every award
follows.

**Ties** (docs/seasons.md, "Awards"): an award is shared. Every candidate level on the best
figure wins it, one row each, marked shared; a figure of 0 (or below, for a rise) wins
nothing: nobody scored, nobody improved."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.db import models

from league.models import Fixture, Season, Team


@dataclass(frozen=True)
class Holder:
    """Someone a game names: its handle for him (``player:12``), his name, page and team."""

    holder: str
    name: str
    team: Team | None
    url: str = ""


@dataclass(frozen=True)
class HolderKind:
    """A kind of holder a game names (``Honours.honours_holder_kinds``): the model whose id
    his handle carries (``player:12`` → Player 12) and the page, by URL name taking that id
    as ``pk``, his ``url`` is. The league's JSON document rewrites both ids."""

    model: type[models.Model]
    url_name: str


@dataclass(frozen=True)
class AwardWinner:
    """One winner of one award: the award's key and title, who, the figure that won it and
    that figure in words; `shared` when level with another winner."""

    award: str
    title: str
    who: Holder
    figure: int
    text: str
    shared: bool = False


@dataclass(frozen=True)
class Record:
    """One league record: what it is, who holds it (a player, a team), the figure, in words,
    and where it was set (the season, the match), when it is one."""

    title: str
    name: str
    figure: int
    text: str
    team: Team | None = None
    url: str = ""
    season: Season | None = None
    fixture: Fixture | None = None


_C = TypeVar("_C")


def best_of(
    candidates: Iterable[_C],
    *,
    figure: Callable[[_C], int],
    winner: Callable[[_C, int, bool], AwardWinner],
) -> list[AwardWinner]:
    """The award's winners among `candidates`: those with the best figure above 0, shared
    when more than one (the tie rule above), in the order given."""
    scored = [(candidate, figure(candidate)) for candidate in candidates]
    best = max((value for _, value in scored), default=0)
    if best <= 0:
        return []
    top = [candidate for candidate, value in scored if value == best]
    return [winner(candidate, best, len(top) > 1) for candidate in top]


def plural(count: int, word: str, many: str = "") -> str:
    """``1 goal``, ``3 goals`` (``many`` for an irregular plural)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def leaders(
    rows: Sequence[tuple[Holder, int]], *, title: str, word: str, many: str = ""
) -> list[Record]:
    """The career record of `rows` (who, figure): its leader(s), every one level at the top."""
    best = max((value for _, value in rows), default=0)
    if best <= 0:
        return []
    return [
        Record(
            title=title,
            name=who.name,
            figure=value,
            text=plural(value, word, many),
            team=who.team,
            url=who.url,
        )
        for who, value in rows
        if value == best
    ]
