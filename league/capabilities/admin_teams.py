"""A game's own parts of the admin's team pages: its add form and creation, the record,
summary and panels of a team, its steps.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, TeamAdminParts)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from django.contrib.admin.options import InlineModelAdmin
    from django.db.models import QuerySet
    from django.forms import BaseForm

    from league.access import Actor
    from league.admin.steps import Step
    from league.capabilities import Fragment, Panel
    from league.models import Season, Team


class TeamAdminParts:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    def team_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        """Inlines a team's admin page shows (e.g. its players)."""
        return ()

    def team_admin_add_form(self) -> type[BaseForm] | None:
        """The admin's form for adding a team of this game, a subclass of the core's
        league.admin.teams.TeamAddForm adding the game's creation inputs; None: the core's."""
        return None

    def team_admin_create(
        self, *, season: Season, data: Mapping[str, Any], actor: Actor
    ) -> Team | None:
        """Create the team the add form's cleaned `data` describes in `season`; None (the
        default) lets the core create it (league.services.teams.team_create, then
        Rosters.team_setup)."""
        return None

    def team_admin_steps(self) -> Sequence[Step]:
        """The game's steps on a team's page (e.g. call up a Rookie)."""
        return ()

    def team_admin_record(self, *, team: Team) -> Fragment | None:
        """The team page's record: what the game keeps of the team (e.g. its creation
        rolls); None for nothing."""
        return None

    def team_admin_summary(self, *, team: Team) -> Fragment | None:
        """The team list's "Roster" column (e.g. active players and the ledger); None
        for nothing. It reads what :meth:`team_admin_queryset` annotates."""
        return None

    def team_admin_queryset(self, queryset: QuerySet[Team]) -> QuerySet[Team]:
        """The team list's rows with what :meth:`team_admin_summary` reads annotated, so the
        list's queries do not grow with its rows. The list mixes games, so every installed
        game's is applied (an annotation must hold for another game's teams too)."""
        return queryset

    def team_admin_panels(self, *, team: Team) -> Sequence[Panel]:
        """Panels on a team's admin page (e.g. its next line-up)."""
        return ()

    def team_creation_lines(self) -> Sequence[str]:
        """What creating a team does in this game, for the add page's and a guest team's
        confirmation (e.g. its 18 players rolled)."""
        return ()

    def team_created_note(self, *, team: Team) -> str:
        """Appended to the message saying `team` was created (e.g. " with 18
        players"); "" for nothing."""
        return ""
