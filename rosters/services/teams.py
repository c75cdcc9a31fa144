"""Creating a MagnoBall team by the rules: 18 players rolled (M-P2, M-P4, M-P8), every roll
in the dice ledger."""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction

from league.access import Actor
from league.audit import audit_record, snapshot
from league.models import Season, Team
from league.services.seasons import season_enter_team
from league.services.teams import TEAM_COLOUR, team_build
from rosters.errors import RosterError
from rosters.models import DiceRoll, Player
from rosters.services.dice_ledger import ledger_record, server_dice
from rosters.table_dice import faces_resolve
from rules.magnoball.creation import roll_new_roster
from rules.magnoball.dice import DiceSource
from rules.magnoball.vocabulary import (
    ROSTER_SIZE,
)
from rules.names import player_names


def team_create(
    *,
    season: Season,
    name: str,
    short_name: str,
    actor: Actor,
    coach: User | None = None,
    colour: str = TEAM_COLOUR,
    roster_names: Sequence[str] | None = None,
    dice: DiceSource | None = None,
    faces: Sequence[int] | None = None,
) -> Team:
    """A new team of 18 (M-P2) in `season`'s league, entered into the season.

    Status (M-P4) and Superstar (M-P8) rolls follow the season's rule settings; every roll
    goes to the dice ledger. `roster_names`, when given, names the players in roster order
    (first string FW, FW, WB, WB, HB, HB, FB, FB, MA, HM, GK, then one of each position).
    When the season's coaches roll creation at the table, `faces` are their d12s in that
    order (per slot: status, then Superstar), entered by `actor` for the team's coach.
    """
    settings = season.rules.to_engine()
    table = season.rules.table_dice("creation")
    if table and faces is None:
        raise RosterError(
            "This season's coaches roll their teams at the table: enter the d12s rolled "
            "(per player in roster order: status, then Superstar).",
            field="faces",
            code="faces_required",
        )
    if not table and faces is not None:
        raise RosterError(
            "The server rolls new teams in this season; leave the faces out.",
            field="faces",
            code="server_dice",
        )
    if roster_names is not None and (
        len(roster_names) != ROSTER_SIZE or len(set(roster_names)) != ROSTER_SIZE
    ):
        raise RosterError(
            f"A new team needs {ROSTER_SIZE} distinct player names.", field="player_names"
        )
    team = team_build(
        league=season.league, name=name, short_name=short_name, coach=coach, colour=colour
    )
    if table:
        slots = faces_resolve(
            faces, lambda entered: roll_new_roster(entered, settings), what="creation rolls"
        )
    else:
        slots = roll_new_roster(dice or server_dice(), settings)
    names = (
        list(roster_names)
        if roster_names
        else player_names(ROSTER_SIZE, rng=random.Random(f"{season.league_id}:{name}"))
    )
    with transaction.atomic():
        team.save()
        players = Player.objects.bulk_create(
            Player(
                team=team,
                name=names[slot.index],
                shirt_number=slot.index + 1,
                position=slot.position,
                string=Player.String.FIRST if slot.first_string else Player.String.SECOND,
                status=slot.status,
                start_status=slot.status,
                superstar=slot.superstar,
            )
            for slot in slots
        )
        by_slot = {
            f"slot-{slot.index}": player for slot, player in zip(slots, players, strict=True)
        }
        ledger_record(
            rolls=[roll for slot in slots for roll in slot.rolls],
            season=season,
            actor=actor,
            team=team,
            players=by_slot,
            source=DiceRoll.Source.TABLE if table else DiceRoll.Source.SERVER,
        )
        season_enter_team(season=season, team=team, actor=actor)
        audit_record(
            actor=actor,
            action="team.create",
            obj=team,
            league=season.league,
            message=f"{team} created with {len(players)} players",
            after={
                "players": [
                    snapshot(p, ["name", "position", "string", "status", "superstar"])
                    for p in players
                ]
            },
        )
    return team
