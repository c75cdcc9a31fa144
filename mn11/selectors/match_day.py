"""What match day (E-S1, E-S3) shows each viewer: the Away set and GK picks (open), each
side's cards, each line-up to its own coach and to everyone once both are in, the changes a
commissioner made after both were in (the writes are mn11/services/match_day.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.contenttypes.models import ContentType

from league.access import Actor, is_coach, is_commissioner
from league.models import AuditEntry, Fixture, Team
from mn11.models import Lineup, MatchDay
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import AwaySet, Side

from .discipline import team_suspended
from .squads import away_set_of, gk_picks, side_squad, team_of

#: The audit's action for a line-up changed after both were in (shown on the fixture page).
LINEUP_AMENDED = "mn11.lineup_amended"


def fixture_lineups(*, fixture: Fixture) -> dict[Side, Lineup]:
    """`fixture`'s line-ups in, by side."""
    return {Side(row.side): row for row in Lineup.objects.filter(fixture=fixture)}


@dataclass(frozen=True)
class LineupChange:
    """A line-up a commissioner changed after both were in: when, by whom, before and after."""

    side: Side
    at: datetime
    by: str
    before: list[str]
    after: list[str]


@dataclass(frozen=True)
class SideView:
    """One side of the match day as a viewer may see it: the cards it may field (`squad`, by
    name and key), its line-up when the viewer may see it (`lineup`, keys; `lineup_cards`,
    the same by name), what the viewer may do and the changes made after both were in."""

    side: Side
    team: Team
    squad: tuple[rules.SquadCard, ...]
    lineup: list[str] | None
    lineup_cards: tuple[rules.SquadCard, ...] | None
    lineup_in: bool
    gk: rules.GkView | None
    may_manage: bool
    may_change_lineup: bool
    suspended: frozenset[str]
    changes: tuple[LineupChange, ...]


@dataclass(frozen=True)
class MatchDayView:
    away_set: AwaySet | None
    gk_on: bool
    gk_turn: Side | None
    sides: tuple[SideView, SideView]
    may_choose_set: bool
    #: Changes whenever anything on match day does (the page's poll compares it).
    version: str


def viewer_sides(*, user: Actor, fixture: Fixture) -> set[Side]:
    """The sides whose coach `user` is, or both for a commissioner."""
    if is_commissioner(user=user, league=fixture.round.season.league):
        return set(Side)
    return {side for side in Side if is_coach(user=user, team=team_of(fixture, side))}


def lineup_changes(*, fixture: Fixture, lineups: Sequence[Lineup]) -> list[LineupChange]:
    """The line-ups of `fixture` a commissioner changed after both were in, oldest first."""
    entries = AuditEntry.objects.filter(
        action=LINEUP_AMENDED,
        content_type=ContentType.objects.get_for_model(Lineup),
        object_id__in=[str(row.pk) for row in lineups],
    ).select_related("actor")
    return [
        LineupChange(
            side=Side(entry.after["side"]),
            at=entry.created_at,
            by=entry.actor.username if entry.actor else "the server",
            before=list((entry.before or {}).get("cards", [])),
            after=list(entry.after["cards"]),
        )
        for entry in entries.order_by("created_at", "pk")
        if entry.after
    ]


def _named(keys: Sequence[str], squad: Sequence[rules.SquadCard]) -> tuple[rules.SquadCard, ...]:
    """Line-up keys by name (a key the squad no longer has, e.g. a card named otherwise
    since, keeps its key as its name)."""
    by_key = {card.key: card for card in squad}
    return tuple(
        by_key.get(key) or rules.SquadCard(key, key, rules.CardKind.SET, "") for key in keys
    )


def match_day_view(*, user: Actor, fixture: Fixture) -> MatchDayView:
    """E-S1, E-S3 for `user`: the Away set and GK picks (open), each side's cards, each
    line-up to its own coach, and to everyone once both are in (rules.mn11.lineup_visible)."""
    settings = season_rules(season=fixture.round.season)
    day = MatchDay.objects.filter(fixture=fixture).first()
    picks = gk_picks(day)
    lineups = fixture_lineups(fixture=fixture)
    mine = viewer_sides(user=user, fixture=fixture)
    both = len(lineups) == len(Side)
    played = hasattr(fixture, "result")
    commissioner = is_commissioner(user=user, league=fixture.round.season.league)
    changes = lineup_changes(fixture=fixture, lineups=list(lineups.values()))
    sides = []
    for side in Side:
        seen = any(rules.lineup_visible(owner=side, viewer=v, both_submitted=both) for v in mine)
        team = team_of(fixture, side)
        squad = side_squad(fixture=fixture, side=side, day=day, settings=settings)
        shown = list(lineups[side].cards) if side in lineups and (seen or both) else None
        may_manage = side in mine and not played
        sides.append(
            SideView(
                side=side,
                team=team,
                squad=squad,
                lineup=shown,
                lineup_cards=None if shown is None else _named(shown, squad),
                lineup_in=side in lineups,
                gk=rules.gk_view(picks, side) if settings.gk_expansion else None,
                may_manage=may_manage,
                may_change_lineup=may_manage and (not both or commissioner),
                suspended=team_suspended(fixture=fixture, team=team, settings=settings)
                if side in mine
                else frozenset(),
                changes=tuple(change for change in changes if change.side is side),
            )
        )
    version = "|".join(
        [
            day.away_set if day else "",
            str(picks.home or ""),
            str(picks.away or ""),
            *(f"{side}:{lineups[side].submitted_at.isoformat()}" for side in lineups),
            str(len(changes)),
            "played" if played else "",
        ]
    )
    return MatchDayView(
        away_set=away_set_of(day),
        gk_on=settings.gk_expansion,
        gk_turn=rules.gk_turn(picks) if settings.gk_expansion else None,
        sides=(sides[0], sides[1]),
        may_choose_set=Side.AWAY in mine and not played and (not lineups or commissioner),
        version=version,
    )
