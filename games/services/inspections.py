"""Inspections rolled at the table (M-E2): when a season's coaches roll inspections, opening
a round sets one TableInspection per equipped player, each coach enters his d10, and the
second roll resolves it through the engine's `inspect_player`, as the server's dice would.
The fixture stays in inspections until every roll is in and every detection decided."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from django.db import transaction
from django.utils import timezone

from games.errors import GamesError
from games.models import Inspection, TableInspection
from games.selectors import rolling_team
from league.access import Actor, is_coach, is_commissioner
from league.audit import audit_record
from league.errors import PermissionRefused
from league.models import Fixture
from rosters.models import DiceRoll, Enhancement, Player
from rosters.services import ledger_record
from rosters.table_dice import faces_resolve
from rules.magnoball.between_matches import InspectionOutcome, inspect_player
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind

from .inspection_events import inspection_pending_publish
from .job_queue import dispatch_after_commit


def inspection_rows_create(
    *, fixture: Fixture, fitted: Sequence[Enhancement], outcome: InspectionOutcome
) -> None:
    """One player's inspection (M-E2), whoever rolled it: a row per enhancement he carries,
    sharing his pair of rolls, each awaiting its own decision when he was detected."""
    owner_roll, inspector_roll = (roll.result for roll in outcome.rolls)
    decision = Inspection.Decision.PENDING if outcome.detected else Inspection.Decision.UNDETECTED
    rows = Inspection.objects.bulk_create(
        Inspection(
            fixture=fixture,
            enhancement=enhancement,
            owner_roll=owner_roll,
            inspector_roll=inspector_roll,
            decision=decision,
        )
        for enhancement in fitted
    )
    if outcome.detected and fitted:
        inspection_pending_publish(fixture=fixture, fitted=fitted, inspections=rows)


def table_inspections_open(*, fixture: Fixture, players: Sequence[Player]) -> int:
    """At round opening: one inspection awaiting both coaches' d10s for each of `players`
    who carries enhancements. Returns how many. The caller holds the transaction."""
    enhancements = Enhancement.objects.filter(player__in=players, removed_at__isnull=True).order_by(
        "player_id", "kind"
    )
    rows = [
        TableInspection(
            fixture=fixture, player_id=player_id, enhancement_ids=[e.pk for e in carried]
        )
        for player_id, carried in groupby(enhancements, key=lambda e: e.player_id)
    ]
    TableInspection.objects.bulk_create(rows)
    return len(rows)


def table_inspection_enter(
    *, table_inspection: TableInspection, side: str, faces: object, actor: Actor
) -> TableInspection:
    """A coach (or a commissioner for him) enters the d10 he rolled for one side of an
    inspection (M-E2). The second roll resolves it: a higher opposing roll detects all the
    player's enhancements, each awaiting its decision; both rolls go to the dice ledger as
    entered by their users. Bad faces are refused and change nothing."""
    if side not in TableInspection.Side.values:
        raise GamesError(
            "Say whose roll this is: owner or inspector.", field="side", code="bad_side"
        )
    with transaction.atomic():
        # Locks the fixture: each roll is entered once, and its move to ready happens once.
        fixture = (
            Fixture.objects.select_for_update(of=("self",))
            .select_related("round__season__league", "home_team", "away_team")
            .get(pk=table_inspection.fixture_id)
        )
        locked = TableInspection.objects.select_related("player__team").get(pk=table_inspection.pk)
        locked.fixture = fixture
        team = rolling_team(table_inspection=locked, side=side)
        league = fixture.round.season.league
        if actor is not None and not (
            is_coach(user=actor, team=team) or is_commissioner(user=actor, league=league)
        ):
            raise PermissionRefused(
                f"Only the coach of {team} or a commissioner enters this inspection roll."
            )
        if getattr(locked, f"{side}_roll") is not None:
            raise GamesError(
                f"{team}'s inspection roll for {locked.player} is already entered.",
                code="already_entered",
            )
        face = faces_resolve(faces, lambda dice: dice.roll(10), what="inspection roll (a d10)")
        user = actor if actor is not None and actor.is_authenticated else None
        setattr(locked, f"{side}_roll", face)
        setattr(locked, f"{side}_entered_by", user)
        locked.save(update_fields=[f"{side}_roll", f"{side}_entered_by"])
        if not locked.missing():
            _resolve(locked, fixture)
        audit_record(
            actor=actor,
            action="inspection.table_roll",
            obj=locked,
            league=league,
            message=f"{team}'s inspection roll for {locked.player}: d10 {face}",
            after={"side": side, "roll": face},
        )
    return locked


def _resolve(locked: TableInspection, fixture: Fixture) -> None:
    """Both d10s are in: the engine's rule decides, as with the server's dice."""
    owner_roll, inspector_roll = locked.owner_roll, locked.inspector_roll
    assert owner_roll is not None
    assert inspector_roll is not None
    fitted = list(Enhancement.objects.filter(pk__in=locked.enhancement_ids).order_by("kind"))
    player = locked.player
    outcome = inspect_player(
        ScriptedDice([owner_roll, inspector_roll]),
        [EnhancementKind(e.kind) for e in fitted],
        actor=str(player.pk),
    )
    inspection_rows_create(fixture=fixture, fitted=fitted, outcome=outcome)
    for roll, entered_by in zip(
        outcome.rolls, (locked.owner_entered_by, locked.inspector_entered_by), strict=True
    ):
        ledger_record(
            rolls=[roll],
            season=fixture.round.season,
            actor=entered_by,
            fixture=fixture,
            players={str(player.pk): player},
            source=DiceRoll.Source.TABLE,
        )
    locked.resolved_at = timezone.now()
    locked.save(update_fields=["resolved_at"])
    waiting = fixture.table_inspections.filter(resolved_at__isnull=True).exists()
    if (
        not waiting
        and not fixture.inspections.filter(decision=Inspection.Decision.PENDING).exists()
    ):
        fixture.status = Fixture.Status.READY
        fixture.save(update_fields=["status", "updated_at"])
        dispatch_after_commit(season_id=fixture.round.season_id)  # its job may run now
