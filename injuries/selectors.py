"""Reads of injuries for the pages: who is out, for how long, who may still be force-healed
(M-I1, M-I3), and whose career is over (M-I2: the graveyard and a team's "Career over")."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
)
from django.db.models.functions import Coalesce

from injuries.models import ForceHealingAttempt, Injury
from league.models import Fixture, League, Team
from rosters.models import Player, PlayerSeason
from rules.magnoball.vocabulary import Status

#: The injury states force-healing can still cure (M-I3): out, or a career-ending injury.
HEALABLE_STATES = (Injury.State.OUT, Injury.State.CAREER_OVER)


@dataclass(frozen=True)
class OpenInjury:
    """A player's current injury and whether the coach may still try force-healing."""

    injury: Injury
    games_left: int
    career_over: bool
    force_healing_open: bool


def _team_played_since_injury() -> Exists:
    """For the injury in the outer query: has the player's team played a game since the
    match that injured him (a later round of that season, or any game of a later season)?
    False for an injury without a match."""
    team = OuterRef("player__team_id")
    return Exists(
        Fixture.objects.filter(
            Q(home_team_id=team) | Q(away_team_id=team), status=Fixture.Status.PLAYED
        ).filter(
            Q(
                round__season_id=OuterRef("fixture__round__season_id"),
                round__number__gt=OuterRef("fixture__round__number"),
            )
            | Q(round__season__created_at__gt=OuterRef("fixture__round__season__created_at"))
        )
    )


def injuries_with_force_heal_available(queryset: QuerySet[Injury]) -> QuerySet[Injury]:
    """`queryset` with ``force_heal_available`` on each injury: force-healing may still be
    tried (M-I3): the injury still counts (out or career over), it has had no attempt, and
    the player's team has not played since the match that injured him. Whether the season
    uses force-healing at all is the caller's question. No extra query: one correlated
    EXISTS each."""
    attempted = Exists(ForceHealingAttempt.objects.filter(injury_id=OuterRef("pk")))
    return queryset.alias(
        force_heal_attempted=attempted, force_heal_too_late=_team_played_since_injury()
    ).annotate(
        force_heal_available=ExpressionWrapper(
            Q(state__in=HEALABLE_STATES)
            & Q(force_heal_attempted=False)
            & Q(force_heal_too_late=False),
            output_field=BooleanField(),
        )
    )


def force_heal_available(*, injury: Injury) -> bool:
    """May force-healing still be tried on `injury` (M-I3)? The rule of
    `injuries_with_force_heal_available` for one injury. One query."""
    annotated = injuries_with_force_heal_available(Injury.objects.filter(pk=injury.pk)).get()
    return bool(annotated.force_heal_available)  # type: ignore[attr-defined]


def open_injuries(
    *, player_ids: Collection[int], force_healing: bool = True
) -> dict[int, OpenInjury]:
    """Each listed player's injury still counting (out, or career over and not yet healed),
    by player id, with force-healing's availability (M-I3: once, before the team's next
    game; never when `force_healing` is off). One query whatever the number of players."""
    injuries = injuries_with_force_heal_available(
        Injury.objects.filter(player_id__in=list(player_ids), state__in=HEALABLE_STATES)
    ).select_related("player", "fixture__round__season")
    result: dict[int, OpenInjury] = {}
    for injury in injuries.order_by("created_at"):
        result[injury.player_id] = OpenInjury(
            injury=injury,
            games_left=injury.games_left,
            career_over=injury.state == Injury.State.CAREER_OVER,
            force_healing_open=force_healing and bool(injury.force_heal_available),  # type: ignore[attr-defined]
        )
    return result


@dataclass(frozen=True)
class CareerOver:
    """A player whose career is over (M-I2): his career-ending injury (its match, when the
    result service recorded one) and his career points."""

    player: Player
    injury: Injury | None
    career_points: int

    @property
    def badges(self) -> list[tuple[str, str]]:
        """His status and Superstar mark as his roster showed them, and the career over."""
        badges = [(self.player.status, Status(self.player.status).label)]
        if self.player.superstar:
            badges.append(("superstar", "Superstar"))
        return [*badges, ("retired", "Career over")]


def careers_over(*, league: League | None = None, team: Team | None = None) -> list[CareerOver]:
    """The players of `league` (or of `team`) whose careers are over, most recent first,
    each with his career-ending injury and career points. Two queries whatever their number."""
    players = Player.objects.filter(roster_state=Player.RosterState.RETIRED)
    if league is not None:
        players = players.filter(team__league=league)
    if team is not None:
        players = players.filter(team=team)
    points = (
        PlayerSeason.objects.filter(player_id=OuterRef("pk"))
        .order_by()
        .values("player_id")
        .annotate(total=Sum("points"))
        .values("total")
    )
    ending = Injury.objects.filter(state=Injury.State.CAREER_OVER).select_related(
        "fixture__round__season", "fixture__home_team", "fixture__away_team"
    )
    found = (
        players.select_related("team")
        .annotate(career_points=Coalesce(Subquery(points), 0))
        .prefetch_related(
            Prefetch("injuries", queryset=ending.order_by("-created_at"), to_attr="ending")
        )
        .order_by(F("left_at").desc(nulls_last=True), "name", "id")
    )
    return [
        CareerOver(
            player=player,
            injury=next(iter(player.ending), None),
            career_points=player.career_points,
        )
        for player in found
    ]
