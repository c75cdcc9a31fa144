"""The ruleset boundary: what the league core asks of a game, and the registry of games.

The core (leagues, seasons and their lifecycle, rounds, fixtures, scheduling, standings,
playoffs, audit, access, jobs) never asks which game a league plays; it asks the league's
ruleset. Each game is an app that subclasses :class:`Ruleset` and registers one instance from
its ``AppConfig.ready()`` (docs/architecture.md, "How to add a ruleset"). A league's ruleset is
chosen when it is created and fixed once it has a season.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models

from league.errors import DomainError
from league.ruleset_admin import RulesetAdmin
from rules.standings import TableSettings

#: One game's counts for a side (("kills", 2),) and the other's, as rules.standings counts them.
Counts = tuple[tuple[str, int], ...]
GameCounts = tuple[Counts, Counts]

if TYPE_CHECKING:
    from django.contrib.admin.options import InlineModelAdmin
    from django.contrib.auth.models import User

    from league.access import Actor
    from league.coaching import CoachTeam, TodoItem
    from league.demo import DemoSummary
    from league.exchange.problems import Problem
    from league.exchange.tables import Table
    from league.honours.awards import AwardWinner, Holder, HolderKind, Record
    from league.models import Fixture, League, Result, Season, Team
    from league.odds.model import MatchOutcomeModel
    from league.result_services import ResultSeam
    from league.signup.forms import JoinRequestForm
    from league.signup.models import JoinRequest
    from rules.odds import Outcome


class Ruleset(RulesetAdmin):
    """A game the league core serves. Subclass it, set the class attributes and override the
    methods the game needs; the defaults are those of a game with no settings, no rosters and
    nothing to do after a result beyond the core's own (standings, rounds, playoffs)."""

    #: Stored in ``League.ruleset``; never changes once a league uses it.
    key: ClassVar[str]
    #: The game's name as people write it.
    label: ClassVar[str]
    #: The rules reference the ruleset implements, relative to the project (docs/…).
    reference: ClassVar[str] = ""
    #: The rule ids of its table (points and tie-breakers), cited where the pages explain
    #: it, and whether its games can be won in overtime (the table's OTW and OTL columns).
    table_rules: ClassVar[str] = ""
    overtime: ClassVar[bool] = False
    #: Whether a worker can play its fixtures (a match simulator); otherwise results are
    #: reported from the table only and no page offers simulation.
    simulates: ClassVar[bool] = False
    #: The states its fixtures pass through (``Fixture.Status`` values), in order, for the
    #: admin's filters: a game without pre-game inspections or a simulator has these three.
    fixture_statuses: ClassVar[tuple[str, ...]] = ("scheduled", "ready", "played")
    #: Modules of URL patterns: its web pages (included at the site root) and its API routes
    #: (included under /api/v1/). Named, not imported, so the core imports no game.
    urls: ClassVar[Sequence[str]] = ()
    api_urls: ClassVar[Sequence[str]] = ()
    #: Dotted path of the serializer of its season settings in the API (a season's ``rules``,
    #: made by api.season_rules.rules_serializer), imported when first read; "" for none.
    api_season_rules: ClassVar[str] = ""
    #: Dotted path of what it adds to a fixture's detail in the API (a subclass of
    #: api.serializers.FixtureDetailParts), imported likewise; "" for nothing.
    api_fixture_detail: ClassVar[str] = ""
    #: Dotted path of the error codes only its endpoints answer, each with what it means (a
    #: dict the API's schema adds to the core's), imported likewise; "" for none. A code two
    #: games answer is the core's, with a meaning that names no game.
    api_error_codes: ClassVar[str] = ""
    #: The labels of the Django apps the game installs: their permissions are the
    #: commissioners' (league/roles.py) and no file of the core names them.
    app_labels: ClassVar[tuple[str, ...]] = ()

    # Settings -----------------------------------------------------------------------------

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

    def table_settings(self, *, season: Season) -> TableSettings:
        """The points a result earns and the order of the tie-breakers (the game's
        rules, cited by :attr:`table_rules`)."""
        return TableSettings()

    def knockout_level_line(self) -> str:
        """What becomes of a knockout game level at the end, for the pages that explain the
        playoffs: in the game's own words (overtime only where it has one)."""
        if self.overtime:
            return "A knockout game still level after overtime goes to the higher seed."
        return "A knockout game that ends level goes to the higher seed."

    # Teams and results --------------------------------------------------------------------

    def team_setup(self, *, team: Team, actor: Actor) -> None:
        """Give a team the core has just created what the game needs to play (a roster)."""

    #: The game's own part of recording, correcting and voiding a result (its report's
    #: checks, its rows, how the audit log shows them), which the core's services take
    #: (league/result_services.py); None: a result that is only its score.
    result_seam: ClassVar[ResultSeam | None] = None

    def result_aftermath(self, *, fixture: Fixture, result: Result | None = None) -> None:
        """The game's own consequences of `fixture`'s result being recorded, corrected or
        voided (careers, injuries), run in the recording transaction before the core's
        table and round (league.results.result_aftermath): it may write only rows of the
        fixture's two teams and their players, whose locks the caller holds.
        `result` is a result just recorded, whose consequences may be added to what there
        was; None for a correction or a void, whose consequences are recomputed."""

    # Admin and demo -----------------------------------------------------------------------

    def season_admin_inlines(self) -> Sequence[type[InlineModelAdmin[Any, Any]]]:
        """Inlines the season's admin page shows for this game (its settings)."""
        return ()

    def demo_build(self, *, seed: int) -> DemoSummary | None:
        """Add this game's demo league to the installation (`./dev run`) unless it is there;
        returns what it built or found, with the logins to print."""
        return None

    # The admin's pages for any game (rounds, the control room, teams, fixtures, results):
    # league/ruleset_admin.py, this class's base.

    # --- added for the core's play ---------------------------------------------------------

    def guest_team_create(
        self,
        *,
        season: Season,
        name: str,
        short_name: str,
        actor: Actor,
        colour: str,
        **options: Any,
    ) -> Team | None:
        """A guest team for tournament `season`, created and entered into it (the caller
        holds the season's lock and makes it the tournament's guest). `options` are the
        game's own creation inputs (e.g. its creation dice); an invalid team raises
        ValidationError. None (the default) leaves it to the core: a team with no roster,
        set up by :meth:`team_setup`."""
        if options:
            raise DomainError(f"{self.label} teams take no {', '.join(sorted(options))}.")
        return None

    def season_closed(self, *, season: Season) -> None:
        """`season` has just finished (in the closing transaction): let go of what still
        waits on it (e.g. waiting simulations, cancelled once the close commits)."""

    def season_rolled_over(
        self, *, previous: Season, season: Season, teams: Sequence[Team], actor: Actor
    ) -> None:
        """`season` is the draft that follows `previous`, with the same `teams` entered and
        its settings from `previous`: carry the game's own state over (e.g. each
        rostered player's status by the new season's progression settings)."""

    #: A template the season pages' menu includes after the core's links (the game's own
    #: season pages, e.g. its leaders), rendered with the page's context; "" for none.
    season_nav_template: ClassVar[str] = ""

    def season_overview(self, *, season: Season) -> tuple[str, dict[str, Any]] | None:
        """The game's own part of `season`'s overview page (e.g. its top scorers): a
        template and the context it reads, or None for no part."""
        return None

    # --- the game's own pages and tie-breaker counts ---------------------------------------

    #: Dotted paths of the views that show one of its teams and one of its fixtures: the
    #: core's ``team`` and ``fixture`` pages (which every season page links to) hand over
    #: to them, as ``view(request, team)`` (the team found, its league visible to the user)
    #: and ``view(request, fixture_id)``.
    team_view: ClassVar[str] = ""
    fixture_view: ClassVar[str] = ""

    def coach_teams(self, *, user: User) -> Sequence[CoachTeam] | None:
        """The teams of this game `user` coaches, each with its season, next fixture and
        what waits for him ("My teams"); None (the default) lets the core list them with
        their next fixture and its result to report (league.coaching)."""
        return None

    def coach_openings(self, *, user: User) -> Sequence[TodoItem]:
        """What `user` may start in this game's leagues ("My teams"), e.g. an invited
        coach entering his own team. None by default."""
        return ()

    def table_counts(self, *, season: Season) -> Mapping[int, GameCounts]:
        """Each played fixture's counts for the game's own tie-breakers (e.g. kills),
        by fixture id: the home and the away side's ``(("kills", 2),)``. The shared
        table adds them up (rules.standings.CountBreaker); none by default."""
        return {}

    def table_level_winners(self, *, season: Season) -> Mapping[int, int]:
        """Each played fixture level on score that the game settled by a tie-break that is
        not a score (e.g. a shootout): the winning team's id, by fixture
        id. The shared table counts it an overtime win for that team and an overtime loss
        for the other (rules.standings.TableGame.level_winner); none by default."""
        return {}

    # --- the league's story ------------------------------------------------------------------

    #: What ends a career in the game, with its rule ids, for the graveyard page's opening
    #: line; "" when nothing does (the page then says the game has no graveyard).
    graveyard_note: ClassVar[str] = ""

    def graveyard(self, *, league: League) -> Sequence[CareerEnd]:
        """Every career over in `league`, most recent first (e.g. retired by a
        permanent injury, or dead). None by default."""
        return ()

    # --- coaches who sign up (league/signup) -------------------------------------------------

    def join_request_form(self, *, season: Season) -> type[JoinRequestForm] | None:
        """The form a coach who signed up fills to ask to join `season` with a team of his
        making: a subclass of league.signup.forms.JoinRequestForm adding the game's creation
        choices (its ``game_fields``, returned by ``choices()`` for the request to keep);
        None (the default): the core's (name, short name, colour)."""
        return None

    def join_request_build(
        self, *, season: Season, request: JoinRequest, actor: Actor
    ) -> Team | None:
        """The approved `request`'s team, made by the game's creation rules from what the
        coach chose (``request.choices``), coached by ``request.user`` and entered into
        `season` (the caller holds the request's and the season's locks, and audits the
        approval); None (the default) lets the core create it (league.services.team_create,
        then :meth:`team_setup`)."""
        return None

    # --- the league's JSON document (league/exchange, docs/data.md) --------------------------

    def exchange_tables(self) -> Sequence[Table]:
        """The game's tables in the league's JSON document (league.exchange.tables.Table),
        in the order they are written: a row after the rows it names; the core's tables come
        first. The core exports and imports them field by field, ids through one id map;
        none by default."""
        return ()

    def exchange_check(self, *, document: Mapping[str, Any], problems: list[Problem]) -> None:
        """The game's own checks of a document's rows that no one field shows: results whose
        stat lines do not add up to the score. None by default."""

    # --- CSV export and import (league/exchange/, docs/data.md "CSV") -------------------------
    # The core writes and reads the columns every game has; these add the game's own.

    def csv_standings_columns(self, *, season: Season) -> CsvColumns:
        """Columns the standings CSV adds after the core's, with each team's values by team id
        (e.g. kills); none by default."""
        return CsvColumns()

    def csv_fixture_columns(self, *, season: Season) -> CsvColumns:
        """Columns the fixtures CSV adds after the core's, by fixture id; none by default."""
        return CsvColumns()

    def csv_players(self, *, season: Season) -> CsvTable | None:
        """The players CSV: one row per player of the season's teams with his season totals;
        None (the default) for a game without players."""
        return None

    def csv_team_create(
        self,
        *,
        season: Season,
        name: str,
        short_name: str,
        coach: User | None,
        colour: str,
        players: Sequence[tuple[str, str]],
        actor: Actor,
    ) -> Team | None:
        """Create an imported team in `season` by the game's own creation rules, its roster
        from `players` ((name, position) in file order) where the game names its players.
        None (the default) lets the core create it (league.services.team_create), refusing
        player rows: the game makes its rosters itself."""
        return None

    #: The game's own columns of the results file, read by :meth:`csv_result_record`
    #: (e.g. each side's points by player, which must add up to its score).
    csv_result_columns: ClassVar[tuple[str, ...]] = ()

    def csv_result_record(
        self,
        *,
        fixture: Fixture,
        home_score: int,
        away_score: int,
        overtime: bool,
        cells: Mapping[str, str],
        actor: Actor,
    ) -> Result | None:
        """Record an imported past result through the game's own result service, so the
        standings, stats and injuries follow; `cells` is the row by column (the game's own
        columns among them). None (the default) lets the core record the score
        (league.result_services.result_store)."""
        return None

    # --- honours (league/honours: awards at close, the MVP vote, records) ------------------

    def season_awards(self, *, season: Season) -> Sequence[AwardWinner]:
        """The winners of `season`'s awards, worked out from its stored games when it
        closes (e.g. top scorer, best goalie, most improved, Rookie of the
        year); a tie is shared (league.honours.awards.best_of). None by default."""
        return ()

    def mvp_candidates(self, *, season: Season) -> Sequence[Holder]:
        """Whom a coach may vote MVP of `season`: the players who played in it, each with
        his team (the vote refuses a coach's own). None by default: the game has no vote."""
        return ()

    def league_records(self, *, league: League) -> Sequence[Record]:
        """The game's own records of `league` for its hall of fame (a player's most goals in
        a match, career leaders), beside the core's team records. None by default."""
        return ()

    # --- playoff and title odds (league/odds, docs/odds.md) --------------------------------

    def match_outcome_model(
        self, *, season: Season, fixtures: Sequence[Fixture]
    ) -> MatchOutcomeModel | None:
        """Each of `fixtures`' (the season's unplayed regular-season fixtures) outcome odds,
        and any knockout pairing's, for the Monte Carlo of the odds run. None (the default)
        is the core's rating model: the Elo ratings, the season's draw rate and its scores
        (league.odds.model.rating_outcome_model)."""
        return None

    def odds_pairings(
        self, *, season: Season, fixtures: Sequence[Fixture]
    ) -> Mapping[tuple[int, int], str]:
        """The (home team id, away team id) pairings the model needs simulated first, each
        with the version of what decides it (the rosters, injuries, settings): the workers
        simulate those not cached yet by :meth:`odds_pairing_simulate`. None by default."""
        return {}

    def odds_pairing_simulate(
        self, *, season: Season, home: int, away: int, matches: int, seed: int
    ) -> tuple[str, Sequence[Outcome]]:
        """Simulate `matches` matches of `home` against `away` from `seed`: the pairing's
        version now and the outcomes. Only a game whose :meth:`odds_pairings` names
        pairings is asked: a game that names some must say how they are played."""
        raise ImproperlyConfigured(
            f"{self.label} names playoff-odds pairings but does not simulate them: its "
            "ruleset must define odds_pairing_simulate beside odds_pairings."
        )

    def honours_holder_kinds(self) -> Mapping[str, HolderKind]:
        """The kinds of holder the game's awards and MVP ballots name, by their handle's
        prefix (e.g. ``player`` → Player, whose page is ``player``), so the league's
        JSON document can rewrite the ids in a handle and its page (league/honours/
        exchange.py). None by default: the game names nobody."""
        return {}


@dataclass(frozen=True)
class CsvColumns:
    """A game's own columns of a CSV table: their heads and each row's values by id."""

    heads: tuple[str, ...] = ()
    values: Mapping[int, tuple[str | int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class CsvTable:
    """A whole CSV table a game writes: its heads and rows."""

    heads: tuple[str, ...]
    rows: Sequence[tuple[str | int, ...]]


@dataclass(frozen=True)
class CareerEnd:
    """One line of a league's graveyard: whose career is over, on which team, why and in
    which game, with his career in a few words and his badges (state, text)."""

    name: str
    url: str
    team: Team
    why: str
    fixture: Fixture | None = None
    record: str = ""
    badges: tuple[tuple[str, str], ...] = ()


_registry: dict[str, Ruleset] = {}


def ruleset_register(ruleset: Ruleset) -> Ruleset:
    """Make `ruleset` available to leagues; called once from its app's ``ready()``."""
    known = _registry.get(ruleset.key)
    if known is not None and type(known) is not type(ruleset):
        raise ValueError(f"Two rulesets claim the key {ruleset.key!r}.")
    _registry[ruleset.key] = ruleset
    return ruleset


def ruleset_unregister(key: str) -> None:
    """Forget a ruleset (tests register a skeleton and take it away again)."""
    _registry.pop(key, None)


def rulesets() -> list[Ruleset]:
    """Every registered ruleset, by label."""
    return sorted(_registry.values(), key=lambda ruleset: ruleset.label)


def rulesets_as_installed() -> list[Ruleset]:
    """Every registered ruleset in the order registered (their apps' order in INSTALLED_APPS),
    for lists whose order is published: the API's union of season rules, a fixture's detail."""
    return list(_registry.values())


def ruleset_get(key: str) -> Ruleset:
    try:
        return _registry[key]
    except KeyError:
        known = ", ".join(sorted(_registry)) or "none"
        raise DomainError(
            f"No game {key!r} is installed (installed: {known}).",
            code="unknown_ruleset",
            field="ruleset",
        ) from None


def ruleset_for(league: League) -> Ruleset:
    """The ruleset `league` plays."""
    return ruleset_get(league.ruleset)


def ruleset_choices() -> list[tuple[str, str]]:
    """``League.ruleset``'s choices: the installed rulesets (a callable, so a ruleset
    registered after the model is defined is a choice too)."""
    return [(ruleset.key, ruleset.label) for ruleset in rulesets()]


def ruleset_default() -> str:
    """A new league's ruleset when none is named: ``settings.DEFAULT_RULESET``."""
    return str(settings.DEFAULT_RULESET)
