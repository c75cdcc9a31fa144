"""Reads that turn stored teams into what the engine plays with, and the reads of the pages."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import OuterRef, Prefetch, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from games.lineups import OPEN_STATUSES as LINEUP_OPEN
from games.lineups import TeamLineup, fixture_lineups, short_handed
from games.match_moments import EventLine, event_lines
from games.models import Appearance, Inspection, SimulationJob, TableInspection
from injuries.models import Injury
from injuries.selectors import OpenInjury, open_injuries
from league.coaching import CoachTeam, TodoItem, next_fixtures, team_seasons
from league.models import Fixture, League, Result, Season, Team
from league.selectors import league_visible_q, league_visible_to, with_round_labels
from league.team_seasons import followed_first
from rosters.models import Enhancement, Player, PlayerSeason, PlayerSeasonStat
from rosters.selectors import player_picks_due, player_snapshot
from rules.magnoball.match_result import TeamSheet
from rules.magnoball.picks import actions_allowed
from rules.magnoball.rolls import RollKind, effective_roll
from rules.magnoball.settings import ProgressionMode, RuleSettings
from rules.magnoball.snapshot import PlayerSnapshot, Side, stat_level
from rules.magnoball.vocabulary import (
    ROSTER_SIZE,
    Action,
    EnhancementKind,
    Position,
    StatCategory,
    Status,
)


def fit_players(*, team: Team) -> list[Player]:
    """Players who may take the field (M-P3): on the active roster, not out injured."""
    return list(_fit(Player.objects.filter(team=team)))


def _fit(players: QuerySet[Player]) -> QuerySet[Player]:
    injured = Injury.objects.filter(state=Injury.State.OUT).values("player_id")
    return (
        players.filter(roster_state=Player.RosterState.ACTIVE)
        .exclude(pk__in=injured)
        .order_by("string", "shirt_number", "id")
    )


def team_sheet(
    *,
    team: Team,
    settings: RuleSettings,
    side: Side,
    allowed_enhancements: Collection[int] | None = None,
    lineup: tuple[Sequence[Player], Sequence[Player]] | None = None,
) -> TeamSheet:
    """The team's fit first string on the field and fit second string on the bench (the
    engine fills an out first-stringer's place at kick-off, M-P3), or, given `lineup`
    (starters, bench) fixed at kick-off (games/lineups.py), exactly those starters. Each
    player has his status, picked actions, stat levels (M-P7, when the season progresses by
    stats) and fitted enhancements (M-E1, when the season allows them; only the ids in
    `allowed_enhancements` when given, i.e. those that passed inspection, M-E2). Three
    queries, two given `lineup`."""
    if lineup is None:
        fit = fit_players(team=team)
        starting = [p for p in fit if p.string == Player.String.FIRST]
        bench = [p for p in fit if p.string == Player.String.SECOND]
    else:
        starting, bench = list(lineup[0]), list(lineup[1])
    extras = _SheetExtras([p.pk for p in starting + bench], settings, allowed_enhancements)
    return extras.sheet(team, starting, bench, side=side, kick_off_fixed=lineup is not None)


def team_sheets(
    *, teams: Sequence[Team], settings: RuleSettings, sides: Sequence[Side] = tuple(Side)
) -> dict[tuple[int, Side], TeamSheet]:
    """team_sheet of each of `teams` (no line-up fixed, every fitted enhancement) for each
    of `sides`, in three queries however many teams: the playoff odds version a season's
    forty sheets at once (games/odds.py), where a query a sheet cost most of a run's start."""
    by_team: dict[int, list[Player]] = {team.pk: [] for team in teams}
    for player in _fit(Player.objects.filter(team__in=list(by_team))):
        by_team[player.team_id].append(player)
    extras = _SheetExtras(
        [player.pk for players in by_team.values() for player in players], settings, None
    )
    sheets = {}
    for team in teams:
        fit = by_team[team.pk]
        starting = [p for p in fit if p.string == Player.String.FIRST]
        bench = [p for p in fit if p.string == Player.String.SECOND]
        for side in sides:
            sheets[team.pk, side] = extras.sheet(team, starting, bench, side=side)
    return sheets


class _SheetExtras:
    """What a team sheet adds to its players, read for all of them at once: fitted
    enhancements (M-E1, only `allowed` ones when given, M-E2) and career successes for the
    stat levels (M-P7), each only when the season uses them."""

    def __init__(
        self, ids: list[int], settings: RuleSettings, allowed: Collection[int] | None
    ) -> None:
        self.settings = settings
        self.enhancements: dict[int, set[EnhancementKind]] = defaultdict(set)
        # None passed inspection, as at most kick-offs: nothing to read (the ORM would still
        # build the query before finding it empty, a few milliseconds a result).
        if settings.enhancements and (allowed is None or allowed):
            fitted = Enhancement.objects.filter(player_id__in=ids, removed_at__isnull=True)
            if allowed is not None:
                fitted = fitted.filter(pk__in=list(allowed))
            for player_id, kind in fitted.values_list("player_id", "kind"):
                self.enhancements[player_id].add(EnhancementKind(kind))
        self.successes: dict[int, dict[StatCategory, int]] = defaultdict(dict)
        if settings.progression_mode == ProgressionMode.STATS:
            career = (
                PlayerSeasonStat.objects.filter(player_id__in=ids)
                .values("player_id", "category")
                .annotate(total=Sum("successes"))
            )
            for row in career:
                self.successes[row["player_id"]][StatCategory(row["category"])] = row["total"]

    def sheet(
        self,
        team: Team,
        starting: Sequence[Player],
        bench: Sequence[Player],
        *,
        side: Side,
        kick_off_fixed: bool = False,
    ) -> TeamSheet:
        def snapshot(player: Player) -> PlayerSnapshot:
            return player_snapshot(
                player,
                side=side,
                settings=self.settings,
                successes=self.successes[player.pk],
                enhancements=self.enhancements[player.pk],
            )

        return TeamSheet(
            key=str(team.pk),
            name=team.name,
            first_string=tuple(snapshot(p) for p in starting),
            second_string=tuple(snapshot(p) for p in bench),
            kick_off_fixed=kick_off_fixed,
        )


# --- Reads for the pages ----------------------------------------------------------------------

#: The rolls the roster shows per player, each with its action (whose two letters head the
#: column, rules/magnoball/vocabulary.py) and its name.
ROSTER_ROLLS: tuple[tuple[RollKind, Action, str], ...] = (
    (RollKind.MOVE, Action.MOVEMENT, "Movement"),
    (RollKind.FACE_OFF, Action.FACE_OFFS, "Face-off"),
    (RollKind.SHOT, Action.SCORING, "Shot at goal"),
    (RollKind.PASS_CATCH, Action.PASSING, "Passing (catching the ball)"),
    (RollKind.BLOCK_PASS, Action.BLOCKING_PASSES, "Blocking a pass (lower wins)"),
    (RollKind.TACKLE, Action.TACKLES, "Tackle (lower wins)"),
    (RollKind.STEAL, Action.STEALING, "Stealing the ball (lower wins)"),
    (RollKind.SAVE, Action.SAVES, "Save"),
)


@dataclass(frozen=True)
class RollCell:
    abbr: str
    label: str
    text: str
    differs: bool
    notes: str


@dataclass(frozen=True)
class LevelCell:
    """M-P7: a category's successes, its level, and how many more reach the next level."""

    category: StatCategory
    successes: int
    level: int
    next_at: int | None


@dataclass
class RosterRow:
    player: Player
    position: Position
    badges: list[tuple[str, str]]
    rolls: list[RollCell]
    veteran_actions: list[str]
    superstar_actions: list[str]
    picks_due: str | None
    allowed_picks: list[Action]
    levels: list[LevelCell]
    progress: str
    enhancements: list[Enhancement]
    fittable: list[EnhancementKind]
    injury: OpenInjury | None
    career_games: int
    career_points: int
    swap_with: list[Player]
    can_play: bool


@dataclass
class Roster:
    team: Team
    season: Season | None
    settings: RuleSettings
    first: list[RosterRow]
    second: list[RosterRow]
    reserves: list[RosterRow]
    active_count: int
    open_spots: int
    # Former players whose careers are over (M-I2): off the roster, still the team's story.
    retired: list[RosterRow] = field(default_factory=list)

    @property
    def rows(self) -> list[RosterRow]:
        return self.first + self.second + self.reserves


def team_season_history(*, team: Team) -> list[Season]:
    """Every season the team took part in, newest first, with its league and rules: the
    team page's current season and its titles in one query."""
    return list(
        Season.objects.filter(standings__team=team)
        .select_related("rules", "league")
        .order_by("-created_at")
    )


def team_current_season(*, team: Team) -> Season | None:
    """The season the team follows (league/team_seasons.py): its league season not
    archived, else its newest tournament; with its rules and league."""
    return (
        Season.objects.filter(standings__team=team)
        .exclude(status=Season.Status.ARCHIVED)
        .select_related("rules", "league")
        .order_by(*followed_first())
        .first()
    )


def _base_spec(position: Position, kind: RollKind, settings: RuleSettings) -> str:
    spec = effective_roll(
        PlayerSnapshot(key="base", name="", side=Side.HOME, position=position), kind, settings
    )
    return spec.describe() if spec else "–"


def _status_progress(player: Player, settings: RuleSettings) -> str:
    """M-P5: the games still to play to the next status, in words."""
    games = player.games_played
    if player.status == Status.ROOKIE:
        return f"{games} of {settings.rookie_to_pro_games} games to Pro"
    if player.status == Status.PRO and settings.progression_mode == ProgressionMode.GAMES:
        return f"{games} of {settings.pro_to_veteran_games} games to Veteran"
    return f"{games} games"


def _career_points() -> Coalesce:
    """The player's points over every season (the outer query's player), 0 before his
    first game: a correlated subquery, no extra query."""
    total = (
        PlayerSeason.objects.filter(player_id=OuterRef("pk"))
        .order_by()
        .values("player_id")
        .annotate(total=Sum("points"))
        .values("total")
    )
    return Coalesce(Subquery(total), 0)


def _career_successes() -> dict[str, Coalesce]:
    """``successes_<category>``: the player's successes in each category over every season
    (M-P7's stat levels), as correlated subqueries on the outer query's player."""
    annotations = {}
    for category in StatCategory:
        total = (
            PlayerSeasonStat.objects.filter(player_id=OuterRef("pk"), category=category)
            .order_by()
            .values("player_id")
            .annotate(total=Sum("successes"))
            .values("total")
        )
        annotations[f"successes_{category.value}"] = Coalesce(Subquery(total), 0)
    return annotations


def _roll_cells(
    snap: PlayerSnapshot,
    settings: RuleSettings,
    base: Mapping[tuple[Position, RollKind], str],
) -> list[RollCell]:
    """The roster's rolls for a player, each marked where it differs from his position's."""
    rolls = []
    for kind, action, label in ROSTER_ROLLS:
        spec = effective_roll(snap, kind, settings)
        text = spec.describe() if spec else "–"
        changed = text != base[(snap.position, kind)]
        rolls.append(
            RollCell(action.abbreviation, label, text, changed, spec.notes if spec else "")
        )
    return rolls


def _roster_badges(player: Player, injury: OpenInjury | None) -> list[tuple[str, str]]:
    """Status, Superstar, injured list, and a career over or the games an injury has left."""
    badges = [(player.status, Status(player.status).label)]
    if player.superstar:
        badges.append(("superstar", "Superstar"))
    if player.roster_state == Player.RosterState.INJURED_LIST:
        badges.append(("injured_list", "Injured list"))
    if injury and injury.career_over:
        badges.append(("retired", "Career over"))
    elif injury and injury.games_left:
        left = injury.games_left
        badges.append(("injured", f"Injured · {left} game{'s' if left != 1 else ''} left"))
    return badges


def _level_cells(successes: Mapping[StatCategory, int], settings: RuleSettings) -> list[LevelCell]:
    """M-P7: each category's successes, level and the count for the next level (stats
    progression only)."""
    levels = []
    if settings.progression_mode == ProgressionMode.STATS:
        for category in StatCategory:
            count = successes.get(category, 0)
            level = stat_level(count, settings)
            next_at = (settings.stat_level_1, settings.stat_level_2, None)[level]
            levels.append(LevelCell(category, count, level, next_at))
    return levels


def team_roster(*, team: Team, season: Season | None = None) -> Roster:
    """A team's roster page: every player still with the team (first string, second string,
    then the injured list) and those whose careers are over (M-I2), each with his badges,
    effective rolls (the engine's, M-D1 … M-E1), picks, stat levels and progress,
    enhancements, injury and career line. Three queries whatever
    the roster's size (players with their career totals, their enhancements, their
    injuries), one more when `season` is not given."""
    season = season or team_current_season(team=team)
    settings = season.rules.to_engine() if season else RuleSettings()
    players = list(
        Player.objects.filter(
            team=team,
            roster_state__in=[
                Player.RosterState.ACTIVE,
                Player.RosterState.INJURED_LIST,
                Player.RosterState.RETIRED,
            ],
        )
        .annotate(career_points=_career_points(), **_career_successes())
        .prefetch_related(
            Prefetch(
                "enhancements",
                queryset=Enhancement.objects.filter(removed_at__isnull=True).order_by("id"),
                to_attr="fitted_enhancements",
            )
        )
        .order_by("string", "shirt_number", "id")
    )
    ids = [p.pk for p in players]
    fitted: dict[int, list[Enhancement]] = {p.pk: p.fitted_enhancements for p in players}
    successes: dict[int, dict[StatCategory, int]] = {
        p.pk: {c: getattr(p, f"successes_{c.value}") for c in StatCategory} for p in players
    }
    points: dict[int, int] = {p.pk: p.career_points for p in players}  # type: ignore[attr-defined]
    injuries = open_injuries(player_ids=ids, force_healing=settings.force_healing)
    base = {
        (pos, kind): _base_spec(pos, kind, settings)
        for pos in Position
        for kind, *_ in ROSTER_ROLLS
    }
    by_position: dict[tuple[str, str], list[Player]] = defaultdict(list)
    for p in players:
        if p.roster_state == Player.RosterState.ACTIVE:
            by_position[(p.position, p.string)].append(p)

    rostered = [p for p in players if p.roster_state != Player.RosterState.RETIRED]
    due = player_picks_due(players=rostered, superstars={team.pk: settings.superstars})

    def row(player: Player) -> RosterRow:
        position = Position(player.position)
        kinds = {EnhancementKind(e.kind) for e in fitted[player.pk]}
        snap = player_snapshot(
            player,
            side=Side.HOME,
            settings=settings,
            successes=successes[player.pk],
            enhancements=kinds,
        )
        rolls = _roll_cells(snap, settings, base)
        injury = injuries.get(player.pk)
        badges = _roster_badges(player, injury)
        picks_due = next(iter(due.get(player.pk, ())), None)
        allowed: list[Action] = []
        if picks_due:
            allowed = sorted(actions_allowed(picks_due, position), key=lambda a: a.label)
            badges.append(("picks_due", f"{picks_due.capitalize()} picks due"))
        levels = _level_cells(successes[player.pk], settings)
        other_string = (
            Player.String.SECOND if player.string == Player.String.FIRST else Player.String.FIRST
        )
        return RosterRow(
            player=player,
            position=position,
            badges=badges,
            rolls=rolls,
            veteran_actions=[Action(a).label for a in player.veteran_actions],
            superstar_actions=[Action(a).label for a in player.superstar_actions],
            picks_due=picks_due,
            allowed_picks=allowed,
            levels=levels,
            progress=_status_progress(player, settings),
            enhancements=fitted[player.pk],
            fittable=[k for k in EnhancementKind if k.allowed_for(position) and k not in kinds]
            if settings.enhancements
            else [],
            injury=injury,
            career_games=player.games_played,
            career_points=points.get(player.pk, 0),
            swap_with=by_position[(player.position, other_string)]
            if player.roster_state == Player.RosterState.ACTIVE
            else [],
            can_play=player.roster_state == Player.RosterState.ACTIVE
            and not (injury and (injury.games_left or injury.career_over)),
        )

    rows = [row(p) for p in players]
    active = [r for r in rows if r.player.roster_state == Player.RosterState.ACTIVE]
    return Roster(
        team=team,
        season=season,
        settings=settings,
        first=[r for r in active if r.player.string == Player.String.FIRST],
        second=[r for r in active if r.player.string == Player.String.SECOND],
        reserves=[r for r in rows if r.player.roster_state == Player.RosterState.INJURED_LIST],
        active_count=len(active),
        open_spots=max(ROSTER_SIZE - len(active), 0),
        retired=[r for r in rows if r.player.roster_state == Player.RosterState.RETIRED],
    )


# --- The coach's home ------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamRemedies:
    """What a coach can still do about a short line-up (M-P3, M-P9, M-I3)."""

    open_spots: int
    reactivate: list[str]  # fit again on the injured list
    heal: list[str]  # force-healing still possible
    injured_active: list[str]  # out injured on the active roster: the injured list frees a spot


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _remedies_text(plan: TeamLineup, remedies: TeamRemedies) -> str:
    """The ways to fill the empty places, each named, or that there is none."""
    ways = []
    if remedies.open_spots:
        spots = remedies.open_spots
        ways.append(f"call up a Rookie ({spots} open spot{'s' if spots > 1 else ''})")
        if remedies.reactivate:
            ways.append(f"reactivate {_and(remedies.reactivate)}")
    elif remedies.injured_active:
        ways.append(
            f"put {_and(remedies.injured_active)} on the injured list to open a spot for a Rookie"
        )
    if remedies.heal:
        ways.append(f"try force-healing {_and(remedies.heal)}")
    if plan.bench:
        count = len(plan.bench)
        ways.append(
            f"name one of {count} fit reserve{'s' if count > 1 else ''} of another position "
            "on the match-day page"
        )
    if not ways:
        return "Nothing can fill them now: the team plays short-handed (M-P3)."
    return f"To fill: {'; or '.join(ways)}."


def _short_handed_todo(plan: TeamLineup, remedies: TeamRemedies) -> TodoItem:
    """M-P3: the team would kick off short-handed; the item says how to fill the places."""
    fixture = plan.fixture
    when = "before the round opens" if fixture.status == Fixture.Status.SCHEDULED else "at kick-off"
    return TodoItem(
        "short_handed",
        f"{fixture.round.label}, {fixture}: {plan.short_text} {when}. "
        f"{_remedies_text(plan, remedies)}",
        "fixture",
        (fixture.pk,),
        "Line-up",
    )


def coach_teams(*, user: User, ruleset: str) -> list[CoachTeam]:
    """The teams `user` coaches, each with its next fixture and what waits for his decision:
    detections against his opponents' enhancements to decide and inspection rolls to enter
    from the table (M-E2), force-healing still possible (M-I3), Veteran or Superstar picks
    due (M-P6, M-P8), open roster spots (M-P9), results to report and a next fixture it
    would play short-handed (M-P3). A fixed number of queries whatever the number of teams."""
    teams = list(
        Team.objects.filter(coach=user, league__ruleset=ruleset)
        .select_related("league")
        .order_by("name")
    )
    if not teams:
        return []
    ids = [t.pk for t in teams]
    seasons = _coach_seasons(ids)
    todos: dict[int, list[TodoItem]] = defaultdict(list)
    next_fixture = _next_fixtures(ids, todos)
    _inspection_todos(ids, todos)
    _inspection_roll_todos(ids, todos)
    players = list(
        Player.objects.filter(
            team_id__in=ids,
            roster_state__in=[
                Player.RosterState.ACTIVE,
                Player.RosterState.INJURED_LIST,
                Player.RosterState.RETIRED,
            ],
        ).only(
            "id",
            "name",
            "team_id",
            "status",
            "veteran_actions",
            "superstar",
            "superstar_actions",
            "roster_state",
        )
    )
    due = player_picks_due(
        players=players, superstars={tid: s.rules.superstars for tid, s in seasons.items()}
    )
    active_counts: dict[int, int] = defaultdict(int)
    for player in players:
        if player.roster_state == Player.RosterState.ACTIVE:
            active_counts[player.team_id] += 1
        if kinds := due[player.pk]:
            todos[player.team_id].append(
                TodoItem(
                    "picks",
                    f"Pick {player}'s two {kinds[0].capitalize()} actions",
                    "player-picks",
                    (player.pk,),
                    "Pick",
                )
            )
    injuries = open_injuries(player_ids=[p.pk for p in players])
    _short_handed_todos(
        teams, next_fixture, _remedies(teams, players, injuries, seasons, active_counts), todos
    )
    _heal_todos(injuries, seasons, todos)
    _call_up_todos(teams, active_counts, todos)
    return [
        CoachTeam(
            team=t, season=seasons.get(t.pk), next_fixture=next_fixture.get(t.pk), todos=todos[t.pk]
        )
        for t in teams
    ]


def _coach_seasons(ids: list[int]) -> dict[int, Season]:
    """Each team's latest season not archived, with its rules."""
    return team_seasons(ids, related=("rules",))


def _next_fixtures(ids: list[int], todos: dict[int, list[TodoItem]]) -> dict[int, Fixture]:
    """Each team's next fixture not played; a ready one is a result to report."""
    found = next_fixtures(ids)
    for team_id, fixture in found.items():
        if fixture.status == Fixture.Status.READY:
            todos[team_id].append(
                TodoItem(
                    "report",
                    f"Report the result of {fixture}",
                    "fixture",
                    (fixture.pk,),
                    "Report",
                )
            )
    return found


def _remedies(
    teams: list[Team],
    players: list[Player],
    injuries: Mapping[int, OpenInjury],
    seasons: Mapping[int, Season],
    active_counts: Mapping[int, int],
) -> dict[int, TeamRemedies]:
    """Each team's ways to fill a short line-up, from the rows coach_teams already read."""
    found = {
        team.pk: TeamRemedies(ROSTER_SIZE - active_counts.get(team.pk, 0), [], [], [])
        for team in teams
    }
    for player in players:
        remedies, injury = found[player.team_id], injuries.get(player.pk)
        season = seasons.get(player.team_id)
        if player.roster_state == Player.RosterState.INJURED_LIST and injury is None:
            remedies.reactivate.append(player.name)
        elif injury is not None and not injury.career_over:
            if injury.force_healing_open and (season is None or season.rules.force_healing):
                remedies.heal.append(player.name)
            if player.roster_state == Player.RosterState.ACTIVE and injury.games_left:
                remedies.injured_active.append(player.name)
    return found


def _short_handed_todos(
    teams: list[Team],
    next_fixture: Mapping[int, Fixture],
    remedies: Mapping[int, TeamRemedies],
    todos: dict[int, list[TodoItem]],
) -> None:
    """M-P3: a next fixture, line-ups still open in a season under way, that a team would
    play short-handed."""
    for plan in short_handed(
        pairs=[
            (next_fixture[team.pk], team)
            for team in teams
            if team.pk in next_fixture
            and next_fixture[team.pk].status in LINEUP_OPEN
            and next_fixture[team.pk].round.season.status
            in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
        ]
    ):
        todos[plan.team.pk].append(_short_handed_todo(plan, remedies[plan.team.pk]))


def _inspection_todos(ids: list[int], todos: dict[int, list[TodoItem]]) -> None:
    """M-E2: detections against the opponents' enhancements, for the inspector to decide."""
    pending = Inspection.objects.filter(
        Q(fixture__home_team_id__in=ids) | Q(fixture__away_team_id__in=ids),
        decision=Inspection.Decision.PENDING,
    ).select_related("fixture", "enhancement__player__team")
    for inspection in pending:
        owner = inspection.enhancement.player.team_id
        fixture = inspection.fixture
        inspector = fixture.away_team_id if owner == fixture.home_team_id else fixture.home_team_id
        if inspector in ids:
            todos[inspector].append(
                TodoItem(
                    "inspection",
                    f"Decide: {inspection.enhancement.get_kind_display()} detected on "
                    f"{inspection.enhancement.player} ({inspection.enhancement.player.team})",
                    "fixture",
                    (fixture.pk,),
                    "Decide",
                )
            )


def _inspection_roll_todos(ids: list[int], todos: dict[int, list[TodoItem]]) -> None:
    """M-E2 at the table: each side's d10 still to enter, for the owner's and the
    inspector's coach."""
    rolls_due = TableInspection.objects.filter(
        Q(fixture__home_team_id__in=ids) | Q(fixture__away_team_id__in=ids),
        resolved_at__isnull=True,
    ).select_related("fixture", "player__team")
    for table_inspection in rolls_due:
        fixture, player = table_inspection.fixture, table_inspection.player
        opponent = (
            fixture.away_team_id if player.team_id == fixture.home_team_id else fixture.home_team_id
        )
        rollers: dict[str, int] = {
            TableInspection.Side.OWNER: player.team_id,
            TableInspection.Side.INSPECTOR: opponent,
        }
        for side in table_inspection.missing():
            if rollers[side] in ids:
                todos[rollers[side]].append(
                    TodoItem(
                        "inspection_roll",
                        f"Roll your d10 for the inspection of {player} ({player.team}) "
                        f"before {fixture}",
                        "table-inspection-roll",
                        (table_inspection.pk,),
                        "Enter roll",
                    )
                )


def _heal_todos(
    injuries: Mapping[int, OpenInjury],
    seasons: Mapping[int, Season],
    todos: dict[int, list[TodoItem]],
) -> None:
    """M-I3: an injury force-healing may still try, where the season allows it."""
    for injury in injuries.values():
        season = seasons.get(injury.injury.player.team_id)
        if injury.force_healing_open and (season is None or season.rules.force_healing):
            todos[injury.injury.player.team_id].append(
                TodoItem(
                    "heal",
                    f"Try force-healing {injury.injury.player} (once, before the next game)",
                    "injury-heal",
                    (injury.injury.pk,),
                    "Try",
                )
            )


def _call_up_todos(
    teams: list[Team], active_counts: Mapping[int, int], todos: dict[int, list[TodoItem]]
) -> None:
    """M-P9: open roster spots, for a Rookie to fill."""
    for team in teams:
        spots = ROSTER_SIZE - active_counts.get(team.pk, 0)
        if spots > 0:
            todos[team.pk].append(
                TodoItem(
                    "call_up",
                    f"{spots} open roster spot{'s' if spots > 1 else ''}: call up a Rookie",
                    "team-call-up",
                    (team.pk,),
                    "Call up",
                )
            )


# --- Fixtures, results and the match centre --------------------------------------------------


def fixture_table_inspections(*, fixture: Fixture) -> list[TableInspection]:
    """The fixture's inspections still waiting for a coach's table roll (M-E2)."""
    return list(
        fixture.table_inspections.filter(resolved_at__isnull=True)
        .select_related("player__team")
        .order_by("id")
    )


def fixture_inspections(*, fixture: Fixture) -> list[Inspection]:
    return list(
        fixture.inspections.select_related("enhancement__player__team", "decided_by").order_by("id")
    )


@dataclass
class StatRow:
    player: Player
    team_id: int
    points: int
    stats: dict[str, tuple[int, int]]


@dataclass
class MatchReport:
    result: Result
    home: list[StatRow]
    away: list[StatRow]
    injuries: list[Injury]
    events: list[EventLine]

    @property
    def key_moments(self) -> list[EventLine]:
        """Goals, Incapacitations and the saves that mattered (games/match_moments.py)."""
        return [line for line in self.events if line.moment]


def match_report(*, fixture: Fixture) -> MatchReport | None:
    """The match centre: score, each player's stat line, the injuries and the play-by-play.
    Four queries whatever the number of players and events."""
    result = Result.objects.filter(fixture=fixture).first()
    if result is None:
        return None
    appearances = (
        Appearance.objects.filter(result=result)
        .select_related("player")
        .prefetch_related("stat_lines")
        .order_by("player__string", "player__shirt_number", "player_id")
    )
    rows = [
        StatRow(
            player=a.player,
            team_id=a.team_id,
            points=a.points,
            stats={s.category: (s.attempts, s.successes) for s in a.stat_lines.all()},
        )
        for a in appearances
    ]
    return MatchReport(
        result=result,
        home=[r for r in rows if r.team_id == fixture.home_team_id],
        away=[r for r in rows if r.team_id == fixture.away_team_id],
        injuries=list(
            Injury.objects.filter(fixture=fixture).select_related("player").order_by("id")
        ),
        events=event_lines(result.events.order_by("sequence"), home_team_id=fixture.home_team_id),
    )


def replay_data(*, fixture: Fixture, report: MatchReport) -> dict[str, Any]:
    """What the board replay draws: the board size, each player's side and label, and the
    events' squares (MatchEvent.data)."""
    rules = fixture.round.season.rules
    players = {}
    for rows, side in ((report.home, "home"), (report.away, "away")):
        for row in rows:
            players[str(row.player.pk)] = {
                "side": side,
                "label": row.player.name,
                "short": Position(row.player.position).abbreviation,
            }
    return {
        "columns": rules.board_columns,
        "rows": rules.board_rows,
        "home": {"name": fixture.home_team.name, "colour": fixture.home_team.colour},
        "away": {"name": fixture.away_team.name, "colour": fixture.away_team.colour},
        "players": players,
        "events": [
            {
                "half": line.half,
                "kind": line.kind,
                "text": line.caption,
                "players": line.data.get("players", []),
                "from": line.data.get("from"),
                "to": line.data.get("to"),
                "ball": line.data.get("ball"),
                "side": line.data.get("side"),
            }
            for line in report.events
        ],
    }


def fixture_live_job(*, fixture: Fixture) -> SimulationJob | None:
    return (
        SimulationJob.objects.filter(fixture=fixture, state__in=SimulationJob.LIVE_STATES)
        .order_by("-created_at")
        .first()
    )


def simulation_jobs_visible(*, user: User | AnonymousUser) -> QuerySet[SimulationJob]:
    """The simulation jobs `user` may follow: those of the leagues he may read (public, or
    his), as their fixtures. The HTML page and the API both ask here (games/access.py)."""
    return SimulationJob.objects.filter(
        fixture__round__season__league__in=League.objects.filter(
            league_visible_q(user=user)
        ).values("pk")
    )


@dataclass(frozen=True)
class SeasonTotals:
    """A player's season so far, shown beside the result form's boxes: points and, per
    category, (attempts, successes)."""

    points: int = 0
    stats: Mapping[str, tuple[int, int]] | None = None

    def stat(self, category: str) -> tuple[int, int]:
        return (self.stats or {}).get(category, (0, 0))


def report_season_totals(*, fixture: Fixture, players: Sequence[Player]) -> dict[int, SeasonTotals]:
    """Each of `players`' totals in the fixture's season, by player id. Two queries."""
    season_id = fixture.round.season_id
    ids = [player.pk for player in players]
    stats: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for line in PlayerSeasonStat.objects.filter(season_id=season_id, player_id__in=ids):
        stats[line.player_id][line.category] = (line.attempts, line.successes)
    points = dict(
        PlayerSeason.objects.filter(season_id=season_id, player_id__in=ids).values_list(
            "player_id", "points"
        )
    )
    return {pk: SeasonTotals(points.get(pk, 0), stats.get(pk, {})) for pk in ids}


@dataclass(frozen=True)
class ReportPlayers:
    """The rows of the result form: every player who may take the field, starters then bench
    (home first); the starters, whom it ticks (M-P3); and those who cannot play, with why
    (shown disabled)."""

    players: list[Player]
    starters: frozenset[int]
    unavailable: list[tuple[Player, str]]


def report_players(*, fixture: Fixture) -> ReportPlayers:
    """The result form's rows for `fixture`: its line-ups as fixed at kick-off, or as they
    would be fixed now (M-P3)."""
    home, away = fixture_lineups(fixture=fixture)
    return ReportPlayers(
        players=[*home.starters, *home.bench, *away.starters, *away.bench],
        starters=frozenset(p.pk for p in (*home.starters, *away.starters)),
        unavailable=[*home.unavailable, *away.unavailable],
    )


# --- Standings by round, leaders, player pages -----------------------------------------------


def season_leaders(
    *, season: Season, category: StatCategory, limit: int = 10
) -> list[PlayerSeasonStat]:
    """The players with the most successes in `category` this season. One query."""
    return list(
        PlayerSeasonStat.objects.filter(season=season, category=category, successes__gt=0)
        .select_related("player__team")
        .order_by("-successes", "attempts", "player__name")[:limit]
    )


def season_points_leaders(*, season: Season, limit: int = 10) -> list[PlayerSeason]:
    return list(
        PlayerSeason.objects.filter(season=season, points__gt=0)
        .select_related("player__team")
        .order_by("-points", "games_played", "player__name")[:limit]
    )


def player_for_page(*, player_id: int, user: User | AnonymousUser) -> Player:
    """A player with his team and league, if the league is visible to `user`
    (Player.DoesNotExist otherwise). One query, two for a private league."""
    player = Player.objects.select_related("team__league").get(pk=player_id)
    if not league_visible_to(user=user, league=player.team.league):
        raise Player.DoesNotExist
    return player


def player_games(*, player: Player) -> list[dict[str, Any]]:
    """The player's matches in order, with his points and successes per category, for the
    progression chart and the game log. Two queries, three with knockout games."""
    appearances = list(
        Appearance.objects.filter(player=player)
        .select_related(
            "result__fixture__round__season",
            "result__fixture__home_team",
            "result__fixture__away_team",
        )
        .prefetch_related("stat_lines")
        .order_by("result__fixture__round__season__created_at", "result__fixture__round__number")
    )
    games = []
    with_round_labels([a.result.fixture for a in appearances])  # "Final" without a query each
    for a in appearances:
        fixture = a.result.fixture
        games.append(
            {
                "fixture": fixture,
                "result": a.result,
                "points": a.points,
                "stats": {s.category: (s.attempts, s.successes) for s in a.stat_lines.all()},
            }
        )
    return games


@dataclass(frozen=True)
class TotalsLine:
    """A player's games, points and (successes, attempts) per category (M-P7) over one
    season (`season` set) or his whole career."""

    season: Season | None
    games: int
    points: int
    stats: list[tuple[int, int]]  # in StatCategory order


def player_totals(*, player: Player) -> tuple[list[TotalsLine], TotalsLine]:
    """The player's season totals, oldest first, and his career totals: the rows the result
    service keeps (PlayerSeason, PlayerSeasonStat), as the API's player profile reads them.
    Two queries."""
    stats: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for stat in PlayerSeasonStat.objects.filter(player=player):
        stats[stat.season_id][stat.category] = (stat.successes, stat.attempts)
    lines = [
        TotalsLine(
            row.season,
            row.games_played,
            row.points,
            [stats[row.season_id].get(c.value, (0, 0)) for c in StatCategory],
        )
        for row in PlayerSeason.objects.filter(player=player)
        .select_related("season__league")
        .order_by("season__created_at")
    ]
    career = TotalsLine(
        None,
        sum(line.games for line in lines),
        sum(line.points for line in lines),
        [
            (sum(line.stats[i][0] for line in lines), sum(line.stats[i][1] for line in lines))
            for i in range(len(StatCategory))
        ],
    )
    return lines, career


def player_progression(
    *, player: Player, games: list[dict[str, Any]], settings: RuleSettings
) -> dict[str, Any]:
    """Cumulative successes per category after each game, with the stat-level thresholds
    (M-P7) and the games needed for the next status (M-P5), as chart data."""
    totals: dict[str, int] = defaultdict(int)
    series: dict[str, list[int]] = {c.value: [] for c in StatCategory}
    labels = []
    for number, game in enumerate(games, start=1):
        labels.append(f"G{number}")
        for category, (_attempts, successes) in game["stats"].items():
            totals[category] += successes
        for category in StatCategory:
            series[category.value].append(totals[category.value])
    return {
        "labels": labels,
        "series": [
            {"label": c.label, "data": series[c.value]}
            for c in StatCategory
            if any(series[c.value])
        ],
        "thresholds": [
            {"label": "Level 1", "value": settings.stat_level_1},
            {"label": "Level 2", "value": settings.stat_level_2},
        ],
        "mode": settings.progression_mode.value,
    }
