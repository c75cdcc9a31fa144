"""Reads that turn stored teams into what the engine plays with."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from django.db.models import Sum

from games.engine.match_result import TeamSheet
from games.engine.settings import ProgressionMode, RuleSettings
from games.engine.snapshot import PlayerSnapshot, Side, stat_levels
from games.engine.vocabulary import Action, EnhancementKind, Position, StatCategory, Status
from injuries.models import Injury
from league.models import Team
from rosters.models import Enhancement, Player, PlayerSeasonStat


def fit_players(*, team: Team) -> list[Player]:
    """Players who may take the field (M-P3): on the active roster, not out injured."""
    injured = Injury.objects.filter(state=Injury.State.OUT).values("player_id")
    return list(
        Player.objects.filter(team=team, roster_state=Player.RosterState.ACTIVE)
        .exclude(pk__in=injured)
        .order_by("string", "shirt_number", "id")
    )


def team_sheet(
    *,
    team: Team,
    settings: RuleSettings,
    side: Side,
    allowed_enhancements: Collection[int] | None = None,
) -> TeamSheet:
    """The team's fit first string on the field and fit second string on the bench, each
    player with his status, picked actions, stat levels (M-P7, when the season progresses by
    stats) and fitted enhancements (M-E1, when the season allows them; only the ids in
    `allowed_enhancements` when given, i.e. those that passed inspection, M-E2). Three
    queries."""
    players = fit_players(team=team)
    ids = [player.pk for player in players]
    enhancements: dict[int, set[EnhancementKind]] = defaultdict(set)
    if settings.enhancements:
        fitted = Enhancement.objects.filter(player_id__in=ids, removed_at__isnull=True)
        if allowed_enhancements is not None:
            fitted = fitted.filter(pk__in=list(allowed_enhancements))
        for player_id, kind in fitted.values_list("player_id", "kind"):
            enhancements[player_id].add(EnhancementKind(kind))
    successes: dict[int, dict[StatCategory, int]] = defaultdict(dict)
    if settings.progression_mode == ProgressionMode.STATS:
        career = (
            PlayerSeasonStat.objects.filter(player_id__in=ids)
            .values("player_id", "category")
            .annotate(total=Sum("successes"))
        )
        for row in career:
            successes[row["player_id"]][StatCategory(row["category"])] = row["total"]

    def snapshot(player: Player) -> PlayerSnapshot:
        return PlayerSnapshot(
            key=str(player.pk),
            name=player.name,
            side=side,
            position=Position(player.position),
            status=Status(player.status),
            veteran_actions=frozenset(Action(a) for a in player.veteran_actions),
            superstar=player.superstar,
            superstar_actions=frozenset(Action(a) for a in player.superstar_actions),
            stat_levels=stat_levels(successes[player.pk], settings),
            enhancements=frozenset(enhancements[player.pk]),
        )

    first = tuple(snapshot(p) for p in players if p.string == Player.String.FIRST)
    second = tuple(snapshot(p) for p in players if p.string == Player.String.SECOND)
    return TeamSheet(key=str(team.pk), name=team.name, first_string=first, second_string=second)
