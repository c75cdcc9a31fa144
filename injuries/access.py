"""Fetch an injury for the user of an HTML page and check he may act on it: not found if it
does not exist, then refused unless he coaches the injured player's team or commissions its
league. The services check again under their locks; this answers first and keeps the views
thin."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from injuries.models import Injury
from league.access import Actor, require_coach_or_commissioner


def access_injury(*, user: Actor, injury_id: int) -> Injury:
    """An injury the player's coach or a commissioner may try force-healing (M-I3)."""
    injury = get_object_or_404(
        Injury.objects.select_related("player__team__league", "season__rules"), pk=injury_id
    )
    require_coach_or_commissioner(user=user, team=injury.player.team)
    return injury
