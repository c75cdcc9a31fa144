"""Match day (E-S1, E-S3): the Away coach chooses the Away card set; with GK cards on, Home
picks one of the three GK cards, then Away one of the two left; each team submits its
starting line-up of 11 Player Cards, sealed from the other coach until both are in; with the
suspension setting on, a card sent off in the team's previous match may not start
(rules.mn11.suspended_cards). A line-up is final once both are in, the Away set once either
is: then only a commissioner changes them, audited and shown on the fixture page. Each
write: that team's coach or a commissioner, before the result, under the fixture's lock,
audited. Also what waits for a coach ("My teams")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import transaction

from league.access import Actor, is_coach, is_commissioner, require_coach_or_commissioner
from league.audit import audit_record
from league.models import AuditEntry, Fixture, Result, Round, Team
from league.selectors.coaching import CoachTeam, TodoItem, next_fixtures, team_seasons
from league.services.result_steps import fixture_lock
from mn11.discipline import team_suspended
from mn11.errors import Mn11Error
from mn11.models import Lineup, MatchDay
from mn11.season_settings import season_rules
from mn11.squads import away_set_of, gk_picks, side_of, side_squad, team_of
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, Side, possessive

#: The audit's action for a line-up changed after both were in (shown on the fixture page).
LINEUP_AMENDED = "mn11.lineup_amended"


def _locked_day(fixture: Fixture, actor: Actor, side: Side) -> tuple[Fixture, MatchDay]:
    """Lock the fixture for a match-day write by `side`'s coach or a commissioner (the
    caller holds the transaction); refused once it is played."""
    locked = fixture_lock(fixture_id=fixture.pk)
    require_coach_or_commissioner(user=actor, team=team_of(locked, side))
    if Result.objects.filter(fixture=locked).exists():
        raise Mn11Error(f"{locked} has been played.", code="already_played")
    day, _ = MatchDay.objects.select_for_update().get_or_create(fixture=locked)
    return locked, day


def _privileged(actor: Actor, fixture: Fixture) -> bool:
    """A commissioner of the fixture's league, or the server itself (no actor)."""
    return actor is None or is_commissioner(user=actor, league=fixture.round.season.league)


def _lineups(fixture: Fixture) -> dict[Side, Lineup]:
    return {Side(row.side): row for row in Lineup.objects.filter(fixture=fixture)}


@dataclass(frozen=True)
class AwaySetChosen:
    """The match day after the Away set was chosen, and whether the Away line-up, whose cards
    were of the set it replaced, was withdrawn (a commissioner's change)."""

    day: MatchDay
    lineup_withdrawn: bool


def away_set_choose(*, fixture: Fixture, actor: Actor, away_set: AwaySet) -> AwaySetChosen:
    """E-S1: the Away team's card set for `fixture` (its coach or a commissioner); final
    once either line-up is in, when only a commissioner changes it, withdrawing the Away
    line-up if it held cards of the set replaced."""
    with transaction.atomic():
        locked, day = _locked_day(fixture, actor, Side.AWAY)
        league = locked.round.season.league
        lineups = _lineups(locked)
        refusal = rules.away_set_change_error(
            lineups_in=lineups.keys(), commissioner=_privileged(actor, locked)
        )
        if refusal:
            raise Mn11Error(refusal, code="away_set_final")
        before = day.away_set
        day.away_set = away_set.value
        day.save(update_fields=["away_set"])
        audit_record(
            actor=actor,
            action="mn11.away_set",
            obj=day,
            league=league,
            message=f"{locked.away_team} play {locked} with the {away_set.label}",
            before={"away_set": before},
            after={"away_set": away_set.value},
        )
        withdrawn = _withdraw_off_set_lineup(locked, lineups.get(Side.AWAY), day, actor)
    return AwaySetChosen(day, withdrawn)


def _withdraw_off_set_lineup(
    fixture: Fixture, lineup: Lineup | None, day: MatchDay, actor: Actor
) -> bool:
    """The Away line-up withdrawn (audited) if a card of it is not of the new set."""
    if lineup is None:
        return False
    settings = season_rules(season=fixture.round.season)
    fieldable = {
        c.key for c in side_squad(fixture=fixture, side=Side.AWAY, day=day, settings=settings)
    }
    if set(lineup.cards) <= fieldable:
        return False
    audit_record(
        actor=actor,
        action="mn11.lineup_withdrawn",
        obj=lineup,
        league=fixture.round.season.league,
        message=f"{possessive(str(fixture.away_team))} line-up for {fixture} withdrawn: its "
        "cards were of the Away set replaced",
        before={"side": lineup.side, "cards": lineup.cards},
    )
    lineup.delete()
    return True


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


def lineup_submit(*, fixture: Fixture, actor: Actor, side: Side, cards: Sequence[str]) -> Lineup:
    """E-S3: `side`'s starting line-up (its coach or a commissioner): checked by
    rules.mn11.lineup_errors against the cards the side may field (each by its one key),
    its GK pick and its suspended cards. Final once both line-ups are in: a commissioner's
    change then is audited as an amendment, with the cards before and after."""
    cards = [str(card) for card in cards]
    with transaction.atomic():
        locked, day = _locked_day(fixture, actor, side)
        season = locked.round.season
        lineups = _lineups(locked)
        refusal = rules.lineup_change_error(
            lineups_in=lineups.keys(), commissioner=_privileged(actor, locked)
        )
        if refusal:
            raise Mn11Error(refusal, code="lineup_final")
        settings = season_rules(season=season)
        team = team_of(locked, side)
        if side is Side.AWAY and away_set_of(day) is None:
            raise Mn11Error("Choose the Away set first (E-S1).", code="lineup_invalid")
        squad = side_squad(fixture=locked, side=side, day=day, settings=settings)
        errors = rules.lineup_errors(
            settings=settings,
            cards=cards,
            gk=gk_picks(day).of(side),
            available=[card.key for card in squad if card.on_field],
            suspended=team_suspended(fixture=locked, team=team, settings=settings),
        )
        if errors:
            raise Mn11Error(" ".join(errors), code="lineup_invalid", field="cards")
        previous = lineups.get(side)
        amending = previous is not None and len(lineups) == len(Side)
        before = list(previous.cards) if previous is not None else None
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
            action=LINEUP_AMENDED if amending else "mn11.lineup",
            obj=lineup,
            league=season.league,
            message=f"{possessive(str(team))} line-up for {locked}"
            + (" changed after both were in" if amending else ""),
            before=None if before is None else {"side": side.value, "cards": before},
            after={"side": side.value, "cards": cards},
        )
    return lineup


# --- what each viewer sees ---------------------------------------------------------------------


@dataclass(frozen=True)
class LineupChange:
    """A line-up a commissioner changed after both were in: when, by whom, before and after."""

    side: Side
    at: datetime
    by: str
    before: list[str]
    after: list[str]


@dataclass(frozen=True)
class SideView:
    """One side of the match day as a viewer may see it: the cards it may field (`squad`, by
    name and key), its line-up when the viewer may see it (`lineup`, keys; `lineup_cards`,
    the same by name), what the viewer may do and the changes made after both were in."""

    side: Side
    team: Team
    squad: tuple[rules.SquadCard, ...]
    lineup: list[str] | None
    lineup_cards: tuple[rules.SquadCard, ...] | None
    lineup_in: bool
    gk: rules.GkView | None
    may_manage: bool
    may_change_lineup: bool
    suspended: frozenset[str]
    changes: tuple[LineupChange, ...]


@dataclass(frozen=True)
class MatchDayView:
    away_set: AwaySet | None
    gk_on: bool
    gk_turn: Side | None
    sides: tuple[SideView, SideView]
    may_choose_set: bool
    #: Changes whenever anything on match day does (the page's poll compares it).
    version: str


def viewer_sides(*, user: Actor, fixture: Fixture) -> set[Side]:
    """The sides whose coach `user` is, or both for a commissioner."""
    if is_commissioner(user=user, league=fixture.round.season.league):
        return set(Side)
    return {side for side in Side if is_coach(user=user, team=team_of(fixture, side))}


def lineup_changes(*, fixture: Fixture, lineups: Sequence[Lineup]) -> list[LineupChange]:
    """The line-ups of `fixture` a commissioner changed after both were in, oldest first."""
    entries = AuditEntry.objects.filter(
        action=LINEUP_AMENDED,
        content_type=ContentType.objects.get_for_model(Lineup),
        object_id__in=[str(row.pk) for row in lineups],
    ).select_related("actor")
    return [
        LineupChange(
            side=Side(entry.after["side"]),
            at=entry.created_at,
            by=entry.actor.username if entry.actor else "the server",
            before=list((entry.before or {}).get("cards", [])),
            after=list(entry.after["cards"]),
        )
        for entry in entries.order_by("created_at", "pk")
        if entry.after
    ]


def _named(keys: Sequence[str], squad: Sequence[rules.SquadCard]) -> tuple[rules.SquadCard, ...]:
    """Line-up keys by name (a key the squad no longer has, e.g. a card named otherwise
    since, keeps its key as its name)."""
    by_key = {card.key: card for card in squad}
    return tuple(
        by_key.get(key) or rules.SquadCard(key, key, rules.CardKind.SET, "") for key in keys
    )


def match_day_view(*, user: Actor, fixture: Fixture) -> MatchDayView:
    """E-S1, E-S3 for `user`: the Away set and GK picks (open), each side's cards, each
    line-up to its own coach, and to everyone once both are in (rules.mn11.lineup_visible)."""
    settings = season_rules(season=fixture.round.season)
    day = MatchDay.objects.filter(fixture=fixture).first()
    picks = gk_picks(day)
    lineups = _lineups(fixture)
    mine = viewer_sides(user=user, fixture=fixture)
    both = len(lineups) == len(Side)
    played = hasattr(fixture, "result")
    commissioner = is_commissioner(user=user, league=fixture.round.season.league)
    changes = lineup_changes(fixture=fixture, lineups=list(lineups.values()))
    sides = []
    for side in Side:
        seen = any(rules.lineup_visible(owner=side, viewer=v, both_submitted=both) for v in mine)
        team = team_of(fixture, side)
        squad = side_squad(fixture=fixture, side=side, day=day, settings=settings)
        shown = list(lineups[side].cards) if side in lineups and (seen or both) else None
        may_manage = side in mine and not played
        sides.append(
            SideView(
                side=side,
                team=team,
                squad=squad,
                lineup=shown,
                lineup_cards=None if shown is None else _named(shown, squad),
                lineup_in=side in lineups,
                gk=rules.gk_view(picks, side) if settings.gk_expansion else None,
                may_manage=may_manage,
                may_change_lineup=may_manage and (not both or commissioner),
                suspended=team_suspended(fixture=fixture, team=team, settings=settings)
                if side in mine
                else frozenset(),
                changes=tuple(change for change in changes if change.side is side),
            )
        )
    version = "|".join(
        [
            day.away_set if day else "",
            str(picks.home or ""),
            str(picks.away or ""),
            *(f"{side}:{lineups[side].submitted_at.isoformat()}" for side in lineups),
            str(len(changes)),
            "played" if played else "",
        ]
    )
    return MatchDayView(
        away_set=away_set_of(day),
        gk_on=settings.gk_expansion,
        gk_turn=rules.gk_turn(picks) if settings.gk_expansion else None,
        sides=(sides[0], sides[1]),
        may_choose_set=Side.AWAY in mine and not played and (not lineups or commissioner),
        version=version,
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
