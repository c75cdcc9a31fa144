"""Match day: opening a round (lineups' inspections, M-E2), deciding detections, and the team
sheets a fixture is played with.

A fixture moves scheduled → inspections (a detection awaits its decision) → ready → played,
or ready → simulating → played when a worker plays it.
"""

from __future__ import annotations

from itertools import groupby

from django.db import transaction
from django.utils import timezone

from games.errors import GamesError
from games.models import Inspection
from games.selectors import fit_players, round_open_refusal, team_sheet
from league.access import Actor, is_coach, is_commissioner, require_commissioner
from league.audit import audit_record
from league.errors import PermissionRefused
from league.models import Fixture, Round
from league.selectors.fixtures import fixture_locked
from league.services.rounds import round_lock, round_opened
from rosters.models import Enhancement
from rosters.services import ledger_record, server_dice
from rules.magnoball.between_matches import inspect_player
from rules.magnoball.dice import DiceSource
from rules.magnoball.match_result import TeamSheet
from rules.magnoball.settings import RuleSettings
from rules.magnoball.snapshot import Side
from rules.magnoball.vocabulary import EnhancementKind

from .inspections import inspection_rows_create, table_inspections_open
from .job_queue import dispatch_after_commit
from .lineups import lineup_fix


def round_open(*, round_: Round, actor: Actor, dice: DiceSource | None = None) -> Round:
    """Open a round: every player who may take the field and carries enhancements is
    inspected once (M-E2), each roll in the dice ledger. A fixture with a detection awaiting
    its decision waits in `inspections`; the others are ready to play. When the season's
    coaches roll inspections, the fixture instead waits in `inspections` for their d10s
    (games/services/inspections.py)."""
    dice = dice or server_dice()
    with transaction.atomic():
        # Locks the round: it is opened, and its inspections rolled, exactly once.
        locked = round_lock(round_=round_)
        season = locked.season
        require_commissioner(user=actor, league=season.league)
        if (refusal := round_open_refusal(round_=locked)) is not None:
            raise refusal
        settings = season.rules.to_engine()
        at_table = season.rules.table_dice("inspections")
        for fixture in locked.fixtures.select_related("home_team", "away_team"):
            pending = 0
            if settings.enhancements and at_table:
                players = [
                    p for t in (fixture.home_team, fixture.away_team) for p in fit_players(team=t)
                ]
                pending = table_inspections_open(fixture=fixture, players=players)
            elif settings.enhancements:
                pending = _inspect_fixture(
                    fixture=fixture, settings=settings, dice=dice, actor=actor
                )
            fixture.status = Fixture.Status.INSPECTIONS if pending else Fixture.Status.READY
            fixture.save(update_fields=["status", "updated_at"])
        round_opened(round_=locked, actor=actor)
        dispatch_after_commit(season_id=season.pk)
    return locked


def _inspect_fixture(
    *, fixture: Fixture, settings: RuleSettings, dice: DiceSource, actor: Actor
) -> int:
    """Roll the inspections of one fixture: one pair of d10s per player who carries
    enhancements (M-E2), in the dice ledger; a detection reveals all his enhancements, each
    awaiting its own decision. Returns how many enhancements await a decision."""
    players = [p for team in (fixture.home_team, fixture.away_team) for p in fit_players(team=team)]
    by_key = {str(p.pk): p for p in players}
    enhancements = Enhancement.objects.filter(player__in=players, removed_at__isnull=True).order_by(
        "player_id", "kind"
    )
    pending = 0
    for player_id, carried in groupby(enhancements, key=lambda e: e.player_id):
        fitted = list(carried)
        outcome = inspect_player(
            dice, [EnhancementKind(e.kind) for e in fitted], actor=str(player_id)
        )
        inspection_rows_create(fixture=fixture, fitted=fitted, outcome=outcome)
        ledger_record(
            rolls=outcome.rolls,
            season=fixture.round.season,
            actor=actor,
            fixture=fixture,
            players=by_key,
        )
        pending += len(fitted) if outcome.detected else 0
    return pending


def inspection_decide(*, inspection: Inspection, allow: bool, actor: Actor) -> Inspection:
    """The opposing coach (or a commissioner for him) allows a detected enhancement for this
    match or bans it; a banned enhancement is dropped for good (M-E2)."""
    with transaction.atomic():
        # Locks the fixture: its last decision and its move to ready happen once.
        fixture = (
            Fixture.objects.select_for_update(of=("self",))
            .select_related("round__season__league", "home_team", "away_team")
            .get(pk=inspection.fixture_id)
        )
        locked = Inspection.objects.select_related("enhancement__player__team").get(
            pk=inspection.pk
        )
        owner = locked.enhancement.player.team
        inspector = fixture.away_team if owner.pk == fixture.home_team_id else fixture.home_team
        league = fixture.round.season.league
        if actor is not None and not (
            is_coach(user=actor, team=inspector) or is_commissioner(user=actor, league=league)
        ):
            raise PermissionRefused(
                f"Only the coach of {inspector} or a commissioner decides this detection."
            )
        if locked.decision != Inspection.Decision.PENDING:
            raise GamesError(
                f"This inspection is already decided: {locked.get_decision_display().lower()}.",
                code="already_decided",
            )
        locked.decision = Inspection.Decision.ALLOWED if allow else Inspection.Decision.BANNED
        locked.decided_by = actor if actor is not None and actor.is_authenticated else None
        locked.decided_at = timezone.now()
        locked.save(update_fields=["decision", "decided_by", "decided_at"])
        if not allow:
            enhancement = locked.enhancement
            enhancement.removed_at = locked.decided_at
            enhancement.removal = Enhancement.Removal.BANNED
            enhancement.save(update_fields=["removed_at", "removal"])
        rolls_due = fixture.table_inspections.filter(resolved_at__isnull=True).exists()
        if (
            not rolls_due
            and not fixture.inspections.filter(decision=Inspection.Decision.PENDING).exists()
        ):
            fixture.status = Fixture.Status.READY
            fixture.save(update_fields=["status", "updated_at"])
            dispatch_after_commit(season_id=fixture.round.season_id)  # its job may run now
        audit_record(
            actor=actor,
            action="inspection.decide",
            obj=locked,
            league=league,
            message=f"{locked.enhancement}: {locked.get_decision_display().lower()}",
            before={"decision": Inspection.Decision.PENDING},
            after={"decision": locked.decision},
        )
    return locked


def fixture_team_sheets(*, fixture: Fixture) -> tuple[TeamSheet, TeamSheet, RuleSettings]:
    """Kick-off of a simulation: the line-up is fixed and stored (M-P3, games/services/lineups.py),
    and the two teams are returned as the engine plays them: exactly the stored starters,
    the stored bench, and only the enhancements that passed this fixture's inspection
    (undetected or allowed). The result is later checked against the same stored line-up."""
    with transaction.atomic():
        # Locks the fixture: the line-up is fixed once per kick-off, and no coach names a
        # reserve meanwhile.
        locked = fixture_locked(
            fixture_id=fixture.pk,
            related=("home_team", "away_team", "round__season__rules"),
            actor=None,
        )
        if locked.status == Fixture.Status.PLAYED:
            raise GamesError(f"{locked} has been played already.", code="already_played")
        lineups = lineup_fix(fixture=locked)
    settings = locked.round.season.rules.to_engine()
    # Only a season that allows enhancements asks which passed inspection (M-E2).
    allowed = (
        set(
            locked.inspections.filter(
                decision__in=[Inspection.Decision.UNDETECTED, Inspection.Decision.ALLOWED]
            )
            .order_by()  # a set: no join for the model's ordering
            .values_list("enhancement_id", flat=True)
        )
        if settings.enhancements
        else set()
    )
    home, away = (
        team_sheet(
            team=lineup.team,
            settings=settings,
            side=side,
            allowed_enhancements=allowed,
            lineup=(lineup.starters, lineup.bench),
        )
        for lineup, side in zip(lineups, (Side.HOME, Side.AWAY), strict=True)
    )
    return home, away, settings
