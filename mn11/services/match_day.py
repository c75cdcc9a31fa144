"""Match day's writes (E-S1, E-S3): the Away coach chooses the Away card set; with GK cards
on, Home picks one of the three GK cards, then Away one of the two left; each team submits
its starting line-up of 11 Player Cards, sealed from the other coach until both are in; with
the suspension setting on, a card sent off in the team's previous match may not start
(rules.mn11.suspended_cards). A line-up is final once both are in, the Away set once either
is: then only a commissioner changes them, audited and shown on the fixture page. Each
write: that team's coach or a commissioner, before the result, under the fixture's lock,
audited. What each viewer sees is mn11/selectors/match_day.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction

from league.access import Actor, is_commissioner, require_coach_or_commissioner
from league.audit import audit_record
from league.models import Fixture, Result
from league.services.result_steps import fixture_lock
from mn11.errors import Mn11Error
from mn11.models import Lineup, MatchDay
from mn11.season_settings import season_rules
from mn11.selectors import (
    LINEUP_AMENDED,
    away_set_of,
    fixture_lineups,
    gk_picks,
    side_squad,
    team_of,
    team_suspended,
)
from rules import mn11 as rules
from rules.mn11 import AwaySet, GkCard, Side, possessive


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
        lineups = fixture_lineups(fixture=locked)
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
        lineups = fixture_lineups(fixture=locked)
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
