"""E-S1 to E-S3, E-D3: the cards each side of a match has, by name and key: what a side may
field (match day's picker and the line-up check), a team's own cards (its page), and what a
report is checked against: each side's sealed line-up, or the cards it could field when it
submitted none, with its suspended cards (rules.mn11.SideCards)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from league.models import Fixture, Season, Team
from mn11.catalogue import league_stars
from mn11.errors import Mn11Error
from mn11.models import Draft, Lineup, MatchDay
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, Side

from .discipline import team_suspended
from .draft import team_stars


def side_of(fixture: Fixture, team: Team) -> Side:
    if team.pk == fixture.home_team_id:
        return Side.HOME
    if team.pk == fixture.away_team_id:
        return Side.AWAY
    raise Mn11Error(f"{team} does not play {fixture}.", code="not_in_fixture")


def team_of(fixture: Fixture, side: Side) -> Team:
    return fixture.home_team if side is Side.HOME else fixture.away_team


def gk_picks(day: MatchDay | None) -> rules.GkPicks:
    if day is None:
        return rules.GkPicks()
    return rules.GkPicks(
        home=GkCard(day.gk_home) if day.gk_home else None,
        away=GkCard(day.gk_away) if day.gk_away else None,
    )


def away_set_of(day: MatchDay | None) -> AwaySet | None:
    return AwaySet(day.away_set) if day is not None and day.away_set else None


def fieldable_stars(
    *, team: Team, season: Season, settings: rules.Mn11Settings
) -> tuple[rules.StarCard, ...]:
    """E-S2: the Star Player cards `team` may field, named as its league names them: those
    it signed in the season's draft; a season that held no draft plays with the whole pool,
    as at a friendly table (docs/rules-decisions.md)."""
    if Draft.objects.filter(season=season).exists():
        return team_stars(team=team, season=season)
    return league_stars(league=season.league, pool=settings.star_pool)


def side_squad(
    *,
    fixture: Fixture,
    side: Side,
    day: MatchDay | None,
    settings: rules.Mn11Settings,
    away_set: AwaySet | None = None,
    gk: GkCard | None = None,
) -> tuple[rules.SquadCard, ...]:
    """Every card `side` may field in `fixture` (rules.mn11.match_squad): its GK card, its
    set's cards and its Star Players. The Away set and GK pick are the match day's unless
    given (a report names its own)."""
    team = team_of(fixture, side)
    chosen_set = away_set or away_set_of(day)
    picked = (gk or gk_picks(day).of(side)) if settings.gk_expansion else None
    return rules.match_squad(
        side=side,
        away_set=chosen_set if side is Side.AWAY else None,
        stars=fieldable_stars(team=team, season=fixture.round.season, settings=settings),
        gk=picked,
    )


def report_cards(
    *, fixture: Fixture, report: rules.MatchReport, settings: rules.Mn11Settings
) -> dict[Side, rules.SideCards]:
    """E-R1: what each side of `fixture` had for `report` (its Away set and GK picks): its
    sealed line-up's cards when it submitted one, else every card it could field; its GK
    card; the cards it had suspended (E-D3)."""
    lineups = {Side(row.side): list(row.cards) for row in Lineup.objects.filter(fixture=fixture)}
    day = MatchDay.objects.filter(fixture=fixture).first()
    cards: dict[Side, rules.SideCards] = {}
    for side in Side:
        team = team_of(fixture, side)
        gk = report.gk_home if side is Side.HOME else report.gk_away
        if side in lineups:
            keys = frozenset(lineups[side])
        else:
            squad = side_squad(
                fixture=fixture, side=side, day=day, settings=settings, away_set=report.away_set
            )
            keys = frozenset(card.key for card in squad if card.on_field)
        cards[side] = rules.SideCards(
            cards=keys,
            gk=gk.card_key if gk is not None else None,
            suspended=team_suspended(fixture=fixture, team=team, settings=settings),
            team=team.name,
            lineup=side in lineups,
        )
    return cards


@dataclass(frozen=True)
class TeamSquad:
    """A team's own cards in a season, for its page: the Star Players it signed (in pick
    order) and each set it plays with, by name and key (E-S1, E-S2, E-S3)."""

    stars: tuple[rules.SquadCard, ...]
    sets: Mapping[str, tuple[rules.SquadCard, ...]]
    gk_cards: tuple[rules.SquadCard, ...]


def team_squad(*, team: Team, season: Season) -> TeamSquad:
    settings = season_rules(season=season)
    stars = fieldable_stars(team=team, season=season, settings=settings)
    squad = rules.match_squad(side=Side.HOME, away_set=None, stars=stars, gk=None)
    sets = {
        "At home": rules.set_cards(Side.HOME, None),
        **{f"Away, {away_set.label}": rules.set_cards(Side.AWAY, away_set) for away_set in AwaySet},
    }
    keepers = tuple(GkCard) if settings.gk_expansion else ()
    return TeamSquad(
        stars=tuple(card for card in squad if card.kind is rules.CardKind.STAR),
        sets=sets,
        gk_cards=tuple(rules.gk_squad_card(gk) for gk in keepers),
    )
