"""Fetch a roster object for the user of an HTML page and check he may change it: not found
if it does not exist, then refused unless he coaches its team or commissions its league. The
services check again under their locks; these answer first and keep the views thin."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from league.access import Actor, require_coach_or_commissioner
from league.models import Team
from rosters.models import Player


def access_player(*, user: Actor, player_id: int) -> Player:
    """A player his team's coach or a commissioner of its league may change."""
    player = get_object_or_404(Player.objects.select_related("team__league"), pk=player_id)
    require_coach_or_commissioner(user=user, team=player.team)
    return player


def access_team(*, user: Actor, team_id: int) -> Team:
    """A team its coach or a commissioner of its league may change."""
    team = get_object_or_404(Team.objects.select_related("league"), pk=team_id)
    require_coach_or_commissioner(user=user, team=team)
    return team
