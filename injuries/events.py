"""The ``injury.recorded`` webhook event (docs/data.md, "Webhooks"): one per injury, to the
league's subscriptions and the injured player's team's."""

from __future__ import annotations

from collections.abc import Sequence
from uuid import uuid4

from django.urls import reverse

from injuries.models import Injury
from league.models import Fixture
from league.webhooks.services.events import (
    LEAGUE_SUBSCRIBED,
    absolute_url,
    deliveries_create,
    fixture_data,
    payload_build,
    season_data,
    subscribers,
    team_data,
)

EVENT = "injury.recorded"


def injuries_publish(*, fixture: Fixture, injuries: Sequence[Injury]) -> None:
    """Publish each of `fixture`'s new injuries (M-I1; a career ended by M-I2); the caller
    holds the transaction."""
    # A league that had no webhook when the result locked its fixture reads none now.
    if not injuries or getattr(fixture, LEAGUE_SUBSCRIBED, None) is False:
        return
    season = fixture.round.season
    # One query for the subscriptions, whatever the number of injuries.
    team_ids = {injury.player.team_id for injury in injuries}
    receivers = subscribers(league_id=season.league_id, event=EVENT, team_ids=team_ids)
    if not receivers:
        return
    for injury in injuries:
        player = injury.player
        data = {
            "season": season_data(season),
            "fixture": fixture_data(fixture),
            "team": team_data(player.team),
            "player": {
                "id": player.pk,
                "name": player.name,
                "url": absolute_url(reverse("player", args=[player.pk])),
                "api_url": absolute_url(reverse("api:player-detail", args=[player.pk])),
            },
            "injury": {
                "id": injury.pk,
                "games_out": injury.games_out,
                "duration_roll": injury.duration_roll,
                "permanent": injury.permanent,
                "state": injury.state,
            },
        }
        mine = [s for s in receivers if s.team_id is None or s.team_id == player.team_id]
        if mine:
            payload = payload_build(league=season.league, event=EVENT, data=data, event_id=uuid4())
            deliveries_create(subscriptions=mine, event=EVENT, payload=payload)
