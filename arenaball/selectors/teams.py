"""A team's season and settings, its roster, cars, designs and graveyard (and the league's),
and why a character may not be released now."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet

from arenaball.errors import ArenaballError
from arenaball.models import (
    Car,
    Character,
    Design,
    Fitting,
    SeasonSettings,
)
from league.models import League, Season, Team
from league.selectors.team_seasons import teams_seasons
from rules import arenaball as rules


def team_season(*, team: Team) -> Season | None:
    """The season `team` follows (league/selectors/team_seasons.py): its league season not archived,
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


def character_release_refusal(character: Character) -> ArenaballError | None:
    """Why `character` cannot be released now (not on the roster, or crewing a car), or
    None: what the release page says before it offers the button, and what the release
    checks under its lock."""
    if character.state != Character.State.ACTIVE:
        return ArenaballError(f"{character} is not on the roster.", code="not_on_roster")
    seat = Car.objects.filter(Q(driver=character) | Q(gunner=character), team=character.team_id)
    car = seat.first()
    if car is not None:
        name = "the goalkeeper" if car.slot == rules.GOALKEEPER_SLOT else f"car {car.slot}"
        return ArenaballError(
            f"{character} crews {name}; seat someone else there first.",
            code="character_seated",
        )
    return None
