"""MagnoBall's honours (league/honours, docs/seasons.md "Awards"): a season's awards from
its players' season lines, whom a coach may vote MVP, and the league's player records.

- **Top scorer**: the most points scored (M-S2; with Goal Zones a goal is 1 to 3, M-S3).
- **Best goalie**: the most saves (successful Saves, M-P7's count; a substitute Goalie's too).
- **Most tackles**: the most successful tackles (M-P7: won the roll, tackling or tackled).
- **Most improved**: the largest rise in successful actions (every M-P7 category) over the
  player's previous season in the league (the latest one he played in); a first season
  has nothing to improve on.
- **Rookie of the year**: the most successful actions by a Rookie in his first season (M-P4:
  made a Rookie at creation, or called up, M-P9, who always starts as one).

A tie shares the award (league.honours.awards.best_of)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

from django.db.models import Max, Sum
from django.urls import reverse

from games.models import Appearance
from league.honours.awards import (
    AwardWinner,
    Holder,
    HolderKind,
    Record,
    best_of,
    leaders,
    plural,
)
from league.models import League, Season
from rosters.models import Player, PlayerSeason, PlayerSeasonStat
from rules.magnoball.vocabulary import StatCategory, Status

#: What a handle names (``player:12``): the league's JSON document rewrites its id.
HOLDER_KINDS = {"player": HolderKind(Player, "player")}


def _holder(player: Player) -> Holder:
    return Holder(
        holder=f"player:{player.pk}",
        name=player.name,
        team=player.team,
        url=reverse("player", args=[player.pk]),
    )


def _lines(season: Season) -> list[PlayerSeason]:
    return list(
        PlayerSeason.objects.filter(season=season, games_played__gt=0)
        .select_related("player__team")
        .order_by("player__name", "player_id")
    )


def _successes(
    season_ids: Sequence[int], player_ids: Sequence[int]
) -> dict[tuple[int, int], dict[str, int]]:
    """Successes by (season, player), per category and in all (``"all"``)."""
    totals: dict[tuple[int, int], dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for season_id, player_id, category, successes in PlayerSeasonStat.objects.filter(
        season_id__in=season_ids, player_id__in=player_ids
    ).values_list("season_id", "player_id", "category", "successes"):
        totals[(season_id, player_id)][category] += successes
        totals[(season_id, player_id)]["all"] += successes
    return totals


def _previous_seasons(season: Season, player_ids: Sequence[int]) -> dict[int, Season]:
    """Each player's latest season in the league before `season` in which he played."""
    earlier = (
        PlayerSeason.objects.filter(
            player_id__in=player_ids,
            season__league_id=season.league_id,
            season__created_at__lt=season.created_at,
            games_played__gt=0,
        )
        .select_related("season")
        .order_by("season__created_at")
    )
    return {line.player_id: line.season for line in earlier}  # the latest wins


def season_awards(*, season: Season) -> list[AwardWinner]:
    lines = _lines(season)
    players = [line.player for line in lines]
    ids = [p.pk for p in players]
    previous = _previous_seasons(season, ids)
    stats = _successes([season.pk, *{s.pk for s in previous.values()}], ids)

    def now(player: Player, category: str) -> int:
        return stats.get((season.pk, player.pk), {}).get(category, 0)

    def award(key: str, title: str, words: str) -> Callable[[Player, int, bool], AwardWinner]:
        def winner(player: Player, figure: int, shared: bool) -> AwardWinner:
            return AwardWinner(
                award=key,
                title=title,
                who=_holder(player),
                figure=figure,
                text=plural(figure, words),
                shared=shared,
            )

        return winner

    points = {line.player_id: line.points for line in lines}

    def rise(player: Player) -> int:
        before = previous.get(player.pk)
        if before is None:
            return 0
        return now(player, "all") - stats.get((before.pk, player.pk), {}).get("all", 0)

    def improved(player: Player, figure: int, shared: bool) -> AwardWinner:
        before = previous[player.pk]
        was = stats.get((before.pk, player.pk), {}).get("all", 0)
        return AwardWinner(
            award="most_improved",
            title="Most improved",
            who=_holder(player),
            figure=figure,
            text=f"+{figure} successful actions ({now(player, 'all')}, up from {was} in "
            f"{before.name})",
            shared=shared,
        )

    rookies = [p for p in players if p.start_status == Status.ROOKIE and p.pk not in previous]
    return [
        *best_of(
            players,
            figure=lambda p: points[p.pk],
            winner=award("top_scorer", "Top scorer", "point"),
        ),
        *best_of(
            players,
            figure=lambda p: now(p, StatCategory.SAVES),
            winner=award("best_goalie", "Best goalie", "save"),
        ),
        *best_of(
            players,
            figure=lambda p: now(p, StatCategory.TACKLES),
            winner=award("most_tackles", "Most tackles", "successful tackle"),
        ),
        *best_of(players, figure=rise, winner=improved),
        *best_of(
            rookies,
            figure=lambda p: now(p, "all"),
            winner=award("rookie_of_the_year", "Rookie of the year", "successful action"),
        ),
    ]


def mvp_candidates(*, season: Season) -> list[Holder]:
    """Every player who played in `season`, by name."""
    return [_holder(line.player) for line in _lines(season)]


def league_records(*, league: League) -> list[Record]:
    """A player's most points in a match and in a season, and the career leaders (points,
    games, saves, tackles) over the league's seasons."""
    records: list[Record] = []
    match_best = Appearance.objects.filter(result__fixture__round__season__league=league).aggregate(
        best=Max("points")
    )["best"]
    if match_best:
        for appearance in Appearance.objects.filter(
            result__fixture__round__season__league=league, points=match_best
        ).select_related("player__team", "result__fixture__round__season"):
            records.append(
                Record(
                    title="Most points by a player in a match",
                    name=appearance.player.name,
                    figure=match_best,
                    text=plural(match_best, "point"),
                    team=appearance.player.team,
                    url=reverse("player", args=[appearance.player_id]),
                    season=appearance.result.fixture.round.season,
                    fixture=appearance.result.fixture,
                )
            )
    season_best = PlayerSeason.objects.filter(season__league=league).aggregate(best=Max("points"))[
        "best"
    ]
    if season_best:
        for line in PlayerSeason.objects.filter(
            season__league=league, points=season_best
        ).select_related("player__team", "season"):
            records.append(
                Record(
                    title="Most points by a player in a season",
                    name=line.player.name,
                    figure=season_best,
                    text=f"{plural(season_best, 'point')} in {plural(line.games_played, 'game')}",
                    team=line.player.team,
                    url=reverse("player", args=[line.player_id]),
                    season=line.season,
                )
            )
    players = {p.pk: p for p in Player.objects.filter(team__league=league).select_related("team")}
    careers = (
        PlayerSeason.objects.filter(season__league=league)
        .values("player_id")
        .annotate(career_points=Sum("points"), career_games=Sum("games_played"))
    )
    stats = (
        PlayerSeasonStat.objects.filter(
            season__league=league, category__in=[StatCategory.SAVES, StatCategory.TACKLES]
        )
        .values("player_id", "category")
        .annotate(total=Sum("successes"))
    )
    by_category: dict[str, list[tuple[Holder, int]]] = defaultdict(list)
    for row in stats:
        by_category[row["category"]].append((_holder(players[row["player_id"]]), row["total"]))
    career = [(players[row["player_id"]], row) for row in careers]
    records += leaders(
        [(_holder(p), row["career_points"] or 0) for p, row in career],
        title="Career points",
        word="point",
    )
    records += leaders(
        [(_holder(p), row["career_games"] or 0) for p, row in career],
        title="Career appearances",
        word="game",
    )
    records += leaders(by_category[StatCategory.SAVES], title="Career saves", word="save")
    records += leaders(
        by_category[StatCategory.TACKLES], title="Career tackles", word="successful tackle"
    )
    return records
