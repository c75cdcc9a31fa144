"""A league's sign-up settings in its JSON document (docs/data.md): whether it takes
requests to join and how many teams a season takes. The requests themselves and the
visitors' accounts stay behind (docs/data.md, "What stays behind")."""

from __future__ import annotations

from league.exchange.tables import Table
from league.signup.models import LeagueSignupSettings

SIGNUP_TABLES: tuple[Table, ...] = (
    Table(
        "signup_settings",
        LeagueSignupSettings,
        lambda league: LeagueSignupSettings.objects.filter(league=league),
    ),
)
