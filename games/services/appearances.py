"""Results stored before a result's appearances were its line-up (issue #47): a report that
did not name a starter left him without an appearance, and so without the game (M-P3,
M-P5). ``starters_appearances_give`` gives every starter of a line-up fixed at kick-off
his missing appearance (no points, no stats) and reruns progression for the players
concerned: their season lines' games recounted from their appearances, their career games
from those lines (tournaments that do not count for careers aside) and their status from
the status they joined with (M-P5), as the result service's recount does.

Written against a model registry (``apps``), so that games migration 0014 runs it on the
models as they were then; the tests run it on the current ones. Run twice, the second run
finds nothing to give and changes nothing."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, OuterRef, Sum

from rules.magnoball.between_matches import status_after_games
from rules.magnoball.settings import ProgressionMode, RuleSettings
from rules.magnoball.vocabulary import Status


@dataclass(frozen=True)
class Repaired:
    appearances: int  # appearances given
    results: int  # results they were missing from
    players: int  # players whose progression was rerun
    promoted: int  # of those, players whose status changed

    def __str__(self) -> str:
        return (
            f"{self.appearances} starters' appearances given in {self.results} results; "
            f"progression rerun for {self.players} players ({self.promoted} changed status)."
        )


def starters_appearances_give(apps: Any) -> Repaired:
    """Give each starter without an appearance in his fixture's result his appearance, and
    rerun progression for those players (module docstring)."""
    appearance = apps.get_model("games", "Appearance")
    entry = apps.get_model("games", "LineupEntry")
    missing = list(
        entry.objects.filter(starter=True, fixture__result__isnull=False)
        .exclude(
            Exists(
                appearance.objects.filter(
                    result__fixture_id=OuterRef("fixture_id"), player_id=OuterRef("player_id")
                )
            )
        )
        .values_list("fixture__result__id", "player_id", "team_id", "fixture__round__season_id")
    )
    if not missing:
        return Repaired(0, 0, 0, 0)
    appearance.objects.bulk_create(
        appearance(result_id=result, player_id=player, team_id=team, points=0)
        for result, player, team, _ in missing
    )
    seasons: dict[int, set[int]] = defaultdict(set)
    for _, player, _, season in missing:
        seasons[player].add(season)
    promoted = _progression_rerun(apps, seasons)
    results = len({result for result, *_ in missing})
    return Repaired(len(missing), results, len(seasons), promoted)


def _progression_rerun(apps: Any, seasons: dict[int, set[int]]) -> int:
    """Recount the season lines of `seasons` (player id → his seasons concerned), then the
    players' career games and status (M-P5); returns how many changed status."""
    appearance = apps.get_model("games", "Appearance")
    player_season = apps.get_model("rosters", "PlayerSeason")
    player_model = apps.get_model("rosters", "Player")
    season_model = apps.get_model("league", "Season")
    players = list(seasons)
    counted = (
        appearance.objects.filter(player_id__in=players)
        .values("player_id", "result__fixture__round__season_id")
        .annotate(games=Count("id"), points=Sum("points"))
    )
    for row in counted:
        season = row["result__fixture__round__season_id"]
        if season in seasons[row["player_id"]]:
            player_season.objects.update_or_create(
                player_id=row["player_id"],
                season_id=season,
                defaults={"games_played": row["games"], "points": row["points"] or 0},
            )
    careers = dict(
        player_season.objects.filter(player_id__in=players, season__counts_for_careers=True)
        .values("player_id")
        .annotate(total=Sum("games_played"))
        .values_list("player_id", "total")
    )
    # Each player's status follows the settings of the latest season concerned, as a new
    # result's players follow their season's.
    ordered = season_model.objects.filter(pk__in={s for ids in seasons.values() for s in ids})
    order = {
        pk: index
        for index, pk in enumerate(
            ordered.order_by("created_at", "id").values_list("pk", flat=True)
        )
    }
    settings = _settings(apps, set(order))
    changed, promoted = [], 0
    for player in player_model.objects.filter(pk__in=players):
        latest = max(seasons[player.pk], key=order.__getitem__)
        games = careers.get(player.pk, 0)
        status = status_after_games(Status(player.start_status), games, settings[latest]).value
        if status != player.status:
            promoted += 1
        if (games, status) != (player.games_played, player.status):
            player.games_played, player.status = games, status
            changed.append(player)
    player_model.objects.bulk_update(changed, ["games_played", "status"])
    return promoted


def _settings(apps: Any, season_ids: set[int]) -> dict[int, RuleSettings]:
    """The progression settings (M-P5) of each season, the engine's defaults where a season
    has no rules row."""
    rules = apps.get_model("rosters", "SeasonRules")
    found = {
        row.season_id: RuleSettings(
            progression_mode=ProgressionMode(row.progression_mode),
            rookie_to_pro_games=row.rookie_to_pro_games,
            pro_to_veteran_games=row.pro_to_veteran_games,
        )
        for row in rules.objects.filter(season_id__in=season_ids)
    }
    return {pk: found.get(pk, RuleSettings()) for pk in season_ids}
