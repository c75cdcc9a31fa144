"""Writes for a team's players: call-ups, action picks, season totals and progression,
release, renames, swaps between strings and enhancements."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from league.access import Actor, require_coach_or_commissioner
from league.audit import audit_record, snapshot
from league.models import Season, Team
from league.selectors.team_seasons import followed_first
from league.sql.writes import rows_add, rows_update
from rosters.errors import RosterError
from rosters.models import Enhancement, Player, PlayerSeason, PlayerSeasonStat
from rules.magnoball.between_matches import status_after_games
from rules.magnoball.picks import PickKind, pick_refusal
from rules.magnoball.settings import RuleSettings
from rules.magnoball.vocabulary import (
    ROSTER_SIZE,
    EnhancementKind,
    Position,
    Status,
)


def _lock_team(team: Team) -> Team:
    return Team.objects.select_for_update().get(pk=team.pk)


def player_lock_for_change(*, player: Player, actor: Actor) -> Player:
    """The player's row, locked for a change that his coach or a commissioner may make
    (`actor` None is the server). The caller holds the transaction."""
    locked = (
        Player.objects.select_for_update(of=("self",))
        .select_related("team__league")
        .get(pk=player.pk)
    )
    require_coach_or_commissioner(user=actor, team=locked.team)
    return locked


def player_call_up(*, team: Team, name: str, position: Position, actor: Actor) -> Player:
    """A Rookie call-up (M-P4, M-P9) into an open spot of the active roster of 18."""
    with transaction.atomic():
        # Locks the team so two call-ups cannot both take the last spot.
        locked = _lock_team(team)
        require_coach_or_commissioner(user=actor, team=locked)
        active = Player.objects.filter(team=locked, roster_state=Player.RosterState.ACTIVE)
        if active.count() >= ROSTER_SIZE:
            raise RosterError(
                f"{locked} already has {ROSTER_SIZE} active players; put a player on the "
                "injured list or release one first.",
                code="roster_full",
            )
        if Player.objects.filter(team=locked, name=name).exists():
            raise RosterError(
                f"{locked} already has a player called {name}.", field="name", code="duplicate_name"
            )
        player = Player(
            team=locked,
            name=name,
            position=position,
            string=Player.String.SECOND,
            status=Status.ROOKIE,
            start_status=Status.ROOKIE,
            called_up=True,
        )
        player.full_clean(exclude=["team"])
        player.save()
        audit_record(
            actor=actor,
            action="player.call_up",
            obj=player,
            league=locked.league,
            after=snapshot(player, ["name", "position", "status"]),
        )
    return player


def player_pick_actions(
    *, player: Player, kind: PickKind, actions: Sequence[str], actor: Actor
) -> Player:
    """The two Veteran (M-P6) or Superstar (M-P8) actions, fixed once chosen."""
    with transaction.atomic():
        # Locks the player so a second pick cannot overwrite the first.
        locked = player_lock_for_change(player=player, actor=actor)
        refusal = pick_refusal(kind, locked, Position(locked.position), actions)
        if refusal:
            code, message = refusal
            raise RosterError(
                message, field="actions" if code == "invalid_actions" else None, code=code
            )
        field = f"{kind}_actions"
        setattr(locked, field, list(actions))
        locked.save(update_fields=[field])
        audit_record(
            actor=actor,
            action=f"player.{kind}_actions",
            obj=locked,
            league=locked.team.league,
            after={field: list(actions)},
        )
    return locked


@dataclass(frozen=True)
class SeasonTotals:
    """One player's season, as the result service adds it up from his appearances."""

    games: int = 0
    points: int = 0
    stats: Mapping[str, tuple[int, int]] = field(default_factory=dict)  # (attempts, successes)


def player_season_totals_replace(
    *, season: Season, player_ids: Sequence[int], totals: Mapping[int, SeasonTotals]
) -> None:
    """Rewrite the season lines of `player_ids` from `totals` (recomputed, never patched);
    a player without totals keeps no line. The caller holds the transaction."""
    PlayerSeason.objects.filter(season=season, player_id__in=player_ids).delete()
    PlayerSeasonStat.objects.filter(season=season, player_id__in=player_ids).delete()
    PlayerSeason.objects.bulk_create(
        PlayerSeason(player_id=pid, season=season, games_played=t.games, points=t.points)
        for pid, t in totals.items()
    )
    PlayerSeasonStat.objects.bulk_create(
        PlayerSeasonStat(player_id=pid, season=season, category=category, attempts=a, successes=s)
        for pid, t in totals.items()
        for category, (a, s) in t.stats.items()
    )


def player_season_totals_add(*, season: Season, totals: Mapping[int, SeasonTotals]) -> None:
    """Add one match's lines (`totals`, by player id) to the players' season lines, a line
    begun for a player's first game: one statement a table, adding in the database. A new
    result's counterpart of player_season_totals_replace (which corrections and voids use);
    the two agree (tests/games/test_aftermath_incremental.py). The caller holds the
    transaction."""
    rows_add(
        PlayerSeason,
        [
            {"player": pid, "season": season.pk, "games_played": t.games, "points": t.points}
            for pid, t in totals.items()
        ],
        unique=("player", "season"),
        add=("games_played", "points"),
    )
    rows_add(
        PlayerSeasonStat,
        [
            {
                "player": pid,
                "season": season.pk,
                "category": category,
                "attempts": a,
                "successes": s,
            }
            for pid, t in totals.items()
            for category, (a, s) in t.stats.items()
        ],
        unique=("player", "season", "category"),
        add=("attempts", "successes"),
    )


def players_play(
    *,
    players: Sequence[Player],
    settings: RuleSettings,
    games: Mapping[int, int] | None = None,
) -> list[Player]:
    """players_progress for the players of a new result (`players`: loaded with their status
    and start status), whose season lines are up to date: their career games summed from the
    lines (one query, unless the caller read them already as `games`, see
    career_games_sql), and one statement for the rows. Returns the players whose status
    changed."""
    if games is None:
        games = _career_games([player.pk for player in players])
    promoted, updated = [], []
    for player in players:
        played = games.get(player.pk, 0)
        status = status_after_games(Status(player.start_status), played, settings)
        if status != player.status:
            promoted.append(player)
        if (played, status) != (player.games_played, player.status):
            player.games_played, player.status = played, status
            updated.append(player)
    # Only the rows that changed: a match changes the players who took the field.
    rows_update(Player, updated, ["games_played", "status"])
    return promoted


def career_games_sql(player_column: str) -> str:
    """_career_games as an SQL expression for the player whose id is `player_column`: a caller
    reading the players of a new result reads it with them, before their season lines are
    added to (one query fewer a result)."""
    return (
        f"COALESCE((SELECT SUM(ps.games_played) FROM {PlayerSeason._meta.db_table} ps "
        f"JOIN {Season._meta.db_table} s ON s.id = ps.season_id "
        f"WHERE ps.player_id = {player_column} AND s.counts_for_careers), 0)"
    )


def _career_games(player_ids: Sequence[int]) -> dict[int, int]:
    """Each player's career games: his season lines' games, but those of a tournament that
    does not count for careers."""
    return dict(
        PlayerSeason.objects.filter(player_id__in=player_ids, season__counts_for_careers=True)
        .values("player_id")
        .annotate(total=Sum("games_played"))
        .values_list("player_id", "total")
    )


def players_progress(*, player_ids: Sequence[int], settings: RuleSettings) -> list[Player]:
    """Career games from the season lines (not those of a tournament that does not count
    for careers), and the status they give from the status each player joined with (M-P5).
    Returns the players whose status changed."""
    players = Player.objects.filter(pk__in=player_ids).only(
        "pk", "games_played", "status", "start_status"
    )
    return players_play(players=list(players), settings=settings)


def player_release(*, player: Player, actor: Actor) -> Player:
    """Release a player from the team for good, freeing his roster spot (M-P9)."""
    with transaction.atomic():
        # Locks the player so he is released once, with one audit entry.
        locked = player_lock_for_change(player=player, actor=actor)
        if locked.roster_state in (Player.RosterState.RELEASED, Player.RosterState.RETIRED):
            raise RosterError(f"{locked} is no longer on the team.", code="not_on_team")
        before = snapshot(locked, ["roster_state"])
        locked.roster_state = Player.RosterState.RELEASED
        locked.left_at = timezone.now()
        locked.save(update_fields=["roster_state", "left_at"])
        audit_record(
            actor=actor,
            action="player.release",
            obj=locked,
            league=locked.team.league,
            before=before,
            after=snapshot(locked, ["roster_state"]),
        )
    return locked


def player_rename(*, player: Player, name: str, actor: Actor) -> Player:
    """Give a player a new name, unique within his team."""
    name = " ".join(name.split())
    with transaction.atomic():
        # Locks the player so two renames apply one after the other, each audited.
        locked = player_lock_for_change(player=player, actor=actor)
        if not name:
            raise RosterError("A player needs a name.", field="name", code="blank_name")
        max_length = Player._meta.get_field("name").max_length or 60
        if len(name) > max_length:
            raise RosterError(
                f"A name is at most {max_length} characters.", field="name", code="name_too_long"
            )
        if Player.objects.filter(team_id=locked.team_id, name=name).exclude(pk=locked.pk).exists():
            raise RosterError(
                f"{locked.team} already has a player called {name}.",
                field="name",
                code="duplicate_name",
            )
        before = snapshot(locked, ["name"])
        locked.name = name
        locked.save(update_fields=["name"])
        audit_record(
            actor=actor,
            action="player.rename",
            obj=locked,
            league=locked.team.league,
            message=f"{before['name']} renamed {name}",
            before=before,
            after=snapshot(locked, ["name"]),
        )
    return locked


def player_swap_string(*, player: Player, other: Player, actor: Actor) -> tuple[Player, Player]:
    """Swap a first-stringer and a second-stringer of the same position and team (M-P2, M-P3):
    the second-stringer starts, the first-stringer goes to the bench."""
    with transaction.atomic():
        # Locks both players, in id order (no deadlock), so each swap sees the last one's strings.
        locked = {
            p.pk: p
            for p in Player.objects.select_for_update(of=("self",))
            .select_related("team__league")
            .filter(pk__in=[player.pk, other.pk])
            .order_by("pk")
        }
        one, two = locked[player.pk], locked[other.pk]
        require_coach_or_commissioner(user=actor, team=one.team)
        if one.team_id != two.team_id:
            raise RosterError(
                f"{one} and {two} play for different teams.", field="other", code="other_team"
            )
        if one.position != two.position:
            raise RosterError(
                f"Strings swap within a position: {one} is a "
                f"{Position(one.position).label}, {two} a {Position(two.position).label}.",
                field="other",
                code="other_position",
            )
        if one.string == two.string:
            raise RosterError(
                f"{one} and {two} are both {one.get_string_display().lower()}: swap a "
                "first-stringer with a second-stringer.",
                field="other",
                code="same_string",
            )
        for p in (one, two):
            if p.roster_state != Player.RosterState.ACTIVE:
                raise RosterError(
                    f"{p} is not on the active roster ({p.get_roster_state_display().lower()}).",
                    field="other",
                    code="not_active",
                )
        before = {str(p.pk): p.string for p in (one, two)}
        one.string, two.string = two.string, one.string
        Player.objects.bulk_update([one, two], ["string"])
        audit_record(
            actor=actor,
            action="player.swap_string",
            obj=one,
            league=one.team.league,
            message=f"{one} and {two} swapped strings",
            before=before,
            after={str(p.pk): p.string for p in (one, two)},
        )
    return one, two


def enhancement_fit(*, player: Player, kind: EnhancementKind, actor: Actor) -> Enhancement:
    """Fit an enhancement to a player (M-E1): one of each kind, Deflector Field on a Goalie
    only, and only in a league whose current season uses enhancements."""
    with transaction.atomic():
        # Locks the player so two fittings of one kind cannot both pass the check.
        locked = player_lock_for_change(player=player, actor=actor)
        kind = EnhancementKind(kind)
        position = Position(locked.position)
        if locked.roster_state != Player.RosterState.ACTIVE:
            raise RosterError(f"{locked} is not on the active roster.", code="not_active")
        if not kind.allowed_for(position):
            allowed = ", ".join(sorted(p.label for p in kind.allowed_positions))
            raise RosterError(
                f"A {position.label} may not carry {kind.label} (M-E1: {allowed} only).",
                field="kind",
                code="not_allowed",
            )
        # The rules of the season the team follows (league/selectors/team_seasons.py).
        season = (
            Season.objects.filter(teams=locked.team)
            .exclude(status=Season.Status.ARCHIVED)
            .select_related("rules")
            .order_by(*followed_first())
            .first()
        )
        if season is not None and not season.rules.enhancements:
            raise RosterError(f"{season} does not use enhancements.", code="rule_off")
        if Enhancement.objects.filter(player=locked, kind=kind, removed_at__isnull=True).exists():
            raise RosterError(
                f"{locked} already carries {kind.label}.", field="kind", code="already_fitted"
            )
        enhancement = Enhancement.objects.create(player=locked, kind=kind)
        audit_record(
            actor=actor,
            action="enhancement.fit",
            obj=enhancement,
            league=locked.team.league,
            message=f"{kind.label} fitted to {locked}",
            after={"player": locked.pk, "kind": kind.value},
        )
    return enhancement


def enhancement_remove(*, enhancement: Enhancement, actor: Actor) -> Enhancement:
    """The coach takes a fitted enhancement off a player (M-E1)."""
    with transaction.atomic():
        # Locks the enhancement so it is removed once, with one audit entry.
        locked = (
            Enhancement.objects.select_for_update(of=("self",))
            .select_related("player__team__league")
            .get(pk=enhancement.pk)
        )
        player = locked.player
        require_coach_or_commissioner(user=actor, team=player.team)
        if locked.removed_at is not None:
            raise RosterError(
                f"{locked.get_kind_display()} is no longer on {player} "
                f"({locked.get_removal_display().lower()}).",
                code="not_fitted",
            )
        before = snapshot(locked, ["removed_at", "removal"])
        locked.removed_at = timezone.now()
        locked.removal = Enhancement.Removal.REMOVED
        locked.save(update_fields=["removed_at", "removal"])
        audit_record(
            actor=actor,
            action="enhancement.remove",
            obj=locked,
            league=player.team.league,
            message=f"{locked.get_kind_display()} removed from {player}",
            before=before,
            after=snapshot(locked, ["removed_at", "removal"]),
        )
    return locked
