"""Arenaball's honours (league/honours, docs/seasons.md "Awards"): a season's awards from its
characters' games (A-P1), whom a coach may vote MVP, and the league's character records.

- **Driver of the year**: the most Driver points earned in the season (goals, wins at the
  wheel, rams, A-P1).
- **Gunner of the year**: the most Gunner points earned in the season (wins in a gunner's
  seat, weapon kills, A-P1).

A tie shares the award (league.honours.awards.best_of)."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Count, Max, Sum
from django.urls import reverse

from arenaball.models import Character, CharacterGame
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

#: What a handle names (``character:4``): the league's JSON document rewrites its id.
HOLDER_KINDS = {"character": HolderKind(Character, "arenaball-character")}


def _holder(character: Character) -> Holder:
    return Holder(
        holder=f"character:{character.pk}",
        name=character.name,
        team=character.team,
        url=reverse("arenaball-character", args=[character.pk]),
    )


def _season_totals(season: Season) -> list[tuple[Character, dict[str, int]]]:
    rows = (
        CharacterGame.objects.filter(fixture__round__season=season)
        .values("character_id")
        .annotate(driver_total=Sum("driver"), gunner_total=Sum("gunner"), games=Count("id"))
    )
    totals = {row["character_id"]: row for row in rows}
    characters = Character.objects.filter(pk__in=totals).select_related("team").order_by("name")
    return [(character, totals[character.pk]) for character in characters]


def _winner(
    key: str, title: str, word: str
) -> Callable[[tuple[Character, dict[str, int]], int, bool], AwardWinner]:
    def winner(line: tuple[Character, dict[str, int]], figure: int, shared: bool) -> AwardWinner:
        character, totals = line
        return AwardWinner(
            award=key,
            title=title,
            who=_holder(character),
            figure=figure,
            text=f"{plural(figure, word)} in {plural(totals['games'], 'game')}",
            shared=shared,
        )

    return winner


def season_awards(*, season: Season) -> list[AwardWinner]:
    lines = _season_totals(season)
    return [
        *best_of(
            lines,
            figure=lambda line: line[1]["driver_total"],
            winner=_winner("driver_of_the_year", "Driver of the year", "Driver point"),
        ),
        *best_of(
            lines,
            figure=lambda line: line[1]["gunner_total"],
            winner=_winner("gunner_of_the_year", "Gunner of the year", "Gunner point"),
        ),
    ]


def mvp_candidates(*, season: Season) -> list[Holder]:
    """Every character who took part in one of `season`'s games, by name."""
    return [_holder(character) for character, _ in _season_totals(season)]


def league_records(*, league: League) -> list[Record]:
    """A character's most goals and kills in a game, and the career leaders (Driver and
    Gunner points, kills, goals, games) over the league's seasons."""
    records: list[Record] = []
    games = CharacterGame.objects.filter(fixture__round__season__league=league)
    for field, title, word in (
        ("goals", "Most goals by a character in a game", "goal"),
        ("kills", "Most kills by a character in a game", "kill"),
    ):
        best = games.aggregate(best=Max(field))["best"]
        if not best:
            continue
        for line in games.filter(**{field: best}).select_related(
            "character__team", "fixture__round__season"
        ):
            records.append(
                Record(
                    title=title,
                    name=line.character.name,
                    figure=best,
                    text=plural(best, word),
                    team=line.character.team,
                    url=reverse("arenaball-character", args=[line.character_id]),
                    season=line.fixture.round.season,
                    fixture=line.fixture,
                )
            )
    characters = list(Character.objects.filter(team__league=league).select_related("team"))
    for field, title, word in (
        ("driver_points", "Career Driver points", "Driver point"),
        ("gunner_points", "Career Gunner points", "Gunner point"),
        ("kills", "Career kills", "kill"),
        ("goals", "Career goals", "goal"),
        ("games", "Career appearances", "game"),
    ):
        records += leaders(
            [(_holder(c), getattr(c, field)) for c in characters], title=title, word=word
        )
    return records
