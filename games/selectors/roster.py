"""The team page's roster: each player's rolls, stat levels, career figures and badges,
and the seasons a team played."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db.models import OuterRef, Prefetch, Subquery, Sum
from django.db.models.functions import Coalesce

from injuries.selectors import OpenInjury, open_injuries
from league.models import Season, Team
from league.selectors.team_seasons import followed_first
from rosters.models import Enhancement, Player, PlayerSeason, PlayerSeasonStat
from rosters.selectors import player_picks_due, player_snapshot
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
    """The season the team follows (league/selectors/team_seasons.py): its league season not
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
