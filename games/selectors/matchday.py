"""Match day's reads: whether a round may open now, as match day's error, and whose coach
rolls a side of a table inspection (M-E2). The writes are games/services/matchday.py and
games/services/inspections.py."""

from __future__ import annotations

from games.errors import GamesError
from games.models import TableInspection
from league.models import Round, Team
from league.services.rounds import round_open_refusal as core_round_open_refusal


def round_open_refusal(*, round_: Round) -> GamesError | None:
    """Why the round may not open now (None: it may): the core's refusal
    (league.services.rounds.round_open_refusal), as match day's error."""
    refusal = core_round_open_refusal(round_=round_)
    return None if refusal is None else GamesError(refusal.message, code=refusal.code)


def rolling_team(*, table_inspection: TableInspection, side: str) -> Team:
    """The team whose coach rolls `side`: the player's own, or his opponent in the fixture."""
    fixture = table_inspection.fixture
    owner_id = table_inspection.player.team_id
    if side == TableInspection.Side.OWNER:
        return fixture.home_team if owner_id == fixture.home_team_id else fixture.away_team
    return fixture.away_team if owner_id == fixture.home_team_id else fixture.home_team
