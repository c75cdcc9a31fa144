"""A game's own parts of the admin's fixture and result pages (the core's fixture and
result admins list every game's; these add a game's own to its fixtures' and results').

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, FixtureAdminParts)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from django.contrib.admin.options import InlineModelAdmin
    from django.db.models import QuerySet

    from league.admin.steps import Step
    from league.capabilities import Panel
    from league.models import Fixture


class FixtureAdminParts:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: What refers to one of its fixtures once played, for the refusal to delete it.
    fixture_played_records: ClassVar[str] = "its result"

    def fixture_admin_actions(self) -> Sequence[tuple[Step, str]]:
        """Steps offered as actions on the fixture list's selected rows, each with the
        action's name (e.g. simulate). The list mixes games, so every installed game's
        are offered: a step's ``run`` refuses another game's fixture, saying so."""
        return ()

    def fixture_admin_links(self, *, fixture: Fixture) -> Sequence[tuple[str, str]]:
        """The fixture page's records of the game, after its result's: (text, address) each
        (e.g. its rolls in the dice ledger, inspections, simulation jobs)."""
        return ()

    def fixture_admin_panels(self, *, fixture: Fixture) -> Sequence[Panel]:
        """Panels on one of its fixtures' page, before the result's history (e.g. the
        line-ups; or the match report)."""
        return ()

    def fixture_admin_queryset(self, queryset: QuerySet[Fixture]) -> QuerySet[Fixture]:
        """The fixture list's rows with what :meth:`fixture_admin_pending` reads annotated;
        every installed game's is applied, as TeamAdminParts.team_admin_queryset's."""
        return queryset

    def fixture_admin_pending(self, *, fixture: Fixture) -> tuple[int, str] | None:
        """The decisions `fixture` waits for and the address listing them (e.g. its
        pending inspections), for the list's "Decisions pending"; None for none."""
        return None

    def result_admin_steps(self) -> Sequence[Step]:
        """The steps on one of its results' page (e.g. correct, void); also offered on
        its fixture's page. A game whose fixture steps correct and void needs none."""
        return ()

    def result_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        """Inlines a result's admin page shows (e.g. its players' appearances)."""
        return ()
