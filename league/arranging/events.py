"""The webhook event of an agreed kick-off, ``fixture.scheduled`` (docs/data.md)."""

from __future__ import annotations

from typing import Any

from league.models import Fixture
from league.webhooks.services.events import (
    LEAGUE_SUBSCRIBED,
    event_publish,
    fixture_data,
    season_data,
)


def scheduled_event_publish(*, fixture: Fixture, sequence: int) -> list[int]:
    """``fixture.scheduled``: `fixture`'s kick-off agreed by both sides (its `sequence`-th
    agreement). Called inside the accepting transaction: nothing is sent unless it commits."""

    def data() -> dict[str, Any]:
        assert fixture.kickoff is not None  # just agreed
        return {
            "season": season_data(fixture.round.season),
            "fixture": fixture_data(fixture),
            "kickoff": fixture.kickoff.isoformat(),
            "sequence": sequence,
        }

    return event_publish(
        league_id=fixture.round.season.league_id,
        event="fixture.scheduled",
        data=data,
        team_ids=(fixture.home_team_id, fixture.away_team_id),
        # Read by fixture_locked, with which acceptance begins.
        subscribed=getattr(fixture, LEAGUE_SUBSCRIBED, None),
    )
