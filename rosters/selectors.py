"""Reads of rosters: the choices the pages offer, the picks still due, and a stored player
as the engine sees him."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.db.models import BooleanField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from league.models import Season, Team
from league.selectors.team_seasons import followed_first
from rosters.models import Enhancement, Player, SeasonRules
from rules.magnoball.picks import PickKind, picks_due
from rules.magnoball.settings import RuleSettings
from rules.magnoball.snapshot import PlayerSnapshot, Side, stat_levels
from rules.magnoball.vocabulary import (
    ROSTER_SIZE,
    Action,
    EnhancementKind,
    Position,
    StatCategory,
    Status,
)


def roster_open_spots(*, team: Team) -> int:
    """M-P9: the spots of the active 18 a call-up or a reactivation may take."""
    active = Player.objects.filter(team=team, roster_state=Player.RosterState.ACTIVE).count()
    return max(ROSTER_SIZE - active, 0)


def swap_candidates(*, player: Player) -> list[Player]:
    """Active team-mates of the same position in the other string (M-P2: one swaps with)."""
    return list(
        Player.objects.filter(
            team_id=player.team_id,
            position=player.position,
            roster_state=Player.RosterState.ACTIVE,
        )
        .exclude(string=player.string)
        .order_by("shirt_number", "id")
    )


def enhancements_fittable(*, player: Player) -> list[EnhancementKind]:
    """The kinds the player may still carry (M-E1): allowed for his position and not fitted
    already."""
    fitted = set(
        Enhancement.objects.filter(player=player, removed_at__isnull=True).values_list(
            "kind", flat=True
        )
    )
    position = Position(player.position)
    return [k for k in EnhancementKind if k.allowed_for(position) and k.value not in fitted]


# --- Veteran and Superstar picks due (M-P6, M-P8) -----------------------------------------------


def superstars_rule(*, team_ref: str) -> Coalesce:
    """M-P8's setting in the season a team follows (its league season not archived, else its
    newest tournament: league/selectors/team_seasons.py), as a subquery on `team_ref` (the outer
    team id); a team in no season plays by the default settings."""
    current = (
        SeasonRules.objects.filter(season__standings__team_id=OuterRef(team_ref))
        .exclude(season__status=Season.Status.ARCHIVED)
        .order_by(*followed_first("season__"))
        .values("superstars")[:1]
    )
    return Coalesce(
        Subquery(current, output_field=BooleanField()),
        Value(RuleSettings().superstars),
        output_field=BooleanField(),
    )


def player_picks_due(
    *, players: Sequence[Player], superstars: Mapping[int, bool] | None = None
) -> dict[int, tuple[PickKind, ...]]:
    """The picks each of `players` still owes (rules/magnoball/picks.py), by player id.
    `superstars` is M-P8's setting by team id where the caller has the season at hand (a
    team missing from it is in no season: the default); without it, one query reads each
    team's current season."""
    if superstars is None:
        team_ids = {p.team_id for p in players}
        superstars = dict(
            Team.objects.filter(pk__in=team_ids)
            .annotate(superstars_on=superstars_rule(team_ref="pk"))
            .values_list("pk", "superstars_on")
        )
    default = RuleSettings().superstars
    return {p.pk: picks_due(p, superstars=superstars.get(p.team_id, default)) for p in players}


def players_with_picks_due(queryset: QuerySet[Player]) -> QuerySet[Player]:
    """The players of `queryset` who owe picks (two queries). The filter only narrows to
    Veterans and Superstars with no picks yet; picks_due decides."""
    unpicked = Q(status=Status.VETERAN, veteran_actions=[]) | Q(
        superstar=True, superstar_actions=[]
    )
    candidates = list(queryset.filter(unpicked).only("id", "team_id", *_PICK_FIELDS))
    due = player_picks_due(players=candidates)
    return queryset.filter(pk__in=[pk for pk, kinds in due.items() if kinds])


_PICK_FIELDS = ("status", "veteran_actions", "superstar", "superstar_actions")


# --- A stored player as the engine sees him ---------------------------------------------------


def player_snapshot(
    player: Player,
    *,
    side: Side,
    settings: RuleSettings,
    successes: Mapping[StatCategory, int],
    enhancements: Iterable[EnhancementKind],
) -> PlayerSnapshot:
    """`player` for the engine (rules/magnoball/snapshot.py): his status and picked actions
    (M-P4 … M-P8), his stat levels from his career `successes` (M-P7, by `settings`) and the
    `enhancements` he carries into the match (M-E1). No query: the caller reads the counts."""
    return PlayerSnapshot(
        key=str(player.pk),
        name=player.name,
        side=side,
        position=Position(player.position),
        status=Status(player.status),
        veteran_actions=frozenset(Action(a) for a in player.veteran_actions),
        superstar=player.superstar,
        superstar_actions=frozenset(Action(a) for a in player.superstar_actions),
        stat_levels=stat_levels(successes, settings),
        enhancements=frozenset(enhancements),
    )
