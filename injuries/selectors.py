"""Reads of injuries for the pages: who is out, for how long, and who may still be
force-healed (M-I1, M-I3)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q

from injuries.models import Injury
from league.models import Fixture


@dataclass(frozen=True)
class OpenInjury:
    """A player's current injury and whether the coach may still try force-healing."""

    injury: Injury
    games_left: int
    career_over: bool
    force_healing_open: bool


def open_injuries(
    *, player_ids: Collection[int], force_healing: bool = True
) -> dict[int, OpenInjury]:
    """Each listed player's injury still counting (out, or career over and not yet healed),
    by player id, with force-healing's availability (M-I3: once, before the team's next
    game). Two queries whatever the number of players."""
    injuries = list(
        Injury.objects.filter(
            player_id__in=list(player_ids),
            state__in=[Injury.State.OUT, Injury.State.CAREER_OVER],
        )
        .select_related("fixture__round__season", "player", "force_healing")
        .order_by("created_at")
    )
    latest = _latest_played(team_ids={i.player.team_id for i in injuries})
    result: dict[int, OpenInjury] = {}
    for injury in injuries:
        attempted = hasattr(injury, "force_healing")
        since = False
        fixture = injury.fixture
        last = latest.get(injury.player.team_id)
        if fixture is not None and last is not None:
            here = (fixture.round.season.created_at, fixture.round.number)
            since = last > here
        result[injury.player_id] = OpenInjury(
            injury=injury,
            games_left=injury.games_left,
            career_over=injury.state == Injury.State.CAREER_OVER,
            force_healing_open=force_healing and not attempted and not since,
        )
    return result


def _latest_played(*, team_ids: Collection[int]) -> dict[int, tuple[datetime, int]]:
    """Each team's latest played fixture as (season created, round number). One query."""
    if not team_ids:
        return {}
    ids = list(team_ids)
    rows = (
        Fixture.objects.filter(
            Q(home_team_id__in=ids) | Q(away_team_id__in=ids), status=Fixture.Status.PLAYED
        )
        .values_list("home_team_id", "away_team_id", "round__season__created_at", "round__number")
        .order_by()
    )
    latest: dict[int, tuple[datetime, int]] = {}
    for home, away, created, number in rows:
        for team in (home, away):
            if team in team_ids and (team not in latest or (created, number) > latest[team]):
                latest[team] = (created, number)
    return latest
