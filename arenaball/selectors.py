"""Reads of the Arenaball app: a team's season and settings, its roster, cars and designs,
characters' careers, a fixture's line-ups and report."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet, Sum

from arenaball.models import (
    Car,
    Character,
    CharacterGame,
    Design,
    Fitting,
    Pits,
    Report,
    SeasonSettings,
)
from league.models import Fixture, League, Season, Team
from league.selectors import with_round_labels
from league.team_seasons import teams_seasons
from rules import arenaball as rules


def team_season(*, team: Team) -> Season | None:
    """The season `team` follows (league/team_seasons.py): its league season not archived,
    else its newest tournament."""
    found = teams_seasons([team.pk]).get(team.pk)
    return found.followed if found else None


def season_rules(*, season: Season | None) -> rules.ArenaballSettings:
    """The season's settings as the rules read them (the defaults where it has none)."""
    if season is None:
        return rules.ArenaballSettings()
    row = SeasonSettings.objects.filter(season=season).first()
    return row.to_rules() if row else rules.ArenaballSettings()


def team_settings(*, team: Team) -> rules.ArenaballSettings:
    """The settings `team`'s designs and line-ups answer to: its current season's."""
    return season_rules(season=team_season(team=team))


def team_designs(*, team: Team) -> QuerySet[Design]:
    return designs_with_fittings().filter(team=team)


def designs_with_fittings() -> QuerySet[Design]:
    """Designs with their fittings and parts, in their order, read in two queries."""
    fittings = Fitting.objects.select_related("part").order_by("order", "pk")
    return Design.objects.prefetch_related(Prefetch("fittings", queryset=fittings))


def team_cars(*, team: Team) -> list[Car]:
    """The team's cars in order 1 to 5 then GK, with designs and crews."""
    cars = list(Car.objects.filter(team=team).select_related("design", "driver", "gunner"))
    order = {slot: index for index, slot in enumerate((*rules.TRACK_SLOTS, rules.GOALKEEPER_SLOT))}
    return sorted(cars, key=lambda car: order.get(car.slot, 99))


def team_roster(*, team: Team) -> list[Character]:
    """The team's characters on the roster, by name."""
    return list(Character.objects.filter(team=team, state=Character.State.ACTIVE).order_by("name"))


def team_skaters(*, team: Team) -> list[Character]:
    """The seed's roller-skater variant: the team's characters on the roster who crew no car,
    those who may skate as peds in its next game, by name."""
    seated = Car.objects.filter(team=team).values_list("driver", "gunner")
    taken = {pk for pair in seated for pk in pair if pk is not None}
    return [c for c in team_roster(team=team) if c.pk not in taken]


def team_graveyard(*, team: Team) -> list[Character]:
    """A-P3: the team's dead, most recent first."""
    return list(_the_dead().filter(team=team))


def league_graveyard(*, league: League) -> list[Character]:
    """A-P3: the league's dead, every team's, most recent first. One query."""
    return list(_the_dead().filter(team__league=league).select_related("team"))


def _the_dead() -> QuerySet[Character]:
    return (
        Character.objects.filter(state=Character.State.DEAD)
        .select_related("died_in__round__season", "died_in__home_team", "died_in__away_team")
        .order_by("-left_at", "name")
    )


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


# --- reads for the API --------------------------------------------------------------------------


def fixture_pits(*, fixture: Fixture) -> list[Pits]:
    """A-G4: the pits each team's coach chose for `fixture`, home team first."""
    pits = Pits.objects.filter(fixture=fixture).select_related("chosen_by")
    return sorted(pits, key=lambda row: row.team_id != fixture.home_team_id)


def fixture_report(*, fixture: Fixture) -> Report | None:
    """A-G5: the played `fixture`'s report with its goals, kills, casualties and
    substitutions (None before the result, or for a result with no report)."""
    return (
        Report.objects.filter(result__fixture=fixture)
        .select_related("result__reported_by", "winner")
        .prefetch_related("goals", "kills", "casualties", "substitutions")
        .first()
    )


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
