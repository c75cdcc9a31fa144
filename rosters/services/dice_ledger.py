"""The dice ledger: every roll made for a team's players, recorded one by one or in a batch
written at once (a simulated match's), and the server's own dice."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from league.access import Actor
from league.models import Fixture, Season, Team
from league.sql.copy import rows_copy
from rosters.models import DiceRoll, Player
from rules.magnoball.dice import DiceSource, RandomDice, RollRecord


def server_dice() -> DiceSource:
    """The dice the server rolls with: the operating system's randomness."""
    return RandomDice(random.SystemRandom())


#: A dice roll's columns as ledger_record writes them (rows_copy).
_LEDGER_FIELDS = (
    "league_id",
    "season_id",
    "team_id",
    "player_id",
    "fixture_id",
    "rolled_by_id",
    "entered_by_id",
    "source",
    "sequence",
    "purpose",
    "die",
    "faces",
    "modifier",
    "result",
    "detail",
)


#: The rows of the ledger batch open in this context (ledger_batch), if any.
_pending: ContextVar[list[tuple[Any, ...]] | None] = ContextVar("ledger_pending", default=None)


@contextmanager
def ledger_batch() -> Iterator[None]:
    """Every ledger_record inside goes to the ledger in one statement at the end (a simulated
    result's match rolls and its injury rolls: one COPY, not one a source). Each call keeps
    its own batch's sequence numbers. Nothing inside may read the ledger back; a batch
    opened inside another joins it. The caller holds the transaction: an error inside
    writes nothing."""
    if _pending.get() is not None:
        yield
        return
    rows: list[tuple[Any, ...]] = []
    token = _pending.set(rows)
    try:
        yield
    finally:
        _pending.reset(token)
    rows_copy(DiceRoll, _LEDGER_FIELDS, rows)  # nothing for no rows


def ledger_record(
    *,
    rolls: Sequence[RollRecord],
    season: Season,
    actor: Actor = None,
    team: Team | None = None,
    fixture: Fixture | None = None,
    players: Mapping[str, Player] | None = None,
    source: str = DiceRoll.Source.SERVER,
) -> int:
    """Write rolls to the dice ledger (M-D8), one statement (``rows_copy``: COPY on
    PostgreSQL, a match's several hundred rolls without model instances); returns the number
    written (or, inside ledger_batch, queued). A roll's `actor` key names its player through
    `players`; a table roll is recorded as entered by `actor`. The batch shares one
    ``created_at`` (on PostgreSQL) and is ordered by ``sequence``. The caller runs inside
    its own transaction."""
    players = players or {}
    rolled_by = actor.pk if actor is not None and actor.is_authenticated else None
    entered_by = rolled_by if source == DiceRoll.Source.TABLE else None
    team_id = team.pk if team is not None else None
    fixture_id = fixture.pk if fixture is not None else None
    rows = []
    for sequence, roll in enumerate(rolls):
        player = players.get(roll.actor) if roll.actor is not None else None
        rows.append(
            (
                season.league_id,
                season.pk,
                team_id if team is not None else (player.team_id if player else None),
                player.pk if player else None,
                fixture_id,
                rolled_by,
                entered_by,
                source,
                sequence,
                roll.purpose,
                roll.die,
                list(roll.faces),
                roll.modifier,
                roll.result,
                roll.detail[:200],
            )
        )
    if (pending := _pending.get()) is not None:
        pending.extend(rows)
        return len(rows)
    return rows_copy(DiceRoll, _LEDGER_FIELDS, rows)
