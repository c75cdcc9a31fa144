"""The ``inspection.pending`` webhook event (docs/data.md, "Webhooks"): a detected player's
enhancements await the inspecting coach's decision (M-E2)."""

from __future__ import annotations

from collections.abc import Sequence

from django.urls import reverse

from games.models import Inspection
from league.models import Fixture
from league.webhooks.services.events import (
    absolute_url,
    event_publish,
    fixture_data,
    season_data,
    team_data,
)
from rosters.models import Enhancement


def inspection_pending_publish(
    *, fixture: Fixture, fitted: Sequence[Enhancement], inspections: Sequence[Inspection]
) -> None:
    """Publish one player's detection: both teams' coaches hear of it (the inspecting one
    decides); the caller holds the transaction."""
    player = fitted[0].player
    inspecting = fixture.away_team if player.team_id == fixture.home_team_id else fixture.home_team
    data = lambda: {  # noqa: E731  (built only if someone subscribed)
        "season": season_data(fixture.round.season),
        "fixture": fixture_data(fixture),
        "player": {
            "id": player.pk,
            "name": player.name,
            "url": absolute_url(reverse("player", args=[player.pk])),
        },
        "team": team_data(player.team),
        "deciding_team": team_data(inspecting),
        "inspections": [
            {
                "id": inspection.pk,
                "enhancement": inspection.enhancement.kind,
                "label": inspection.enhancement.get_kind_display(),
                "decide_api_url": absolute_url(
                    reverse("api:inspection-decision", args=[inspection.pk])
                ),
            }
            for inspection in inspections
        ],
    }
    event_publish(
        league_id=fixture.round.season.league_id,
        event="inspection.pending",
        data=data,
        team_ids=(fixture.home_team_id, fixture.away_team_id),
    )
