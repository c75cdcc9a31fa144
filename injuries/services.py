"""Injuries after a match (M-I1, M-I2), their countdown by games, force-healing (M-I3) and
the injured list (M-P9)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone

from injuries.errors import InjuryError
from injuries.events import injuries_publish
from injuries.models import INJURY_OUT, ForceHealingAttempt, Injury
from injuries.selectors import force_heal_available
from league.access import Actor, require_coach_or_commissioner
from league.audit import audit_record, snapshot
from league.models import Fixture, Round, Season, Team
from league.sql.pipeline import unanswered
from league.sql.writes import rows_insert, rows_update, rows_update_statement
from rosters.models import DiceRoll, Player
from rosters.services import ledger_record, player_lock_for_change, server_dice
from rosters.table_dice import faces_resolve
from rules.magnoball.between_matches import force_heal
from rules.magnoball.dice import DiceSource, RollRecord
from rules.magnoball.settings import RuleSettings
from rules.magnoball.vocabulary import ROSTER_SIZE, Position


@dataclass(frozen=True)
class IncapacitationRolls:
    """The M-I1 duration roll and the M-I2 permanent-injury roll (None when not rolled)."""

    duration: RollRecord
    permanent: RollRecord | None


@dataclass(frozen=True)
class Incapacitation:
    """One Incapacitated player's rolls, and who rolled them (the server or the table)."""

    player: Player
    rolls: IncapacitationRolls
    source: str = DiceRoll.Source.SERVER


def injuries_record(
    *, fixture: Fixture, incapacitated: Sequence[Incapacitation], actor: Actor
) -> list[Injury]:
    """The Incapacitated players' injuries: out for half the roll, rounded down (M-I1); a 1
    on the permanent-injury roll ends a career (M-I2) and opens the roster spot. The rolls go
    to the dice ledger. A statement a table whatever the number of players (one ledger batch
    for each source of rolls). The caller holds the transaction."""
    if not incapacitated:
        return []
    season = fixture.round.season
    rows, retired = [], []
    now = timezone.now()
    for one in incapacitated:
        career_over = one.rolls.permanent is not None and one.rolls.permanent.result == 1
        rows.append(
            (
                one.player.pk,
                season.pk,
                fixture.pk,
                one.rolls.duration.die,
                one.rolls.duration.result,
                one.rolls.duration.result // 2,
                0,
                one.rolls.permanent.result if one.rolls.permanent else None,
                career_over,
                Injury.State.CAREER_OVER if career_over else Injury.State.OUT,
                now,
                None,
            )
        )
        if career_over:
            one.player.roster_state = Player.RosterState.RETIRED
            one.player.left_at = now
            retired.append(one.player)
    # One statement returning the keys (rows_insert; bulk_create's instances cost more than
    # the insert), the careers it ends closed in it too; each injury then given the player,
    # season and fixture it was made with.
    retire = (
        rows_update_statement(
            Player,
            [(player.pk, player.roster_state, player.left_at) for player in retired],
            ["roster_state", "left_at"],
        )
        if retired
        else None
    )
    injuries = rows_insert(Injury, _INJURY_FIELDS, rows, along=retire)
    for injury, one in zip(injuries, incapacitated, strict=True):
        injury.player, injury.season, injury.fixture = one.player, season, fixture
    for source in dict.fromkeys(one.source for one in incapacitated):
        batch = [one for one in incapacitated if one.source == source]
        ledger_record(
            rolls=[r for one in batch for r in (one.rolls.duration, one.rolls.permanent) if r],
            season=season,
            actor=actor,
            fixture=fixture,
            players={str(one.player.pk): one.player for one in batch},
            source=source,
        )
    injuries_publish(fixture=fixture, injuries=injuries)
    return injuries


#: An injury's columns as injuries_record writes them: every one but the key (rows_insert).
_INJURY_FIELDS = (
    "player_id",
    "season_id",
    "fixture_id",
    "duration_die",
    "duration_roll",
    "games_out",
    "games_missed",
    "permanent_roll",
    "permanent",
    "state",
    "created_at",
    "resolved_at",
)


def injuries_forget(*, fixture: Fixture, keep_player_ids: Collection[int] = ()) -> None:
    """Undo the injuries a voided or corrected result caused (but those of `keep_player_ids`):
    a career it ended resumes. Their rolls stay in the ledger, which forgets nothing."""
    injuries = Injury.objects.filter(fixture=fixture).exclude(player_id__in=list(keep_player_ids))
    for injury in injuries.select_related("player"):
        if injury.state == Injury.State.CAREER_OVER:
            _resume_career(injury.player)
        injury.delete()


def _resume_career(player: Player) -> None:
    player.roster_state = Player.RosterState.ACTIVE
    player.left_at = None
    player.save(update_fields=["roster_state", "left_at"])


def injuries_count_down(
    *, played: Callable[[], Mapping[int, Sequence[int]]], team_ids: Collection[int]
) -> None:
    """Recount the games each injured player of the teams `team_ids` has missed (M-I1).

    `played()` maps a team id to its played fixtures in the order they count (season, round);
    it is asked only when one of the teams has a player injured.
    A player misses every game his team plays after the match that injured him, across
    seasons, until he has missed `games_out`; then the injury is served. Recomputed from
    the fixtures, so a corrected or voided result changes the count as it should.
    """
    injuries = list(
        Injury.objects.filter(
            player__team_id__in=list(team_ids), state__in=[Injury.State.OUT, Injury.State.SERVED]
        ).select_related("player")
    )
    if not injuries:
        return
    in_order = played()
    changed = []
    for injury in injuries:
        order = in_order[injury.player.team_id]
        after = order.index(injury.fixture_id) + 1 if injury.fixture_id in order else 0
        missed = min(len(order) - after, injury.games_out)
        state = Injury.State.SERVED if missed >= injury.games_out else Injury.State.OUT
        if (missed, state) != (injury.games_missed, injury.state):
            injury.games_missed, injury.state = missed, state
            injury.resolved_at = timezone.now() if state == Injury.State.SERVED else None
            changed.append(injury)
    rows_update(Injury, changed, ["games_missed", "state", "resolved_at"])


def injuries_count_new_game(*, fixture: Fixture) -> None:
    """A new result of `fixture` counted on its teams' injuries still out (M-I1): one more
    game missed by each player whose injuring match comes before it in his team's order
    (season, round: as injuries_count_down orders them), the injury served once he has
    missed them all. injuries_count_down's recount, added for the one game: a served injury
    stays served, and neither the team's played fixtures nor its served injuries are read
    (tests/games/test_aftermath_incremental.py). One statement, which reads and writes only
    the injuries that change. The caller holds the teams' locks."""
    season = fixture.round.season
    order = [
        connection.ops.adapt_datetimefield_value(season.created_at),
        season.pk,
        fixture.round.number,
        fixture.pk,
    ]
    with unanswered(), connection.cursor() as cursor:
        cursor.execute(
            _COUNT_NEW_GAME_SQL,
            [
                Injury.State.SERVED,
                connection.ops.adapt_datetimefield_value(timezone.now()),
                *order,
                fixture.home_team_id,
                fixture.away_team_id,
            ],
        )


_INJURIES, _PLAYERS = Injury._meta.db_table, Player._meta.db_table
_FIXTURES, _ROUNDS, _SEASONS = (
    Fixture._meta.db_table,
    Round._meta.db_table,
    Season._meta.db_table,
)
# The injuries out of the two teams' players, each with whether this game counts for it (c):
# one from no match, or from another team's match, counts every game of his team; one from
# his own counts the games after it: (season created, season, round, fixture) before this
# game's. Written where the count moves, or where nothing is left to miss (0 games out).
_REACHED = f"{_INJURIES}.games_missed + c.counts >= {_INJURIES}.games_out"
_COUNT_NEW_GAME_SQL = (
    f"UPDATE {_INJURIES} SET "
    f"games_missed = CASE WHEN {_REACHED} THEN {_INJURIES}.games_out "
    f"ELSE {_INJURIES}.games_missed + c.counts END, "
    f"state = CASE WHEN {_REACHED} THEN %s ELSE {_INJURIES}.state END, "
    f"resolved_at = CASE WHEN {_REACHED} THEN %s ELSE {_INJURIES}.resolved_at END "
    "FROM (SELECT i.id AS id, CASE WHEN i.fixture_id IS NULL "
    "OR p.team_id NOT IN (f.home_team_id, f.away_team_id) "
    "OR (s.created_at, s.id, r.number, f.id) < (%s, %s, %s, %s) THEN 1 ELSE 0 END AS counts "
    f"FROM {_INJURIES} i JOIN {_PLAYERS} p ON p.id = i.player_id "
    f"LEFT JOIN {_FIXTURES} f ON f.id = i.fixture_id "
    f"LEFT JOIN {_ROUNDS} r ON r.id = f.round_id "
    f"LEFT JOIN {_SEASONS} s ON s.id = r.season_id "
    f"WHERE p.team_id IN (%s, %s) AND i.state = {INJURY_OUT}) AS c "
    f"WHERE {_INJURIES}.id = c.id "
    f"AND (c.counts = 1 OR {_INJURIES}.games_missed >= {_INJURIES}.games_out)"
)


def injury_force_heal(
    *,
    injury: Injury,
    actor: Actor,
    dice: DiceSource | None = None,
    faces: Sequence[int] | None = None,
) -> ForceHealingAttempt:
    """Force-healing (M-I3): once per injury, before the team's next game, the player's die
    against a d10; higher heals him fully (a career-ending injury too). When the season's
    coaches roll force-healing at the table, `faces` are the player's die and the d10 in
    that order (then each re-roll's pair after a tie), entered by `actor`."""
    with transaction.atomic():
        # Locks the injury: one attempt, even when two requests arrive together.
        locked = (
            Injury.objects.select_for_update(of=("self",))
            .select_related("player__team__league", "season__rules", "fixture__round__season")
            .get(pk=injury.pk)
        )
        player = locked.player
        require_coach_or_commissioner(user=actor, team=player.team)
        settings: RuleSettings = locked.season.rules.to_engine()
        if not settings.force_healing:
            raise InjuryError("Force-healing is not used in this season.", code="rule_off")
        if ForceHealingAttempt.objects.filter(injury=locked).exists():
            raise InjuryError(
                f"{player}'s injury has already had its force-healing attempt.",
                code="already_attempted",
            )
        if locked.state not in (Injury.State.OUT, Injury.State.CAREER_OVER):
            raise InjuryError(f"{player} is not out injured.", code="not_injured")
        if not force_heal_available(injury=locked):  # attempted and state are checked above
            raise InjuryError(
                f"Too late: {player.team} has played since {player} was injured.",
                code="too_late",
            )
        position, key = Position(player.position), str(player.pk)
        table = locked.season.rules.table_dice("force_healing")
        if table:
            if faces is None:
                raise InjuryError(
                    f"Enter the faces you rolled: {player}'s d{position.injury_die}, then "
                    "the d10 (after a tie, the re-roll's pair too).",
                    field="faces",
                    code="faces_required",
                )
            outcome = faces_resolve(
                faces,
                lambda entered: force_heal(entered, position, settings, actor=key),
                what="force-healing roll",
            )
        elif faces is not None:
            raise InjuryError(
                "The server rolls force-healing in this season; leave the faces out.",
                field="faces",
                code="server_dice",
            )
        else:
            outcome = force_heal(dice or server_dice(), position, settings, actor=key)
        player_roll, healer_roll = outcome.rolls[-2].result, outcome.rolls[-1].result
        attempt = ForceHealingAttempt.objects.create(
            injury=locked,
            attempted_by=actor if actor is not None and actor.is_authenticated else None,
            player_result=player_roll,
            healer_result=healer_roll,
            succeeded=outcome.healed,
        )
        ledger_record(
            rolls=outcome.rolls,
            season=locked.season,
            actor=actor,
            team=player.team,
            fixture=locked.fixture,
            players={str(player.pk): player},
            source=DiceRoll.Source.TABLE if table else DiceRoll.Source.SERVER,
        )
        before = snapshot(locked, ["state"])
        if outcome.healed:
            if locked.state == Injury.State.CAREER_OVER:
                _resume_career(player)
            locked.state = Injury.State.HEALED
            locked.resolved_at = timezone.now()
            locked.save(update_fields=["state", "resolved_at"])
        audit_record(
            actor=actor,
            action="injury.force_heal",
            obj=locked,
            league=player.team.league,
            message=f"{player}: force-healing {'succeeded' if outcome.healed else 'failed'} "
            f"({player_roll} against {healer_roll})",
            before=before,
            after=snapshot(locked, ["state"]),
        )
    return attempt


def player_injured_list_put(*, player: Player, actor: Actor) -> Player:
    """Put a player out for one game or more on the injured list, freeing his roster spot
    for a Rookie call-up (M-P9)."""
    with transaction.atomic():
        # Locks the player: he moves to the list once, with one audit entry.
        locked = player_lock_for_change(player=player, actor=actor)
        if locked.roster_state != Player.RosterState.ACTIVE:
            raise InjuryError(f"{locked} is not on the active roster.", code="not_active")
        injury = Injury.objects.filter(player=locked, state=Injury.State.OUT).first()
        if injury is None or injury.games_left < 1:
            raise InjuryError(
                f"Only a player out for a game or more goes on the injured list; {locked} is fit.",
                code="not_injured",
            )
        locked.roster_state = Player.RosterState.INJURED_LIST
        locked.save(update_fields=["roster_state"])
        audit_record(
            actor=actor,
            action="player.injured_list",
            obj=locked,
            league=locked.team.league,
            before={"roster_state": "active"},
            after={"roster_state": locked.roster_state},
        )
    return locked


def player_reactivate(*, player: Player, actor: Actor) -> Player:
    """Bring a fit player back from the injured list into an open roster spot (M-P9)."""
    with transaction.atomic():
        # Locks the team so two returns cannot both take the last spot.
        team = (
            Team.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=player.team_id)
        )
        locked = Player.objects.get(pk=player.pk)
        require_coach_or_commissioner(user=actor, team=team)
        if locked.roster_state != Player.RosterState.INJURED_LIST:
            raise InjuryError(f"{locked} is not on the injured list.", code="not_listed")
        if Injury.objects.filter(player=locked, state=Injury.State.OUT).exists():
            raise InjuryError(f"{locked} is still injured.", code="still_injured")
        active = Player.objects.filter(team=team, roster_state=Player.RosterState.ACTIVE)
        if active.count() >= ROSTER_SIZE:
            raise InjuryError(
                f"{team} already has {ROSTER_SIZE} active players: release or demote one "
                f"to make room for {locked}.",
                code="roster_full",
            )
        locked.roster_state = Player.RosterState.ACTIVE
        locked.save(update_fields=["roster_state"])
        audit_record(
            actor=actor,
            action="player.reactivate",
            obj=locked,
            league=team.league,
            before={"roster_state": "injured_list"},
            after={"roster_state": "active"},
        )
    return locked
