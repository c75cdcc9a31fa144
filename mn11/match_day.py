"""Match day (E-S1, E-S3): the Away coach chooses the Away card set; with GK cards on, Home
picks one of the three GK cards, then Away one of the two left; each team submits its
starting line-up of 11 Player Cards, sealed from the other coach until both are in; with the
suspension setting on, a card sent off in the team's previous match may not start
(rules.mn11.suspended_cards). Each write: that team's coach or a commissioner, before the
result, under the fixture's lock, audited. Also what waits for a coach ("My teams")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction

from league.access import Actor, is_coach, is_commissioner, require_coach_or_commissioner
from league.audit import audit_record
from league.coaching import CoachTeam, TodoItem, next_fixtures, team_seasons
from league.models import Fixture, Result, Round, Season, Team
from league.results import fixture_lock
from mn11.discipline import team_suspended
from mn11.draft import team_stars
from mn11.errors import Mn11Error
from mn11.models import Draft, Lineup, MatchDay
from mn11.season_settings import season_rules
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, Side

#: A team's own card set: Home plays the Home set, Away the Away set chosen (E-S1); a set
#: card is named by its set (``home-7``, ``away-base-3``, ``away-expansion-3``).
SET_PREFIX = {Side.HOME: "home-"}
AWAY_PREFIX = {AwaySet.BASE: "away-base-", AwaySet.EXPANSION: "away-expansion-"}


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


def _locked_day(fixture: Fixture, actor: Actor, side: Side) -> tuple[Fixture, MatchDay]:
    """Lock the fixture for a match-day write by `side`'s coach or a commissioner (the
    caller holds the transaction); refused once it is played."""
    locked = fixture_lock(fixture_id=fixture.pk)
    require_coach_or_commissioner(user=actor, team=team_of(locked, side))
    if Result.objects.filter(fixture=locked).exists():
        raise Mn11Error(f"{locked} has been played.", code="already_played")
    day, _ = MatchDay.objects.select_for_update().get_or_create(fixture=locked)
    return locked, day


def away_set_choose(*, fixture: Fixture, actor: Actor, away_set: AwaySet) -> MatchDay:
    """E-S1: the Away team's card set for `fixture` (its coach or a commissioner)."""
    with transaction.atomic():
        locked, day = _locked_day(fixture, actor, Side.AWAY)
        before = day.away_set
        day.away_set = away_set.value
        day.save(update_fields=["away_set"])
        audit_record(
            actor=actor,
            action="mn11.away_set",
            obj=day,
            league=locked.round.season.league,
            message=f"{locked.away_team} play {locked} with the {away_set.label}",
            before={"away_set": before},
            after={"away_set": away_set.value},
        )
    return day


def gk_pick_choose(*, fixture: Fixture, actor: Actor, side: Side, card: GkCard) -> MatchDay:
    """E-S3: `side` picks its GK card (its coach or a commissioner): Home first, then Away
    one of the two Home left."""
    with transaction.atomic():
        locked, day = _locked_day(fixture, actor, side)
        settings = season_rules(season=locked.round.season)
        error = rules.gk_pick_error(settings=settings, picks=gk_picks(day), side=side, card=card)
        if error:
            raise Mn11Error(error, code="gk_pick_refused", field="card")
        setattr(day, f"gk_{side.value}", card.value)
        day.save(update_fields=[f"gk_{side.value}"])
        audit_record(
            actor=actor,
            action="mn11.gk_pick",
            obj=day,
            league=locked.round.season.league,
            message=f"{team_of(locked, side)} pick {card.label} for {locked}",
            after={"side": side.value, "card": card.value},
        )
    return day


def fieldable(card: str, *, side: Side, away_set: AwaySet | None, stars: frozenset[str]) -> bool:
    """Whether `card` is one the team may field: one of its own set's cards, or a Star
    Player card of the season's pool (E-S2, E-S3)."""
    prefix = SET_PREFIX.get(side) or (AWAY_PREFIX[away_set] if away_set else None)
    own_set = prefix is not None and card.startswith(prefix) and card[len(prefix) :].isdigit()
    return own_set or card in stars


def fieldable_stars(*, team: Team, season: Season, settings: rules.Mn11Settings) -> frozenset[str]:
    """E-S2: the Star Player cards `team` may field: those it signed in the season's draft;
    a season that held no draft plays with the whole pool, as at a friendly table
    (docs/rules-decisions.md)."""
    if Draft.objects.filter(season=season).exists():
        return frozenset(card.key for card in team_stars(team=team, season=season))
    return frozenset(card.key for card in rules.star_pool(pool=settings.star_pool))


def lineup_submit(*, fixture: Fixture, actor: Actor, side: Side, cards: Sequence[str]) -> Lineup:
    """E-S3: `side`'s starting line-up (its coach or a commissioner): checked by
    rules.mn11.lineup_errors with its GK pick and its suspended cards."""
    cards = [str(card).strip() for card in cards]
    with transaction.atomic():
        locked, day = _locked_day(fixture, actor, side)
        season = locked.round.season
        settings = season_rules(season=season)
        team = team_of(locked, side)
        away_set = AwaySet(day.away_set) if day.away_set else None
        if side is Side.AWAY and away_set is None:
            raise Mn11Error("Choose the Away set first (E-S1).", code="lineup_invalid")
        stars = fieldable_stars(team=team, season=season, settings=settings)
        errors = rules.lineup_errors(
            settings=settings,
            cards=cards,
            gk=gk_picks(day).of(side),
            available={c for c in cards if fieldable(c, side=side, away_set=away_set, stars=stars)},
            suspended=team_suspended(fixture=locked, team=team, settings=settings),
        )
        if errors:
            raise Mn11Error(" ".join(errors), code="lineup_invalid", field="cards")
        lineup, _ = Lineup.objects.update_or_create(
            fixture=locked,
            side=side.value,
            defaults={
                "team": team,
                "cards": cards,
                "submitted_by": actor if actor is not None and actor.is_authenticated else None,
            },
        )
        audit_record(
            actor=actor,
            action="mn11.lineup",
            obj=lineup,
            league=season.league,
            message=f"{team}'s line-up for {locked}",
            after={"side": side.value, "cards": cards},
        )
    return lineup


# --- what each viewer sees ---------------------------------------------------------------------


@dataclass(frozen=True)
class SideView:
    """One side of the match day as a viewer may see it."""

    side: Side
    team: Team
    lineup: list[str] | None
    lineup_in: bool
    gk: rules.GkView | None
    may_manage: bool
    suspended: frozenset[str]


@dataclass(frozen=True)
class MatchDayView:
    away_set: AwaySet | None
    gk_on: bool
    gk_turn: Side | None
    sides: tuple[SideView, SideView]
    may_choose_set: bool


def viewer_sides(*, user: Actor, fixture: Fixture) -> set[Side]:
    """The sides whose coach `user` is, or both for a commissioner."""
    if is_commissioner(user=user, league=fixture.round.season.league):
        return set(Side)
    return {side for side in Side if is_coach(user=user, team=team_of(fixture, side))}


def match_day_view(*, user: Actor, fixture: Fixture) -> MatchDayView:
    """E-S1, E-S3 for `user`: the Away set and GK picks (open), each line-up to its own
    coach, and to everyone once both are in (rules.mn11.lineup_visible)."""
    settings = season_rules(season=fixture.round.season)
    day = MatchDay.objects.filter(fixture=fixture).first()
    picks = gk_picks(day)
    lineups = {Side(row.side): row for row in Lineup.objects.filter(fixture=fixture)}
    mine = viewer_sides(user=user, fixture=fixture)
    both = len(lineups) == 2
    played = hasattr(fixture, "result")
    sides = []
    for side in Side:
        seen = any(rules.lineup_visible(owner=side, viewer=v, both_submitted=both) for v in mine)
        team = team_of(fixture, side)
        sides.append(
            SideView(
                side=side,
                team=team,
                lineup=list(lineups[side].cards) if side in lineups and (seen or both) else None,
                lineup_in=side in lineups,
                gk=rules.gk_view(picks, side) if settings.gk_expansion else None,
                may_manage=side in mine and not played,
                suspended=team_suspended(fixture=fixture, team=team, settings=settings)
                if side in mine
                else frozenset(),
            )
        )
    return MatchDayView(
        away_set=AwaySet(day.away_set) if day and day.away_set else None,
        gk_on=settings.gk_expansion,
        gk_turn=rules.gk_turn(picks) if settings.gk_expansion else None,
        sides=(sides[0], sides[1]),
        may_choose_set=Side.AWAY in mine and not played,
    )


# --- "My teams" ---------------------------------------------------------------------------------


def coach_teams(*, user: User, ruleset: str) -> list[CoachTeam]:
    """Each team `user` coaches with its season, next fixture and what waits for him."""
    teams = list(Team.objects.filter(coach=user, league__ruleset=ruleset).select_related("league"))
    ids = [team.pk for team in teams]
    seasons = team_seasons(ids)
    upcoming = next_fixtures(ids)
    return [
        CoachTeam(
            team, seasons.get(team.pk), upcoming.get(team.pk), _todos(team, upcoming.get(team.pk))
        )
        for team in teams
    ]


def _todos(team: Team, fixture: Fixture | None) -> list[TodoItem]:
    """E-S1, E-S3, E-R1: the Away set, the GK pick when it is his turn, the line-up, then the
    report, for the next fixture once its round is open."""
    if fixture is None or fixture.round.status != Round.Status.OPEN:
        return []
    side = side_of(fixture, team)
    day = MatchDay.objects.filter(fixture=fixture).first()
    settings = season_rules(season=fixture.round.season)
    waiting = []
    if side is Side.AWAY and not (day and day.away_set):
        waiting.append(("away_set", f"Choose the Away set for {fixture}", "Choose"))
    if settings.gk_expansion and rules.gk_turn(gk_picks(day)) is side:
        waiting.append(("gk_pick", f"Pick your GK card for {fixture}", "Pick"))
    if not Lineup.objects.filter(fixture=fixture, side=side.value).exists():
        waiting.append(("lineup", f"Submit your line-up for {fixture}", "Submit"))
    todos = [
        TodoItem(kind, text, "fixture", (fixture.pk,), action) for kind, text, action in waiting
    ]
    todos.append(
        TodoItem(
            "report",
            f"{fixture.round.label}: report {fixture}",
            "mn11-fixture-report",
            (fixture.pk,),
            "Report",
        )
    )
    return todos
