"""A game's own season settings: stored with each season, set in the admin and frozen
when the season starts.

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, SeasonSettings)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from league.errors import DomainError

if TYPE_CHECKING:
    from django.contrib.admin.options import InlineModelAdmin
    from django.db import models
    from django.forms import BaseForm

    from league.models import Season


class SeasonSettings:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    #: The game's name (its ruleset's ``label``), which the defaults' refusals name.
    label: ClassVar[str]

    def season_settings_create(
        self, *, season: Season, previous: Season | None, changes: Mapping[str, Any]
    ) -> None:
        """Store `season`'s rule settings: `previous`'s (the league's latest season) or the
        defaults, with `changes` on top. Invalid values raise a DomainError naming them."""
        if changes:
            raise DomainError(f"{self.label} seasons have no rule settings to set.")

    def season_settings_update(
        self, *, season: Season, changes: Mapping[str, Any]
    ) -> tuple[models.Model, dict[str, Any], dict[str, Any]]:
        """Change a draft season's settings (the caller holds the season's lock); returns the
        row the audit entry names and the settings before and after."""
        if changes:
            raise DomainError(f"{self.label} seasons have no rule settings to set.")
        return season, {}, {}

    def season_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        """Inlines the season's admin page shows for this game (its settings)."""
        return ()

    def season_settings_changes(self, *, form: BaseForm) -> dict[str, Any]:
        """The settings a submitted form of :meth:`season_admin_inlines` changed, as
        :meth:`season_settings_update` takes them (the core saves them through
        league.services.seasons.season_update_rules, audited)."""
        return {name: form.cleaned_data[name] for name in form.changed_data}

    def season_start_lines(self, *, season: Season) -> Sequence[str]:
        """What the game finds wrong as `season` starts and its settings freeze, one sentence
        each, for the start's confirmation and its outcome (e.g. every design its
        limits now refuse); none by default."""
        return ()
