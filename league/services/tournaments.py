"""Tournaments: a fixed field of league teams and guest teams, a group stage (a round robin
in each group of 3 to 6, a table per group by the league's points and tie-breakers)
and/or a seeded single-elimination knockout.

A tournament is a Season whose format is "tournament" (docs/seasons.md): its group stage is
the regular stage and its knockout the playoff stage, so fixtures, match day, results,
standings, simulation jobs, injuries and progression are the season's, unchanged. The
knockout's later rounds, a level game's winner and the finish are the playoffs' services
(league.services.playoffs.playoffs_advance, league.services.season_end.season_close). A guest team
is the league's ruleset's to create (its roster).
"""

from __future__ import annotations

import datetime
import random
import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from league.access import Actor, require_commissioner
from league.audit import audit_record
from league.capabilities import capability
from league.capabilities.rosters import Rosters
from league.errors import LeagueError, validation_refused
from league.models import Fixture, League, Round, Season, StandingRow, Team, TournamentGroup
from league.rulesets import ruleset_for
from league.services.playoffs import knockout_round_create
from league.services.round_robin import round_robin
from league.services.seasons import season_create, season_enter_team, season_transition
from league.services.standings import standings_recompute
from league.services.teams import team_create

GROUP_SIZES = range(3, 7)
BRACKET_SIZES = (2, 4, 8, 16, 32)
MAX_FIELD = 64


def tournament_format_errors(group_count: int, group_qualifiers: int) -> dict[str, str]:
    """What is wrong with a tournament's format, by field: a winner needs a knockout whose
    field is a power of two, or a single group."""
    if not 0 <= group_count <= 16:
        return {"group_count": "Between 0 (no group stage) and 16 groups."}
    if group_count == 0:
        return {}
    if group_qualifiers == 0:
        if group_count > 1:
            return {"group_qualifiers": "Without a knockout there must be one group to win."}
        return {}
    if not 1 <= group_qualifiers <= 5:
        return {"group_qualifiers": "Between 1 and 5 of each group go through."}
    if group_count * group_qualifiers not in BRACKET_SIZES:
        return {
            "group_qualifiers": f"{group_count} groups × {group_qualifiers} make a knockout of "
            f"{group_count * group_qualifiers}; a bracket needs 2, 4, 8, 16 or 32 teams."
        }
    return {}


def _refuse_format(group_count: int, group_qualifiers: int) -> None:
    errors = tournament_format_errors(group_count, group_qualifiers)
    if errors:
        raise LeagueError(" ".join(errors.values()), code="invalid_format", fields=errors)


def tournament_create(
    *,
    league: League,
    name: str,
    actor: Actor,
    group_count: int = 4,
    group_qualifiers: int = 2,
    starts_on: datetime.date | None = None,
    days_between_rounds: int = 1,
    double_round_robin: bool = False,
    counts_for_careers: bool = True,
) -> Season:
    """A draft tournament in `league`; its rules start from the league's latest season."""
    require_commissioner(user=actor, league=league)
    _refuse_format(group_count, group_qualifiers)
    with transaction.atomic():
        try:
            season = season_create(
                league=league,
                name=name,
                actor=actor,
                starts_on=starts_on,
                double_round_robin=double_round_robin,
                days_between_rounds=days_between_rounds,
                playoff_teams=0,
            )
        except ValidationError as invalid:
            raise validation_refused(invalid) from None
        season.format = Season.Format.TOURNAMENT
        season.group_count = group_count
        season.group_qualifiers = group_qualifiers
        season.counts_for_careers = counts_for_careers
        season.save(
            update_fields=["format", "group_count", "group_qualifiers", "counts_for_careers"]
        )
        audit_record(
            actor=actor,
            action="tournament.create",
            obj=season,
            league=league,
            message=f"{season}: {_describe(season)}",
            after={
                "group_count": group_count,
                "group_qualifiers": group_qualifiers,
                "counts_for_careers": counts_for_careers,
            },
        )
    return season


def _describe(season: Season) -> str:
    if not season.group_count:
        return "a knockout of the whole field"
    groups = f"{season.group_count} group{'s' if season.group_count > 1 else ''}"
    if not season.group_qualifiers:
        return f"{groups}, its leader wins"
    return f"{groups}, the top {season.group_qualifiers} of each to a knockout"


def _lock(tournament: Season, actor: Actor) -> Season:
    locked = (
        Season.objects.select_for_update(of=("self",))
        .select_related("league")
        .get(pk=tournament.pk)
    )
    require_commissioner(user=actor, league=locked.league)
    if not locked.is_tournament:
        raise LeagueError(f"{locked} is a league season, not a tournament.", code="not_tournament")
    return locked


def _require_entries_open(locked: Season) -> None:
    if (refusal := tournament_entries_refusal(tournament=locked)) is not None:
        raise refusal


# --- may it run, and why not: the services refuse with these, the admin offers by them ------


def tournament_entries_refusal(*, tournament: Season) -> LeagueError | None:
    """Why no team may enter the tournament now (None: one may): a draft without groups
    drawn, its field not full."""
    if not tournament.is_tournament:
        return LeagueError(
            f"{tournament} is a league season, not a tournament.", code="not_tournament"
        )
    if tournament.status != Season.Status.DRAFT:
        return LeagueError(f"{tournament} has started: its field is fixed.", code="field_fixed")
    if TournamentGroup.objects.filter(season=tournament).exists():
        return LeagueError(
            f"The groups of {tournament} are drawn: entries are closed.", code="groups_drawn"
        )
    if StandingRow.objects.filter(season=tournament).count() >= MAX_FIELD:
        return LeagueError(f"{tournament} has its {MAX_FIELD} teams.", code="field_full")
    return None


def tournament_knockout_refusal(*, tournament: Season) -> LeagueError | None:
    """Why the knockout may not start now (None: it may): a tournament in its group stage
    that has a knockout, every group game played."""
    if not tournament.is_tournament:
        return LeagueError(
            f"{tournament} is a league season, not a tournament.", code="not_tournament"
        )
    if tournament.status != Season.Status.ACTIVE:
        return LeagueError(f"{tournament} is not in its group stage.", code="bad_transition")
    if tournament.group_count and not tournament.group_qualifiers:
        return LeagueError(
            f"{tournament} has no knockout: finish it to crown its group's leader.",
            code="no_knockout",
        )
    left = (
        Fixture.objects.filter(round__season=tournament, round__stage=Round.Stage.REGULAR)
        .exclude(status=Fixture.Status.PLAYED)
        .count()
    )
    if left:
        return LeagueError(
            f"{left} group game{'s' if left > 1 else ''} still to play.",
            code="season_unfinished",
        )
    return None


def _next_seed(locked: Season) -> int:
    return (StandingRow.objects.filter(season=locked).aggregate(top=Max("seed"))["top"] or 0) + 1


def tournament_enter_team(
    *, tournament: Season, team: Team, actor: Actor, seed: int | None = None
) -> StandingRow:
    """Enter a team of the league. Seeds (the draw's pots, or the bracket without groups)
    follow the order of entry unless given."""
    with transaction.atomic():
        # Locks the tournament: its field and seeds change one entry at a time.
        locked = _lock(tournament, actor)
        _require_entries_open(locked)
        if team.guest_of_id is not None and team.guest_of_id != locked.pk:
            raise LeagueError(
                f"{team} is a guest team of another tournament.", code="guest_elsewhere"
            )
        if StandingRow.objects.filter(season=locked, team=team).exists():
            raise LeagueError(f"{team} is already in {locked}.", code="already_entered")
        if seed is not None and StandingRow.objects.filter(season=locked, seed=seed).exists():
            raise LeagueError(f"Seed {seed} is taken.", code="seed_taken", field="seed")
        row = season_enter_team(season=locked, team=team, actor=actor)
        row.seed = seed or _next_seed(locked)
        row.save(update_fields=["seed"])
        audit_record(
            actor=actor,
            action="tournament.enter_team",
            obj=row,
            league=locked.league,
            message=f"{team} entered {locked} as seed {row.seed}",
            after={"team": team.pk, "seed": row.seed},
        )
    return row


def tournament_add_guest_team(
    *,
    tournament: Season,
    name: str,
    short_name: str,
    actor: Actor,
    colour: str = "#6e7781",
    **options: Any,
) -> Team:
    """A guest team created for the tournament by the league's ruleset, with the game's own
    creation `options` (e.g. its players rolled by its rules: the dice, or the faces when
    its coaches roll creation at the table), entered as the next seed. It plays no league
    season."""
    with transaction.atomic():
        # Locks the tournament: its field and seeds change one entry at a time.
        locked = _lock(tournament, actor)
        _require_entries_open(locked)
        try:
            ruleset = ruleset_for(locked.league)
            team = capability(ruleset, Rosters).guest_team_create(
                season=locked,
                name=name,
                short_name=short_name,
                actor=actor,
                colour=colour,
                **options,
            ) or team_create(
                season=locked, name=name, short_name=short_name, actor=actor, colour=colour
            )
        except ValidationError as invalid:
            raise validation_refused(invalid) from None
        team.guest_of = locked
        team.save(update_fields=["guest_of"])
        row = StandingRow.objects.get(season=locked, team=team)
        row.seed = _next_seed(locked)
        row.save(update_fields=["seed"])
        audit_record(
            actor=actor,
            action="tournament.guest_team",
            obj=team,
            league=locked.league,
            message=f"Guest team {team} entered {locked} as seed {row.seed}",
            after={"team": team.pk, "seed": row.seed},
        )
    return team


def _group_name(number: int) -> str:
    return f"Group {chr(ord('A') + number - 1)}"


def tournament_draw_groups(
    *, tournament: Season, actor: Actor, seed: int | None = None
) -> list[TournamentGroup]:
    """Draw the field into the tournament's groups from seeded pots: the top seeds one to a
    group, then each next pot of seeds drawn at random across the groups (the seed is
    recorded). Redrawn freely until the group schedule exists."""
    with transaction.atomic():
        # Locks the tournament: one draw at a time, and none once the schedule exists.
        locked = _lock(tournament, actor)
        if locked.status != Season.Status.DRAFT:
            raise LeagueError(f"{locked} has started: its groups are fixed.", code="field_fixed")
        if not locked.group_count:
            raise LeagueError(
                f"{locked} has no group stage: its field goes straight to the knockout.",
                code="no_groups",
            )
        if Round.objects.filter(season=locked).exists():
            raise LeagueError(
                f"{locked} has its group schedule: the groups can no longer be redrawn.",
                code="schedule_exists",
            )
        rows = list(
            StandingRow.objects.filter(season=locked)
            .select_related("team")
            .order_by("seed", "team__name")
        )
        groups, teams = locked.group_count, len(rows)
        low, high = GROUP_SIZES[0] * groups, GROUP_SIZES[-1] * groups
        if not low <= teams <= high:
            raise LeagueError(
                f"{groups} groups of {GROUP_SIZES[0]} to {GROUP_SIZES[-1]} need {low} to {high} "
                f"teams; {locked} has {teams}.",
                code="field_size",
            )
        if locked.group_qualifiers >= teams // groups:
            raise LeagueError(
                f"The top {locked.group_qualifiers} of a group of {teams // groups} would be "
                "the whole group: enter more teams or fewer groups.",
                code="field_size",
            )
        seed = secrets.randbits(48) if seed is None else seed
        rng = random.Random(seed)
        TournamentGroup.objects.filter(season=locked).delete()
        drawn = TournamentGroup.objects.bulk_create(
            TournamentGroup(season=locked, number=n, name=_group_name(n))
            for n in range(1, groups + 1)
        )
        for start in range(0, teams, groups):
            pot = rows[start : start + groups]
            if start:  # The first pot, the top seeds, go one to a group in order.
                rng.shuffle(pot)
            for row, group in zip(
                pot, rng.sample(drawn, len(pot)) if start else drawn, strict=True
            ):
                row.group = group
        StandingRow.objects.bulk_update(rows, ["group"])
        locked.draw_seed = seed
        locked.save(update_fields=["draw_seed"])
        standings_recompute(season=locked)
        audit_record(
            actor=actor,
            action="tournament.draw",
            obj=locked,
            league=locked.league,
            message=f"{teams} teams drawn into {groups} groups",
            after={
                "seed": seed,
                "groups": {g.name: [r.team_id for r in rows if r.group_id == g.pk] for g in drawn},
            },
        )
    return drawn


def tournament_generate_schedule(*, tournament: Season, actor: Actor) -> list[Round]:
    """The group stage: a round robin in each group by the circle method (single or double),
    the groups' n-th rounds played together as the tournament's round n, dated from its start
    (all on one day when the days between rounds are 0)."""
    with transaction.atomic():
        # Locks the tournament: its rounds are written once, before it starts.
        locked = _lock(tournament, actor)
        if locked.status != Season.Status.DRAFT:
            raise LeagueError(f"{locked} has started: its schedule is fixed.", code="field_fixed")
        groups = list(TournamentGroup.objects.filter(season=locked).order_by("number"))
        if not groups:
            raise LeagueError(
                f"Draw the groups of {locked} first."
                if locked.group_count
                else f"{locked} has no group stage to schedule.",
                code="no_groups",
            )
        rounds_by_group = [
            round_robin(
                list(
                    StandingRow.objects.filter(season=locked, group=group)
                    .order_by("seed", "team__name")
                    .values_list("team_id", flat=True)
                ),
                double=locked.double_round_robin,
            )
            for group in groups
        ]
        count = max(len(rounds) for rounds in rounds_by_group)
        Round.objects.filter(season=locked).delete()
        rounds = Round.objects.bulk_create(
            Round(season=locked, number=n, starts_on=_round_date(locked, n))
            for n in range(1, count + 1)
        )
        Fixture.objects.bulk_create(
            Fixture(round=round_, home_team_id=home, away_team_id=away)
            for number, round_ in enumerate(rounds)
            for group_rounds in rounds_by_group
            if number < len(group_rounds)
            for home, away in group_rounds[number]
        )
        audit_record(
            actor=actor,
            action="tournament.schedule",
            obj=locked,
            league=locked.league,
            message=f"{len(rounds)} group-stage rounds for {len(groups)} groups",
            after={"rounds": len(rounds), "double_round_robin": locked.double_round_robin},
        )
    return rounds


def _round_date(season: Season, number: int) -> datetime.date | None:
    if season.starts_on is None:
        return None
    return season.starts_on + datetime.timedelta(days=(number - 1) * season.days_between_rounds)


def tournament_start(*, tournament: Season, actor: Actor) -> Season:
    """Start: the field, groups, schedule and rules are fixed from here on."""
    with transaction.atomic():
        # Locks the tournament: it starts once, with the field it has.
        locked = _lock(tournament, actor)
        teams = StandingRow.objects.filter(season=locked).count()
        if locked.group_count:
            if not TournamentGroup.objects.filter(season=locked).exists():
                raise LeagueError(f"Draw the groups of {locked} first.", code="no_groups")
            if not Round.objects.filter(season=locked).exists():
                raise LeagueError(
                    f"Generate the group schedule of {locked} first.", code="no_schedule"
                )
        elif teams not in BRACKET_SIZES:
            raise LeagueError(
                f"A knockout of the whole field needs 2, 4, 8, 16 or 32 teams; {locked} has "
                f"{teams}.",
                code="field_size",
            )
        return season_transition(season=locked, to=Season.Status.ACTIVE, actor=actor)


def tournament_knockout_start(*, tournament: Season, actor: Actor) -> Round:
    """The knockout's first round. With groups: the top N of each group once every group
    game is played, seeded by their place in the group, then group order (A1, B1, …, A2,
    B2, …); without: the field by its seeds. Seed 1 meets the last seed, 2 the one before,
    and so on, the higher seed at home, so group winners meet runners-up and seeds 1 and 2
    can meet only in the final."""
    with transaction.atomic():
        # Locks the tournament: the bracket is drawn once.
        locked = _lock(tournament, actor)
        if (refusal := tournament_knockout_refusal(tournament=locked)) is not None:
            raise refusal
        rows = StandingRow.objects.filter(season=locked)
        if locked.group_count:
            qualifiers = list(
                rows.filter(position__lte=locked.group_qualifiers).order_by(
                    "position", "group__number"
                )
            )
        else:
            qualifiers = list(rows.order_by("seed", "team__name"))
        if len(qualifiers) not in BRACKET_SIZES:
            raise LeagueError(
                f"A knockout needs 2, 4, 8, 16 or 32 teams; {len(qualifiers)} go through.",
                code="field_size",
            )
        for number, row in enumerate(qualifiers, start=1):
            row.bracket_seed = number
        StandingRow.objects.bulk_update(qualifiers, ["bracket_seed"])
        seeds = [row.team_id for row in qualifiers]
        season_transition(season=locked, to=Season.Status.PLAYOFFS, actor=actor)
        first = knockout_round_create(
            season=locked, pairs=[(seeds[i], seeds[-1 - i]) for i in range(len(seeds) // 2)]
        )
        audit_record(
            actor=actor,
            action="tournament.knockout",
            obj=locked,
            league=locked.league,
            message=f"Knockout of {len(seeds)} drawn",
            after={"seeds": seeds},
        )
    return first
