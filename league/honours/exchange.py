"""The league's honours in its JSON document (docs/data.md): each season's awards, its MVP
vote and the coaches' ballots. A winner's handle (``player:12``) and page (``/players/12/``)
carry an id of the game's row, rewritten like any reference through the document's ids by
the game's holder kinds (``Honours.honours_holder_kinds``)."""

from __future__ import annotations

from typing import Any

from django.urls import Resolver404, resolve, reverse

from league.capabilities import capability
from league.capabilities.honours import Honours
from league.exchange.tables import Remap, Table
from league.honours.awards import HolderKind
from league.honours.models import MvpBallot, MvpVote, SeasonAward
from league.rulesets import rulesets


def _kinds() -> dict[str, HolderKind]:
    return {
        key: kind
        for r in rulesets()
        for key, kind in capability(r, Honours).honours_holder_kinds().items()
    }


def holder_remap(value: Any, remap: Remap) -> str:
    """``kind:id[:rest]`` with its id rewritten (``card:3:base-07`` keeps its card)."""
    if not isinstance(value, str):
        raise TypeError(value)
    prefix, _, rest = value.partition(":")
    old, sep, tail = rest.partition(":")
    kind = _kinds().get(prefix)
    if kind is None:
        raise ValueError(f"{prefix!r} names nobody an installed game knows.")
    return f"{prefix}:{remap(kind.model, old)}{sep}{tail}"


def url_remap(value: Any, remap: Remap) -> str:
    """A holder's page (a path such as ``/players/12/``) with its id rewritten; empty stays
    empty."""
    if not isinstance(value, str):
        raise TypeError(value)
    if not value:
        return value
    try:
        match = resolve(value)
    except Resolver404:
        raise ValueError(f"{value!r} is no page of this site.") from None
    kind = next((k for k in _kinds().values() if k.url_name == match.url_name), None)
    if kind is None or set(match.kwargs) != {"pk"}:
        raise ValueError(f"{value!r} is no page of a player, character or team.")
    return reverse(match.url_name, kwargs={"pk": remap(kind.model, match.kwargs["pk"])})


_HOLDER = {"holder": holder_remap, "url": url_remap}

HONOURS_TABLES: tuple[Table, ...] = (
    Table(
        "season_awards",
        SeasonAward,
        lambda league: SeasonAward.objects.filter(season__league=league),
        id_json=_HOLDER,
    ),
    Table("mvp_votes", MvpVote, lambda league: MvpVote.objects.filter(season__league=league)),
    Table(
        "mvp_ballots",
        MvpBallot,
        lambda league: MvpBallot.objects.filter(vote__season__league=league),
        id_json=_HOLDER,
    ),
)
