"""Characters' careers: a character's games with his running totals, his seasons, and a
season's leaders (A-P1, A-P2)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum

from arenaball.models import (
    Character,
    CharacterGame,
)
from league.models import Season
from league.selectors.fixtures import with_round_labels


@dataclass(frozen=True)
class CareerPoint:
    """One game of a character's history: the game and his running totals after it."""

    game: CharacterGame
    driver: int
    gunner: int
    prestige: int


def character_history(*, character: Character) -> list[CareerPoint]:
    """A-P1, A-P2: the character's games in order with his running totals (for the chart)."""
    games = list(
        CharacterGame.objects.filter(character=character)
        .select_related(
            "fixture__round__season__league", "fixture__home_team", "fixture__away_team"
        )
        .order_by("fixture__round__season__created_at", "fixture__round__number", "fixture_id")
    )
    with_round_labels([game.fixture for game in games])  # "Final" without a query each
    history, driver, gunner, prestige = [], 0, 0, 0
    for game in games:
        driver, gunner, prestige = (
            driver + game.driver,
            gunner + game.gunner,
            prestige + game.prestige,
        )
        history.append(CareerPoint(game, driver, gunner, prestige))
    return history


@dataclass(frozen=True)
class SeasonTotals:
    """A character's games and points of one season (A-P1)."""

    season: Season
    games: int
    driver: int
    gunner: int
    prestige: int
    kills: int
    goals: int


def character_season_totals(*, history: list[CareerPoint]) -> list[SeasonTotals]:
    """His `history` (character_history) added up season by season, oldest first; no query.
    His career totals are the character's own fields."""
    seasons: dict[int, list[CharacterGame]] = {}
    for point in history:
        seasons.setdefault(point.game.fixture.round.season_id, []).append(point.game)
    return [
        SeasonTotals(
            season=games[0].fixture.round.season,
            games=len(games),
            driver=sum(g.driver for g in games),
            gunner=sum(g.gunner for g in games),
            prestige=sum(g.prestige for g in games),
            kills=sum(g.kills for g in games),
            goals=sum(g.goals for g in games),
        )
        for games in seasons.values()
    ]


@dataclass(frozen=True)
class SeasonLeader:
    """A character's totals over one season's games (A-P1)."""

    character: Character
    goals: int
    kills: int
    prestige: int


def season_leaders(*, season: Season, limit: int = 5) -> dict[str, list[SeasonLeader]]:
    """The season's top goal scorers, killers and Prestige earners, from its games (one
    query)."""
    totals = (
        CharacterGame.objects.filter(fixture__round__season=season)
        .values("character")
        .annotate(
            season_goals=Sum("goals"), season_kills=Sum("kills"), season_prestige=Sum("prestige")
        )
    )
    rows = {row["character"]: row for row in totals}
    characters = Character.objects.filter(pk__in=rows).select_related("team").in_bulk()
    lines = [
        SeasonLeader(
            characters[pk], row["season_goals"], row["season_kills"], row["season_prestige"]
        )
        for pk, row in rows.items()
        if pk in characters
    ]

    def top(key: str) -> list[SeasonLeader]:
        ranked = [line for line in lines if getattr(line, key) > 0]
        ranked.sort(key=lambda line: (-getattr(line, key), line.character.name))
        return ranked[:limit]

    return {"goals": top("goals"), "kills": top("kills"), "prestige": top("prestige")}
