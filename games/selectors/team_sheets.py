"""The reads that turn stored teams into what the engine plays with: the fit players and
each side's team sheet (M-P3, M-E1, M-P7)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence

from django.db.models import QuerySet, Sum

from injuries.models import Injury
from league.models import Team
from rosters.models import Enhancement, Player, PlayerSeasonStat
from rosters.selectors import player_snapshot
from rules.magnoball.match_result import TeamSheet
from rules.magnoball.settings import ProgressionMode, RuleSettings
from rules.magnoball.snapshot import PlayerSnapshot, Side
from rules.magnoball.vocabulary import (
    EnhancementKind,
    StatCategory,
)


def fit_players(*, team: Team) -> list[Player]:
    """Players who may take the field (M-P3): on the active roster, not out injured."""
    return list(_fit(Player.objects.filter(team=team)))


def _fit(players: QuerySet[Player]) -> QuerySet[Player]:
    injured = Injury.objects.filter(state=Injury.State.OUT).values("player_id")
    return (
        players.filter(roster_state=Player.RosterState.ACTIVE)
        .exclude(pk__in=injured)
        .order_by("string", "shirt_number", "id")
    )


def team_sheet(
    *,
    team: Team,
    settings: RuleSettings,
    side: Side,
    allowed_enhancements: Collection[int] | None = None,
    lineup: tuple[Sequence[Player], Sequence[Player]] | None = None,
) -> TeamSheet:
    """The team's fit first string on the field and fit second string on the bench (the
    engine fills an out first-stringer's place at kick-off, M-P3), or, given `lineup`
    (starters, bench) fixed at kick-off (games/services/lineups.py), exactly those starters. Each
    player has his status, picked actions, stat levels (M-P7, when the season progresses by
    stats) and fitted enhancements (M-E1, when the season allows them; only the ids in
    `allowed_enhancements` when given, i.e. those that passed inspection, M-E2). Three
    queries, two given `lineup`."""
    if lineup is None:
        fit = fit_players(team=team)
        starting = [p for p in fit if p.string == Player.String.FIRST]
        bench = [p for p in fit if p.string == Player.String.SECOND]
    else:
        starting, bench = list(lineup[0]), list(lineup[1])
    extras = _SheetExtras([p.pk for p in starting + bench], settings, allowed_enhancements)
    return extras.sheet(team, starting, bench, side=side, kick_off_fixed=lineup is not None)


def team_sheets(
    *, teams: Sequence[Team], settings: RuleSettings, sides: Sequence[Side] = tuple(Side)
) -> dict[tuple[int, Side], TeamSheet]:
    """team_sheet of each of `teams` (no line-up fixed, every fitted enhancement) for each
    of `sides`, in three queries however many teams: the playoff odds version a season's
    forty sheets at once (games/selectors/odds.py), where a query a sheet cost most of a
    run's start."""
    by_team: dict[int, list[Player]] = {team.pk: [] for team in teams}
    for player in _fit(Player.objects.filter(team__in=list(by_team))):
        by_team[player.team_id].append(player)
    extras = _SheetExtras(
        [player.pk for players in by_team.values() for player in players], settings, None
    )
    sheets = {}
    for team in teams:
        fit = by_team[team.pk]
        starting = [p for p in fit if p.string == Player.String.FIRST]
        bench = [p for p in fit if p.string == Player.String.SECOND]
        for side in sides:
            sheets[team.pk, side] = extras.sheet(team, starting, bench, side=side)
    return sheets


class _SheetExtras:
    """What a team sheet adds to its players, read for all of them at once: fitted
    enhancements (M-E1, only `allowed` ones when given, M-E2) and career successes for the
    stat levels (M-P7), each only when the season uses them."""

    def __init__(
        self, ids: list[int], settings: RuleSettings, allowed: Collection[int] | None
    ) -> None:
        self.settings = settings
        self.enhancements: dict[int, set[EnhancementKind]] = defaultdict(set)
        # None passed inspection, as at most kick-offs: nothing to read (the ORM would still
        # build the query before finding it empty, a few milliseconds a result).
        if settings.enhancements and (allowed is None or allowed):
            fitted = Enhancement.objects.filter(player_id__in=ids, removed_at__isnull=True)
            if allowed is not None:
                fitted = fitted.filter(pk__in=list(allowed))
            for player_id, kind in fitted.values_list("player_id", "kind"):
                self.enhancements[player_id].add(EnhancementKind(kind))
        self.successes: dict[int, dict[StatCategory, int]] = defaultdict(dict)
        if settings.progression_mode == ProgressionMode.STATS:
            career = (
                PlayerSeasonStat.objects.filter(player_id__in=ids)
                .values("player_id", "category")
                .annotate(total=Sum("successes"))
            )
            for row in career:
                self.successes[row["player_id"]][StatCategory(row["category"])] = row["total"]

    def sheet(
        self,
        team: Team,
        starting: Sequence[Player],
        bench: Sequence[Player],
        *,
        side: Side,
        kick_off_fixed: bool = False,
    ) -> TeamSheet:
        def snapshot(player: Player) -> PlayerSnapshot:
            return player_snapshot(
                player,
                side=side,
                settings=self.settings,
                successes=self.successes[player.pk],
                enhancements=self.enhancements[player.pk],
            )

        return TeamSheet(
            key=str(team.pk),
            name=team.name,
            first_string=tuple(snapshot(p) for p in starting),
            second_string=tuple(snapshot(p) for p in bench),
            kick_off_fixed=kick_off_fixed,
        )
