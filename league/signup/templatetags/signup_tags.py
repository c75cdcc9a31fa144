"""The league page's way in for new coaches (templates/league/league.html)."""

from __future__ import annotations

from typing import Any

from django import template

from league.models import League
from league.signup.models import LeagueSignupSettings

register = template.Library()


@register.inclusion_tag("signup/includes/join_link.html")
def league_join_link(league: League) -> dict[str, Any]:
    """A "Join this league" link when `league` is open to sign-ups; nothing otherwise."""
    is_open = LeagueSignupSettings.objects.filter(league=league, open=True).exists()
    return {"league": league, "open": is_open}
