"""The admin's part of the ruleset boundary (league/rulesets.py): what the core's admin pages
for any game (rounds, the season's control room, teams, fixtures and results) ask of a game.

No hook returns HTML: a game's parts of a page are templates it names, with the plain data
they read (a :data:`Fragment`, or a :data:`Panel` with its title); the core renders them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from django.contrib.admin.options import InlineModelAdmin
    from django.db.models import QuerySet
    from django.forms import BaseForm

    from league.access import Actor
    from league.admin.steps import Step
    from league.models import Fixture, Round, Season, Team

#: A part of an admin page: the template a game names and the context it reads.
Fragment = tuple[str, dict[str, Any]]
#: A panel of an object's admin page: its title, template and context.
Panel = tuple[str, str, dict[str, Any]]


class RulesetAdmin:
    """The admin's hooks of :class:`league.rulesets.Ruleset` (its base)."""

    # What the core's season, round, team, fixture and result admins (league/admin/) ask of
    # the game. The defaults are a game with nothing of its own: rounds open with every
    # fixture ready, no steps or panels beyond the core's, teams created by
    # league.services.team_create, no steps on its fixtures or results.

    def round_open(self, *, round_: Round, actor: Actor) -> Round | None:
        """Open `round_` by the game's own match day (the caller has checked nothing: refuse
        as league.rounds.round_open_refusal does); None (the default) lets the core open it
        (league.rounds.round_open: every fixture ready to play)."""
        return None

    def round_open_lines(self, *, round_: Round) -> Sequence[str]:
        """What opening `round_` does in this game, one sentence each, for the confirmation
        page (after the core's line naming its fixtures)."""
        return ("Every fixture of the round becomes ready for its result.",)

    def round_opened_note(self, *, round_: Round) -> str:
        """Said after the round opened (e.g. fixtures waiting for something); "" for none."""
        return ""

    def season_admin_steps(self) -> Sequence[Step]:
        """The game's own steps in the season's control room, offered after opening a round
        (e.g. simulate a round, simulate the rest). A step marked ``simulation`` is
        offered only when the game :attr:`simulates`."""
        return ()

    def round_admin_steps(self) -> Sequence[Step]:
        """The game's own steps on a round's page (e.g. simulate the round); as
        :meth:`season_admin_steps`."""
        return ()

    #: The control room's template: the core's, or one extending it that fills its blocks
    #: (``room_links``, ``room_panels``, ``round_heads``, ``round_cells``, ``room_after_rounds``).
    season_room_template: ClassVar[str] = "admin/includes/season_control_room.html"
    #: The game's lines (``<li>`` items) in the admin home's list of answers; "" for none.
    admin_index_template: ClassVar[str] = ""

    def season_room_context(self, *, season: Season) -> dict[str, Any]:
        """What the game's parts of the control room read, merged into the page's context
        (``live`` true makes the room poll itself)."""
        return {}

    def season_settings_changes(self, *, form: BaseForm) -> dict[str, Any]:
        """The settings a submitted form of :meth:`season_admin_inlines` changed, as
        :meth:`season_settings_update` takes them (the core saves them through
        league.services.season_update_rules, audited)."""
        return {name: form.cleaned_data[name] for name in form.changed_data}

    def season_start_lines(self, *, season: Season) -> Sequence[str]:
        """What the game finds wrong as `season` starts and its settings freeze, one sentence
        each, for the start's confirmation and its outcome (e.g. every design its
        limits now refuse); none by default."""
        return ()

    def season_rollover_lines(self) -> Sequence[str]:
        """What rolling a season over carries of the game, for its confirmation page
        (e.g. injuries count down, statuses follow the progression settings)."""
        return ("Nothing of a match carries over.",)

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
        default) lets the core create it (league.services.team_create, then
        :meth:`team_setup`)."""
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

    # --- fixtures and results ----------------------------------------------------------------
    # The core's fixture and result admins list every game's; these add a game's own to the
    # pages of its fixtures and results.

    #: What refers to one of its fixtures once played, for the refusal to delete it.
    fixture_played_records: ClassVar[str] = "its result"

    def fixture_admin_steps(self) -> Sequence[Step]:
        """The steps on one of its fixtures' page (e.g. simulate, record a result;
        or record, correct and void its report). A step marked ``simulation`` is
        offered only when the game :attr:`simulates`."""
        return ()

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
        every installed game's is applied, as :meth:`team_admin_queryset`'s."""
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
